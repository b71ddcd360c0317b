// CONTRACT §9: a lesson's comment event stream over real HTTP, on a real database (SQLite, and
// PostgreSQL in the postgres project): the refusals before the stream, `ready` at once, each
// change as the reader may see it (held ones to their author and admins only, hidden ones
// removed), a reply as its thread, and `closed` when the reader may no longer read.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Comment } from '../../shared/discussion';
import { closeAdminApp, ROOT_ADMIN, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { openCommentEvents, type CommentEventReader } from '../../tests/support/comment-events';
import { courseSite, type CourseSite } from '../../tests/support/course-site';
import { users } from '../db/schema';
import { MAX_STREAMS_PER_MEMBER, STREAM_MESSAGES } from './comment-streams';

let site: AdminApp | undefined;
let course: CourseSite;
let baseUrl: string;
const readers: CommentEventReader[] = [];

async function start(env: Record<string, string> = {}) {
  site = await startAdminApp({ env });
  course = courseSite(site);
  await site.db.db.update(users).set({ emailVerified: true }).where(eq(users.email, ROOT_ADMIN.email));
  baseUrl = await site.t.app.listen({ port: 0, host: '127.0.0.1' });
}
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  if (site) await closeAdminApp(site);
  site = undefined;
});

async function member(email: string, paid = false) {
  const made = await course.member(email, paid);
  await site!.db.db.update(users).set({ emailVerified: true }).where(eq(users.id, made.id));
  return made;
}

async function lessons() {
  const module = await course.createModule({ title: 'Foundations', published: true });
  const open = await course.createLesson({ moduleId: module._id, title: 'Welcome', freePreview: true });
  const paid = await course.createLesson({ moduleId: module._id, title: 'Inside' });
  return { open, paid };
}

async function post(lessonId: string, body: Record<string, unknown>, token: string) {
  const res = await course.api('POST', `/api/course/lessons/${lessonId}/comments`, body, token);
  expect(res.status, res.raw).toBe(201);
  return (res.body as { comment: Comment }).comment;
}

async function listen(lessonId: string, token: string | undefined) {
  const reader = await openCommentEvents(baseUrl, lessonId, token);
  readers.push(reader);
  return reader;
}

/** A stream that has said `ready`. */
async function ready(lessonId: string, token: string) {
  const reader = await listen(lessonId, token);
  expect(reader.status).toBe(200);
  expect(await reader.next()).toEqual({ event: 'ready', data: {} });
  return reader;
}

const commentOf = (event: { data: unknown }) => (event.data as { comment: Comment }).comment;

describe('the comment event stream', () => {
  it('refuses before the stream as the list does: 401 without a session, 403 for a locked lesson, 404 for none', async () => {
    await start();
    const { open, paid } = await lessons();
    const explorer = await member('ann@example.com');
    const anonymous = await listen(open._id, undefined);
    expect(anonymous.status).toBe(401);
    const locked = await listen(paid._id, explorer.token);
    expect([locked.status, locked.refusal]).toEqual([403, { message: 'This lesson is for Architects' }]);
    const missing = await listen('no-such-lesson', explorer.token);
    expect(missing.status).toBe(404);
    // The refusals are the list call's own.
    const list = await course.api('GET', `/api/course/lessons/${paid._id}/comments`, undefined, explorer.token);
    expect(list.body).toEqual(locked.refusal);
  });

  it('holds a member to ten open streams at once: the eleventh is a 429 in words, and one closed makes room', async () => {
    await start();
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const held = await Promise.all(Array.from({ length: MAX_STREAMS_PER_MEMBER }, () => ready(open._id, ann.token)));
    const refused = await listen(open._id, ann.token);
    expect([refused.status, refused.refusal]).toEqual([429, { message: STREAM_MESSAGES.tooMany }]);
    expect(refused.headers['retry-after']).toBe('30');
    // Another member is not held to ann's streams.
    await ready(open._id, bob.token);
    held[0]!.close();
    await expect.poll(async () => (await listen(open._id, ann.token)).status).toBe(200);
  });

  it('says ready at once, then brings another member’s comment within a second, with its replies as one thread', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const stream = await ready(open._id, bob.token);

    const postedAt = Date.now();
    const question = await post(open._id, { body: 'Why **now**?' }, ann.token);
    const first = await stream.next('comment', 1000);
    expect(Date.now() - postedAt).toBeLessThan(1000);
    expect(commentOf(first)).toMatchObject({ _id: question._id, html: question.html, author: { _id: ann.id }, body: null, replies: [] });

    const reply = await post(open._id, { body: 'Because.', parentId: question._id }, bob.token);
    const thread = commentOf(await stream.next('comment', 1000));
    expect(thread._id).toBe(question._id);
    expect(thread.replies.map((r) => [r._id, r.body])).toEqual([[reply._id, 'Because.']]);

    // An edit and a deletion of the reply are changes of the thread too.
    await course.api('PUT', `/api/course/comments/${reply._id}`, { body: 'Because, really.' }, bob.token);
    expect(commentOf(await stream.next('comment', 1000)).replies[0]!.body).toBe('Because, really.');
    await course.api('DELETE', `/api/course/comments/${reply._id}`, undefined, bob.token);
    expect(commentOf(await stream.next('comment', 1000)).replies).toEqual([]);
    // The question deleted without replies: removed.
    await course.api('DELETE', `/api/course/comments/${question._id}`, undefined, ann.token);
    expect((await stream.next('removed', 1000)).data).toEqual({ _id: question._id });
  });

  it('shows a held comment to its author and admins only, then to everyone once let through, and removes a hidden one', async () => {
    await start();
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const annStream = await ready(open._id, ann.token);
    const bobStream = await ready(open._id, bob.token);
    const adminStream = await ready(open._id, site!.adminToken);

    const held = await post(open._id, { body: 'First!' }, ann.token);
    expect(held.status).toBe('held');
    expect(commentOf(await annStream.next('comment', 1000))).toMatchObject({ _id: held._id, status: 'held', body: 'First!' });
    expect(commentOf(await adminStream.next('comment', 1000))).toMatchObject({ _id: held._id, status: 'held' });
    // Bob hears only that it is not his to see.
    expect((await bobStream.next(undefined, 1000)).data).toEqual({ _id: held._id });

    await course.api('PUT', `/api/admin/comments/${held._id}`, { status: 'visible' });
    expect(commentOf(await bobStream.next('comment', 1000))).toMatchObject({ _id: held._id, status: 'visible', body: null });

    await course.api('PUT', `/api/admin/comments/${held._id}`, { status: 'hidden' });
    expect(await bobStream.next(undefined, 1000)).toEqual({ event: 'removed', data: { _id: held._id } });
    expect((await annStream.next((e) => e.event === 'removed', 1000)).data).toEqual({ _id: held._id });
    expect(commentOf(await adminStream.next((e) => e.event === 'comment' && commentOf(e).status === 'hidden', 1000))._id).toBe(held._id);
  });

  it('closes the stream of a member downgraded from the lesson, or suspended, at the next event', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { paid } = await lessons();
    const ann = await member('ann@example.com', true);
    const bob = await member('bob@example.com', true);
    const cat = await member('cat@example.com', true);
    const bobStream = await ready(paid._id, bob.token);
    const catStream = await ready(paid._id, cat.token);
    await course.setUser('bob@example.com', { membershipTier: 'free' });
    await course.setUser('cat@example.com', { status: 'suspended' });

    await post(paid._id, { body: 'Anyone?' }, ann.token);
    expect(await bobStream.next(undefined, 1000)).toEqual({ event: 'closed', data: { message: 'This lesson is for Architects' } });
    expect((await catStream.next(undefined, 1000)).event).toBe('closed');
    await bobStream.ended;
    await catStream.ended;
  });

  it('ends a stream when its member signs out everywhere, without waiting for a comment', async () => {
    await start();
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const stream = await ready(open._id, ann.token);
    const other = await ready(open._id, site!.adminToken);
    const res = await course.api('POST', '/api/auth/logout-all', {}, ann.token);
    expect(res.status, res.raw).toBe(200);
    expect(await stream.next(undefined, 1000)).toEqual({ event: 'closed', data: { message: 'Your session has expired. Please sign in again.' } });
    await stream.ended;
    // Other readers stay.
    expect(other.events.filter((event) => event.event === 'closed')).toEqual([]);
  });

  it('ends the streams when the app closes', async () => {
    await start();
    const { open } = await lessons();
    const stream = await ready(open._id, site!.adminToken);
    await closeAdminApp(site!);
    site = undefined;
    await stream.ended;
  });
});
