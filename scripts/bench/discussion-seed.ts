// The discussion figures' data (issue 36), seeded in the SQLite file before db:copy moves it into
// PostgreSQL: 2,000 Architects, one video lesson in the first module with 10,000 top-level comments
// (a tenth with two replies, ten pinned, some held, hidden, answered or deleted to a stub) written
// straight into the comments table with the renderer's own html, and 10,000 course mails written
// through the outbox's own enqueueMail, parked a year ahead until the outbox figure releases them.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CommentStatus } from '../../shared/discussion';
import { createLesson, readCourseTree } from '../../server/course/content/content-data';
import { renderComment } from '../../server/discussion/comment-markdown';
import { openDatabase } from '../../server/db/client';
import { courseLessons, users } from '../../server/db/schema';
import { transaction } from '../../server/db/transaction';
import { PendingEvents } from '../../server/events/after-commit';
import { enqueueMail, OUTBOX_JOB } from '../../server/jobs/outbox-data';
import { seedMembers } from './course-seed';
import { siteFile } from './course-sites';

export const MEMBERS = 2_000;
export const TOP_LEVEL_COMMENTS = 10_000;
export const MAILS = 10_000;
/** Every mail's key starts so; its body carries the key, for the catcher to count by. */
const MAIL_KEY_PREFIX = 'bench-mail-';
export const MAIL_KEY_PATTERN = /bench-mail-\d+/;
/** When the parked mails' jobs fall due, unless released: a year from the seed. */
const PARKED_FOR_MS = 365 * 86_400_000;

export interface DiscussionSeed {
  lessonId: string;
  /** The seeded members in seed order. */
  emails: string[];
  mailKeys: string[];
}

/** The lesson's comments, newest last, one a minute back from now. */
function seedComments(handle: ReturnType<typeof openDatabase>, lessonId: string, authorIds: string[]): number {
  const insert = handle.sqlite.prepare(
    `insert into comments (id, lesson_id, parent_id, author_id, body, html, at_seconds, created_at, edited_at, status, answered, pinned, reported_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, null, ?, ?, ?, null)`,
  );
  const now = Date.now();
  let rows = 0;
  const write = (row: {
    id: string;
    parentId: string | null;
    authorId: string | null;
    body: string;
    at: number | null;
    createdAt: number;
    status: CommentStatus;
    answered: boolean;
    pinned: boolean;
  }) => {
    insert.run(
      row.id,
      lessonId,
      row.parentId,
      row.authorId,
      row.body,
      row.body ? renderComment(row.body) : '',
      row.at,
      row.createdAt,
      row.status,
      row.answered ? 1 : 0,
      row.pinned ? 1 : 0,
    );
    rows++;
  };
  handle.sqlite.transaction(() => {
    for (let i = 0; i < TOP_LEVEL_COMMENTS; i++) {
      const id = randomUUID();
      const createdAt = now - (TOP_LEVEL_COMMENTS - i) * 60_000;
      const withReplies = i % 10 === 1;
      // Held ones wait for their author and admins, hidden ones for admins; a deleted one with replies stays as a stub.
      const status: CommentStatus = i % 100 === 3 ? 'held' : i % 100 === 7 ? 'hidden' : withReplies && i % 200 === 11 ? 'deleted' : 'visible';
      const stub = status === 'deleted';
      write({
        id,
        parentId: null,
        authorId: stub ? null : authorIds[(i * 7) % authorIds.length]!,
        body: stub ? '' : `At **minute ${i % 60}** the \`observer\` part lost me: is it [this one](https://example.com/notes/${i})? Comment ${i}.`,
        at: stub || i % 3 !== 0 ? null : (i * 37) % 3600,
        createdAt,
        status,
        answered: i % 40 === 0,
        pinned: i % 1000 === 500,
      });
      if (!withReplies) continue;
      for (let r = 1; r <= 2; r++)
        write({
          id: randomUUID(),
          parentId: id,
          authorId: authorIds[(i * 7 + r) % authorIds.length]!,
          body: `It is the *second* one, reply ${r} to comment ${i}.`,
          at: null,
          createdAt: createdAt + r * 1000,
          status: 'visible',
          answered: false,
          pinned: false,
        });
    }
  })();
  return rows;
}

/** The mails, through enqueueMail, five a member, their jobs due a year from now. */
async function seedParkedMails(db: ReturnType<typeof openDatabase>['db'], userIds: string[]): Promise<string[]> {
  const parkedUntil = Date.now() + PARKED_FOR_MS;
  const keys = Array.from({ length: MAILS }, (_, n) => `${MAIL_KEY_PREFIX}${String(n).padStart(5, '0')}`);
  await transaction(db, async (tx) => {
    for (const [n, key] of keys.entries()) {
      const mail = {
        key,
        userId: userIds[n % userIds.length]!,
        kind: 'comment.reply' as const,
        subject: 'A reply to your comment',
        paragraphs: [`Someone replied (${key}).`],
      };
      if (!(await enqueueMail(tx, mail, undefined, parkedUntil))) throw new Error(`the mail ${key} was written before`);
    }
  });
  return keys;
}

/** Releases the parked mails: their jobs due at the moment given. */
export const RELEASE_MAILS = `update jobs set run_after = ? where type = '${OUTBOX_JOB}' and key like 'mail:${MAIL_KEY_PREFIX}%'`;
/** Which process sent how many of the mails (the queue keeps each done job's worker for a week). */
export const MAIL_WORKERS = `select worker, count(*) as n from jobs where type = '${OUTBOX_JOB}' and key like 'mail:${MAIL_KEY_PREFIX}%' and state = 'done' group by worker`;
export const MAILS_SENT = `select count(*) as n from mail_outbox where key like '${MAIL_KEY_PREFIX}%' and state = 'sent'`;

export async function seedDiscussion(dataDir: string): Promise<DiscussionSeed> {
  const started = performance.now();
  const handle = openDatabase(siteFile(dataDir));
  try {
    const emails = await seedMembers(handle.db, MEMBERS);
    const userIds = handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'user'))
      .orderBy(sql`rowid`)
      .all()
      .map((row) => row.id);
    const tree = await readCourseTree(handle.db);
    const lesson = await transaction(handle.db, (tx) =>
      createLesson(tx, new PendingEvents(), {
        moduleId: tree.modules[0]!._id,
        title: 'The observer, discussed',
        summary: 'A lecture',
        body: 'Watch it.',
        kind: 'video',
        published: true,
      }),
    );
    if (lesson === 'no-module') throw new Error('the first module is gone');
    await handle.db.update(courseLessons).set({ durationSeconds: 3600 }).where(eq(courseLessons.id, lesson._id));
    const comments = seedComments(handle, lesson._id, userIds);
    const mailKeys = await seedParkedMails(handle.db, userIds);
    handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      `seeded ${userIds.length.toLocaleString('en')} members, ${comments.toLocaleString('en')} comments on one lesson and ${mailKeys.length.toLocaleString('en')} parked mails ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return { lessonId: lesson._id, emails: emails.slice(0, MEMBERS), mailKeys };
  } finally {
    handle.close();
  }
}
