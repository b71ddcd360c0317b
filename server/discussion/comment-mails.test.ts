// CONTRACT §9 "Mail that members asked for, sent once": the discussion's two mails, written to
// the outbox with their cause and sent by the site's own queue to a real SMTP catcher, on a real
// database (SQLite, and PostgreSQL in the postgres project): a reply by someone else mails the
// thread's author once an hour per thread, their own never, a held one when it is let through,
// none to a member who left the list; a question marked answered mails once.
import { eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../shared/discussion';
import { closeAdminApp, ROOT_ADMIN, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../tests/support/course-site';
import type { CaughtMail } from '../../tests/support/smtp-catcher';
import { TEST_APP_URL } from '../../tests/support/test-app';
import { mailOutbox, users } from '../db/schema';
import { answeredMailKey } from './comment-mails';

let site: AdminApp | undefined;
let course: CourseSite;

async function start(env: Record<string, string> = { COMMENTS_REVIEW_FIRST: 'false' }) {
  site = await startAdminApp({ smtp: true, env, build: { jobs: { pollMs: 50 } } });
  course = courseSite(site);
  await site.db.db.update(users).set({ emailVerified: true }).where(eq(users.email, ROOT_ADMIN.email));
}
afterEach(async () => {
  if (site) await closeAdminApp(site);
  site = undefined;
});

async function member(email: string) {
  const made = await course.member(email);
  await site!.db.db.update(users).set({ emailVerified: true }).where(eq(users.id, made.id));
  return made;
}

async function lesson() {
  const module = await course.createModule({ title: 'Foundations', published: true });
  return course.createLesson({ moduleId: module._id, title: 'Welcome', freePreview: true });
}

async function post(lessonId: string, body: Record<string, unknown>, token: string) {
  const res = await course.api('POST', `/api/course/lessons/${lessonId}/comments`, body, token);
  expect(res.status, res.raw).toBe(201);
  return (res.body as { comment: Comment }).comment;
}

/** The outbox rows of the discussion's mails: key and state. */
async function outbox() {
  const rows = await site!.db.db.select({ key: mailOutbox.key, state: mailOutbox.state, userId: mailOutbox.userId }).from(mailOutbox);
  return rows.filter((row) => row.key.startsWith('reply:') || row.key.startsWith('answered:'));
}

/** Waits until every discussion row of the outbox is past pending. */
async function settled(timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await outbox();
    if (rows.every((row) => row.state !== 'pending' && row.state !== 'sending')) return rows;
    if (Date.now() > deadline) throw new Error(`outbox still pending: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** `reply:{threadId}:{UTC hour}`, whichever hour the test ran in. */
const replyKey = (threadId: string) => expect.stringMatching(new RegExp(`^reply:${threadId}:\\d{4}-\\d\\d-\\d\\dT\\d\\d$`));

const courseMails = (to: string): CaughtMail[] => site!.t.smtp!.mails.filter((mail) => mail.body.includes('List-Unsubscribe-Post') && mail.to.includes(to));

describe('comment.reply', () => {
  it('mails the thread’s author of a reply by someone else, once a thread an hour, never of their own, linking to the lesson at the thread', async () => {
    await start();
    const welcome = await lesson();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const question = await post(welcome._id, { body: 'Why does the wave collapse?' }, ann.token);
    await post(welcome._id, { body: 'My own follow-up', parentId: question._id }, ann.token);
    await post(welcome._id, { body: 'Because someone looked.', parentId: question._id }, bob.token);
    await post(welcome._id, { body: 'And again.', parentId: question._id }, bob.token);

    const rows = await settled();
    expect(rows).toEqual([{ key: replyKey(question._id), state: 'sent', userId: ann.id }]);
    const mails = courseMails('ann@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Because someone looked.');
    expect(mails[0]!.body).toContain(`${TEST_APP_URL}/course/${welcome._id}#comment-${question._id}`);
    // The link's page is the client's lesson route (client/src/app/routes.tsx: course/:lessonId).
    expect(courseMails('bob@example.com')).toEqual([]);
  });

  it('sends nothing to a member who turned replies off', async () => {
    await start();
    const welcome = await lesson();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    expect((await course.api('PUT', '/api/account/mail', { replies: false, courseUpdates: true }, ann.token)).status).toBe(200);
    const question = await post(welcome._id, { body: 'Anyone?' }, ann.token);
    await post(welcome._id, { body: 'Me.', parentId: question._id }, bob.token);
    expect(await settled()).toEqual([{ key: replyKey(question._id), state: 'skipped', userId: ann.id }]);
    expect(courseMails('ann@example.com')).toEqual([]);
  });

  it('mails of a held reply only once an admin lets it through', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'true' });
    const welcome = await lesson();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const question = await post(welcome._id, { body: 'Anyone?' }, ann.token);
    await course.api('PUT', `/api/admin/comments/${question._id}`, { status: 'visible' });
    const reply = await post(welcome._id, { body: 'Me, held.', parentId: question._id }, bob.token);
    expect(reply.status).toBe('held');
    expect(await outbox()).toEqual([]);
    await course.api('PUT', `/api/admin/comments/${reply._id}`, { status: 'visible' });
    expect(await settled()).toEqual([{ key: replyKey(question._id), state: 'sent', userId: ann.id }]);
    expect(courseMails('ann@example.com')).toHaveLength(1);
  });
});

describe('comment.answered', () => {
  it('mails the author once when an admin marks their question answered, however often it is marked again', async () => {
    await start();
    const welcome = await lesson();
    const ann = await member('ann@example.com');
    const question = await post(welcome._id, { body: 'What is a qubit?' }, ann.token);
    for (const answered of [true, false, true]) {
      const res = await course.api('PUT', `/api/admin/comments/${question._id}`, { answered });
      expect(res.status, res.raw).toBe(200);
    }
    expect(await settled()).toEqual([{ key: answeredMailKey(question._id), state: 'sent', userId: ann.id }]);
    const mails = courseMails('ann@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('What is a qubit?');
    expect(mails[0]!.body).toContain(`${TEST_APP_URL}/course/${welcome._id}#comment-${question._id}`);
    expect(await site!.db.db.select().from(mailOutbox).where(like(mailOutbox.key, 'answered:%'))).toHaveLength(1);
  });
});
