// The ten modules of the Architect course (spec §2), shown on the courses page and the dashboard.

export interface CourseModule {
  title: string;
  description: string;
}

export const COURSE_MODULES: readonly CourseModule[] = [
  {
    title: 'Beyond Newton',
    description: 'Leave the clockwork universe behind and meet a reality made of possibility rather than parts.',
  },
  {
    title: 'The Observer Is The Operator',
    description: 'Discover how the quality of your attention shapes what you are able to experience.',
  },
  {
    title: 'The Science of Resonance & Frequency',
    description: 'Learn how emotion and intention set the tone you broadcast, and what answers back.',
  },
  {
    title: "Superposition: The Power of 'And'",
    description: 'Hold more than one truth at once and let go of the either-or thinking that keeps you small.',
  },
  {
    title: 'Collapsing the Wave',
    description: 'Turn open potential into lived reality through clear choice and committed action.',
  },
  {
    title: 'Entanglement, Synchronicity, and the Relational Field',
    description: 'Explore the threads that connect you to others, and read the meaning in meaningful coincidence.',
  },
  {
    title: 'Individuation & The Integration of Shadow',
    description: 'Welcome home the disowned parts of yourself and become whole rather than merely good.',
  },
  {
    title: 'Crafting Timelines',
    description: 'Imagine your future self in detail and practise walking toward them, one decision at a time.',
  },
  {
    title: 'The Quantum Body',
    description: 'Bring breath, nervous system and sensation into the work, so that change is felt and not only thought.',
  },
  {
    title: 'Living in Sovereignty: Embodiment and Service',
    description: 'Carry what you have learned into everyday life, and offer it outward in service to others.',
  },
];
