// Seeds course data for the course figures (issue 26), in bulk and in the SQLite file first: the
// members and lessons go through the same structures the product writes (seedUsers' users, the
// course's own data functions for lessons, files and caption cues), then db:copy moves them into
// PostgreSQL, so that both dialects answer the same data; the 4,000,000 progress rows are the one
// part written by a single INSERT ... SELECT in each database itself (a minute, not ten).
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';
import { inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../server/db/client';
import { courseLessons, users } from '../../server/db/schema';
import { transaction } from '../../server/db/transaction';
import { readCaptionCues } from '../../server/course/files/captions';
import { createLesson, readCourseTree } from '../../server/course/content/content-data';
import { contentTypeOf } from '../../server/course/files/file-types';
import { storedNameOf } from '../../server/course/files/files-disk';
import { addFile } from '../../server/course/files/files-data';
import { PendingEvents } from '../../server/events/after-commit';
import { seedUsers } from './seed-users';
import { seededRandom } from './stats';

/** Every seeded member's password. */
export const MEMBER_PASSWORD = 'bench member password';

/**
 * An argon2id hash of MEMBER_PASSWORD at 1 MiB and one pass instead of the product's 19 MiB and two:
 * argon2.verify reads its cost from the hash, so the real sign-in route answers 2,000 sign-ins in
 * seconds instead of minutes, and nothing in the product changes for it.
 */
export const cheapMemberHash = () => argon2.hash(MEMBER_PASSWORD, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 });

/**
 * `count` members (seedUsers' people), all active Architects since their sign-up, with the cheap
 * hash; their emails in seed order. seedUsers' few admins become members too: the figures are a
 * member's.
 */
export async function seedMembers(db: Db, count: number): Promise<string[]> {
  const hash = await cheapMemberHash();
  seedUsers(db.$client, count);
  db.$client
    .prepare(`update users set role = 'user', status = 'active', membership_tier = 'paid', paid_since = created_at, paid_via = 'hand', password_hash = ?`)
    .run(hash);
  return db
    .select({ email: users.email })
    .from(users)
    .orderBy(sql`rowid`)
    .all()
    .map((row) => row.email);
}

const events = new PendingEvents();

/** `perModule` published lessons of `kind` in each of the ten seeded modules, through the course's own data function. */
async function addLessons(db: Db, perModule: number, lesson: (n: number) => { title: string; summary: string; body: string }): Promise<string[]> {
  const tree = await readCourseTree(db);
  const ids: string[] = [];
  await transaction(db, async (tx) => {
    for (let i = 0; i < perModule; i++) {
      for (const module of tree.modules) {
        const created = await createLesson(tx, events, { moduleId: module._id, kind: 'video', published: true, ...lesson(ids.length) });
        if (created === 'no-module') throw new Error(`module ${module._id} is gone`);
        ids.push(created._id);
      }
    }
  });
  return ids;
}

/**
 * 40 published one-hour video lessons, 4 in each module: the course the progress figures count.
 * The duration is what a one-hour media upload sets; the media file itself plays no part in a save.
 */
export async function seedProgressLessons(db: Db): Promise<string[]> {
  const ids = await addLessons(db, 4, (n) => ({ title: `Lesson ${n + 1}`, summary: 'A lecture', body: 'Watch the lecture.' }));
  await db.update(courseLessons).set({ durationSeconds: 3600 }).where(inArray(courseLessons.id, ids));
  return ids;
}

// Each member has a row for every lesson: a third complete, the rest part-played, at positions and
// times spread by a hash of the two ids. Sorted by the primary key, so that its index is appended
// to rather than split 4 million times at random places.
const PROGRESS_SELECT_SQLITE = `
  insert into course_progress (user_id, lesson_id, position_seconds, played_seconds, completed_at, updated_at)
  select u.id, l.id, (u.rowid * 7 + l.position * 13) % 3600, (u.rowid * 11 + l.position * 5) % 3600,
    case when (u.rowid + l.position) % 3 = 0 then ? - (u.rowid * 997) % 8640000000 end, ? - (u.rowid * 991 + l.position) % 8640000000
  from users u cross join course_lessons l
  order by u.id, l.id`;

const PROGRESS_SELECT_POSTGRES = `
  insert into course_progress (user_id, lesson_id, position_seconds, played_seconds, completed_at, updated_at)
  select u.id, l.id, (u.n * 7 + l.position * 13) % 3600, (u.n * 11 + l.position * 5) % 3600,
    case when (u.n + l.position) % 3 = 0 then $1::bigint - (u.n * 997) % 8640000000 end, $1::bigint - (u.n * 991 + l.position) % 8640000000
  from (select id, row_number() over (order by created_at) as n from users) u cross join course_lessons l
  order by u.id, l.id`;

/** Every user times every lesson of the SQLite file, in one transaction. */
export function seedProgressRowsSqlite(db: Db, now = Date.now()): number {
  // A page cache of 1 GiB for this connection alone: the lesson index takes its rows in no order,
  // and with the site's 64 MiB its pages would be read back from the file again and again.
  db.$client.pragma('cache_size = -1048576');
  const run = db.$client.transaction(() => db.$client.prepare(PROGRESS_SELECT_SQLITE).run(now, now).changes);
  // No ANALYZE: the site never runs one, so its planner works without statistics, and so does this.
  return run();
}

/**
 * The same rows on PostgreSQL, then VACUUM ANALYZE, as autovacuum leaves a table that has settled.
 * The insights' triggers are off for the load and their totals rebuilt once after it, as db:copy
 * does (decision 032): a trigger per row would update each lesson's totals row 100,000 times in one
 * transaction, which PostgreSQL slows down on with every version of a row it adds.
 */
export async function seedProgressRowsPostgres(client: pg.Client, now = Date.now()): Promise<number> {
  await client.query('begin');
  try {
    await client.query('alter table course_progress disable trigger user');
    const { rowCount } = await client.query(PROGRESS_SELECT_POSTGRES, [now]);
    await client.query('select course_insights_rebuild()');
    await client.query('alter table course_progress enable trigger user');
    await client.query('commit');
    await client.query('vacuum (analyze) course_progress');
    return rowCount ?? 0;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

// ——— Transcripts for the search ———

const OPENERS = [
  'So',
  'Now',
  'And',
  'Remember,',
  'In practice,',
  'Notice that',
  'Here',
  'Think about how',
  'Of course,',
  'Today',
  'Once again,',
  'For a moment,',
];
const SUBJECTS = [
  'the observer',
  'your attention',
  'the wave function',
  'every particle',
  'the field',
  'a clear intention',
  'the body',
  'your breath',
  'the old habit',
  'a single choice',
  'the nervous system',
  'our experiment',
  'the quiet mind',
  'a new belief',
  'the electron',
  'this practice',
  'the heart',
  'your morning routine',
];
const VERBS = [
  'shapes',
  'changes',
  'reflects',
  'collapses into',
  'resonates with',
  'interferes with',
  'amplifies',
  'quiets',
  'measures',
  'holds',
  'returns to',
  'becomes',
  'chooses',
  'remembers',
  'opens',
  'follows',
];
const OBJECTS = [
  'what you notice next',
  'the pattern underneath',
  'a possibility you had not seen',
  'the energy in the room',
  'the story you tell yourself',
  'the same result again',
  'a calmer frequency',
  'the probability of change',
  'the space between two thoughts',
  'what Heisenberg described',
  'the outcome of the experiment',
  'a feeling of coherence',
  'the moment before a decision',
  'the whole system',
  'your sense of time',
  'a measurable difference',
];
const CLOSERS = [
  '.',
  ', and that is the point.',
  ', which matters more than it seems.',
  ' over and over.',
  ', even when nobody is watching.',
  ' in less than a second.',
  ', as the double slit shows.',
  ', step by step.',
  ' without any effort at all.',
  ', and we will come back to this.',
  ' through the qi of the breath.',
];

/** Spoken once in the whole course: the rare phrase the bench searches for. */
export const RARE_PHRASE = 'a violin made of frozen starlight';
/** In one lesson's transcript, and where in it (cue number): late, as a phrase a member half remembers. */
const RARE_LESSON = 357;
const RARE_CUE = 612;

/** About one hour of speech: 900 cues of 4 s, each a sentence or two of lecture. */
export const CUES_PER_TRANSCRIPT = 900;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const timestamp = (seconds: number) => `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.000`;

/** A lesson's one-hour WebVTT transcript, the same on every run. */
export function transcriptVtt(lesson: number): string {
  const next = seededRandom(1000 + lesson);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const sentence = () => `${pick(OPENERS)} ${pick(SUBJECTS)} ${pick(VERBS)} ${pick(OBJECTS)}${pick(CLOSERS)}`;
  const lines = ['WEBVTT', ''];
  for (let cue = 0; cue < CUES_PER_TRANSCRIPT; cue++) {
    const text =
      lesson === RARE_LESSON && cue === RARE_CUE
        ? `Picture ${RARE_PHRASE}, humming at the edge of hearing.`
        : next() < 0.3
          ? `${sentence()} ${sentence()}`
          : sentence();
    lines.push(String(cue + 1), `${timestamp(cue * 4)} --> ${timestamp(cue * 4 + 4)}`, next() < 0.2 ? `<v Lecturer>${text}</v>` : text, '');
  }
  return lines.join('\n');
}

/**
 * 400 published video lessons (40 in each module), each with a one-hour English transcript: the
 * file written into `filesRoot` as an upload leaves it, its row and its cues (read by the product's
 * own parser) through the upload's own data function, the lessons' searched text through
 * createLesson. Returns the number of cues.
 */
export async function seedSearchLessons(db: Db, filesRoot: string): Promise<number> {
  const body = (n: number) =>
    [
      `## What this lecture covers`,
      '',
      `Lecture ${n + 1} of the course, with **exercises** and a short _reflection_ at the end.`,
      '',
      '- watch',
      '- practise',
      '- note',
    ].join('\n');
  const ids = await addLessons(db, 40, (n) => ({ title: `Lecture ${n + 1}`, summary: 'One hour with the transcript beside it.', body: body(n) }));
  let cues = 0;
  for (const [n, lessonId] of ids.entries()) {
    const vtt = transcriptVtt(n);
    const parsed = readCaptionCues(vtt)!;
    const id = randomUUID();
    const storedName = storedNameOf(id, 'vtt');
    writeFileSync(path.join(filesRoot, storedName), vtt);
    const file = {
      id,
      lessonId,
      role: 'captions' as const,
      name: `lecture-${n + 1}.en.vtt`,
      storedName,
      size: Buffer.byteLength(vtt),
      contentType: contentTypeOf('vtt'),
      lang: 'en',
      label: 'English',
      width: null,
      height: null,
      createdAt: Date.now(),
    };
    await transaction(db, (tx) => addFile(tx, events, { file, cues: parsed }));
    cues += parsed.length;
  }
  return cues;
}
