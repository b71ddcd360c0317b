// The ten modules of spec §2 that a fresh install, and an upgrade of an install without a course,
// starts with (CONTRACT §4 "Content"): put in by the migration that made the course's tables
// (drizzle/0010_course.sql, drizzle-pg/0004_course.sql), which hold these same ids, titles and
// time; server/course/content/course-seed.test.ts holds the migrations to this list. db:copy leaves out of
// its check for an empty target the seeded rows that nobody has touched (copy-to-postgres.ts).
// The client shows the same outline until the server's answer (and the build prerenders /courses
// with it), so that a fresh install's first paint is already the truth.
import type { OutlineModule } from './course';

/** When the seeded rows were "created": a fixed time, so that an untouched seed row is recognised. */
export const COURSE_SEED_AT = 1_735_689_600_000; // 2025-01-01T00:00:00Z

export const COURSE_SEED_MODULES: ReadonlyArray<{ id: string; title: string; summary: string }> = [
  {
    id: '3c0f5e1a-0001-4000-8000-00000000c001',
    title: 'Beyond Newton',
    summary: 'Leave the clockwork universe behind and meet a reality made of possibility rather than parts.',
  },
  {
    id: '3c0f5e1a-0002-4000-8000-00000000c002',
    title: 'The Observer Is The Operator',
    summary: 'Discover how the quality of your attention shapes what you are able to experience.',
  },
  {
    id: '3c0f5e1a-0003-4000-8000-00000000c003',
    title: 'The Science of Resonance & Frequency',
    summary: 'Learn how emotion and intention set the tone you broadcast, and what answers back.',
  },
  {
    id: '3c0f5e1a-0004-4000-8000-00000000c004',
    title: "Superposition: The Power of 'And'",
    summary: 'Hold more than one truth at once and let go of the either-or thinking that keeps you small.',
  },
  {
    id: '3c0f5e1a-0005-4000-8000-00000000c005',
    title: 'Collapsing the Wave',
    summary: 'Turn open potential into lived reality through clear choice and committed action.',
  },
  {
    id: '3c0f5e1a-0006-4000-8000-00000000c006',
    title: 'Entanglement, Synchronicity, and the Relational Field',
    summary: 'Explore the threads that connect you to others, and read the meaning in meaningful coincidence.',
  },
  {
    id: '3c0f5e1a-0007-4000-8000-00000000c007',
    title: 'Individuation & The Integration of Shadow',
    summary: 'Welcome home the disowned parts of yourself and become whole rather than merely good.',
  },
  {
    id: '3c0f5e1a-0008-4000-8000-00000000c008',
    title: 'Crafting Timelines',
    summary: 'Imagine your future self in detail and practise walking toward them, one decision at a time.',
  },
  {
    id: '3c0f5e1a-0009-4000-8000-00000000c009',
    title: 'The Quantum Body',
    summary: 'Bring breath, nervous system and sensation into the work, so that change is felt and not only thought.',
  },
  {
    id: '3c0f5e1a-0010-4000-8000-00000000c010',
    title: 'Living in Sovereignty: Embodiment and Service',
    summary: 'Carry what you have learned into everyday life, and offer it outward in service to others.',
  },
];

/** The outline of an untouched install, as GET /api/course answers it to anyone. */
export const DEFAULT_OUTLINE: readonly OutlineModule[] = COURSE_SEED_MODULES.map(({ id, title, summary }, position) => ({
  _id: id,
  title,
  summary,
  position,
  opensAt: null,
  lessons: [],
}));
