// CONTRACT §9 "Comments" through the REST façade, on a real database (SQLite, and PostgreSQL in the
// postgres project): every call's contract, the lesson's access rule on each, who sees which
// status, the edit window, reports, the post limit under parallel posts, bans, review-first, the
// deletion stub, and a member's comments in their export and after their account's deletion.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { DISCUSSION_MESSAGES, type AdminComment, type Comment } from '../../shared/discussion';
import { closeAdminApp, ROOT_ADMIN, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../tests/support/course-site';
import { auditEntries, commentReports, comments, users } from '../db/schema';

let site: AdminApp | undefined;
let course: CourseSite;
let ahead = 0;
const clock = () => Date.now() + ahead;

async function start(env: Record<string, string> = {}) {
  ahead = 0;
  site = await startAdminApp({ build: { clock }, env });
  course = courseSite(site);
  // Posting needs a proved address, an admin's too.
  await site.db.db.update(users).set({ emailVerified: true }).where(eq(users.email, ROOT_ADMIN.email));
}
afterEach(async () => {
  if (site) await closeAdminApp(site);
  site = undefined;
});

const api: CourseSite['api'] = (...call) => course.api(...call);

/** A member with a proved address (posting needs one), an Architect when `paid`. */
async function member(email: string, paid = false) {
  const made = await course.member(email, paid);
  await site!.db.db.update(users).set({ emailVerified: true }).where(eq(users.id, made.id));
  return made;
}

/** A published module (dripped `opensAfterDays`) with a free-preview lesson, an Architects' lesson and a video lesson. */
async function lessons(opensAfterDays = 0) {
  const module = await course.createModule({ title: 'Foundations', published: true, opensAfterDays });
  const open = await course.createLesson({ moduleId: module._id, title: 'Welcome', freePreview: true });
  const paid = await course.createLesson({ moduleId: module._id, title: 'Inside' });
  const video = await course.createLesson({ moduleId: module._id, title: 'The Observer', kind: 'video', freePreview: true });
  return { module, open, paid, video };
}

async function post(lessonId: string, body: Record<string, unknown>, token?: string) {
  const res = await api('POST', `/api/course/lessons/${lessonId}/comments`, body, token);
  expect(res.status, res.raw).toBe(201);
  return (res.body as { comment: Comment }).comment;
}

async function page(lessonId: string, token?: string, cursor?: string) {
  const res = await api('GET', `/api/course/lessons/${lessonId}/comments${cursor ? `?cursor=${cursor}` : ''}`, undefined, token);
  expect(res.status, res.raw).toBe(200);
  return res.body as { comments: Comment[]; nextCursor: string | null };
}

const ids = (list: Array<{ _id: string }>) => list.map((comment) => comment._id);

async function auditActions(prefix: string) {
  return (await site!.db.db.select({ action: auditEntries.action }).from(auditEntries))
    .map((entry) => entry.action)
    .filter((action) => action.startsWith(prefix));
}

describe('posting and reading', () => {
  it("holds a new member's comment for review, shows it to its author and admins only, and lets later ones through once an admin let one through", async () => {
    await start();
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');

    const first = await post(open._id, { body: 'Why does **the wave** collapse? <script>x</script>' }, ann.token);
    expect(first).toMatchObject({
      lessonId: open._id,
      parentId: null,
      author: { _id: ann.id, name: 'Mia' },
      body: 'Why does **the wave** collapse? <script>x</script>',
      html: '<p>Why does <strong>the wave</strong> collapse? &lt;script&gt;x&lt;/script&gt;</p>\n',
      atSeconds: null,
      editedAt: null,
      status: 'held',
      answered: false,
      pinned: false,
      replies: [],
    });
    expect(ids((await page(open._id, ann.token)).comments)).toEqual([first._id]);
    expect((await page(open._id, bob.token)).comments).toEqual([]);
    expect(ids((await page(open._id)).comments)).toEqual([first._id]);

    const held = (await api('GET', '/api/admin/comments?status=held')).body as { comments: AdminComment[] };
    expect(held.comments).toHaveLength(1);
    expect(held.comments[0]).toMatchObject({
      _id: first._id,
      lesson: { _id: open._id, title: 'Welcome' },
      member: { _id: ann.id, email: 'ann@example.com', bannedUntil: null, letThrough: false, comments: 1 },
      reports: [],
    });

    const let_ = await api('PUT', `/api/admin/comments/${first._id}`, { status: 'visible' });
    expect(let_.status, let_.raw).toBe(200);
    expect((let_.body as { comment: AdminComment }).comment).toMatchObject({ status: 'visible', member: { letThrough: true } });
    const seen = (await page(open._id, bob.token)).comments;
    expect(ids(seen)).toEqual([first._id]);
    // Another reader gets the HTML, not the Markdown.
    expect(seen[0]!.body).toBeNull();

    // Once one is through, the member's later comments are visible at once.
    expect((await post(open._id, { body: 'Thanks!' }, ann.token)).status).toBe('visible');
    // Admins are never held.
    expect((await post(open._id, { body: 'Welcome, all' })).status).toBe('visible');
    expect((await api('GET', '/api/admin/comments?status=held')).body.comments).toEqual([]);
    expect(await auditActions('comment.')).toEqual(['comment.update']);
  });

  it('shows comments at once when COMMENTS_REVIEW_FIRST is false', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    expect((await post(open._id, { body: 'Hello' }, ann.token)).status).toBe('visible');
  });

  it('pins a comment to a moment of a video or audio lesson only, and refuses fields that are wrong with a message naming them', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open, video } = await lessons();
    const ann = await member('ann@example.com');
    expect((await post(video._id, { body: 'At 12:04', atSeconds: 724.6 }, ann.token)).atSeconds).toBe(724);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [open._id, { body: 'x', atSeconds: 3 }, DISCUSSION_MESSAGES.noMedia],
      [video._id, { body: '' }, 'body is required'],
      [video._id, { body: '   ' }, 'body is required'],
      [video._id, { body: 'x'.repeat(5001) }, 'body must be at most 5000 characters'],
      [video._id, { body: 'a\u0000b' }, 'body must not contain control characters other than tab and newline'],
      [video._id, { body: 'x', atSeconds: -1 }, 'atSeconds must be a number of seconds'],
      [video._id, { body: 'x', parentId: 'nothing' }, DISCUSSION_MESSAGES.noSuchParent('nothing')],
    ];
    for (const [lessonId, body, message] of cases) {
      const res = await api('POST', `/api/course/lessons/${lessonId}/comments`, body, ann.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('threads replies one level deep on the same lesson, oldest first under their comment', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open, video } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const question = await post(open._id, { body: 'Question' }, ann.token);
    const first = await post(open._id, { body: 'First answer', parentId: question._id }, bob.token);
    const second = await post(open._id, { body: 'Second answer', parentId: question._id }, ann.token);
    expect(first.parentId).toBe(question._id);

    const thread = (await page(open._id, bob.token)).comments;
    expect(ids(thread)).toEqual([question._id]);
    expect(ids(thread[0]!.replies)).toEqual([first._id, second._id]);
    // The reader's own reply carries its Markdown; another's does not.
    expect(thread[0]!.replies.map((reply) => reply.body)).toEqual(['First answer', null]);

    for (const [lessonId, parentId, message] of [
      [open._id, first._id, DISCUSSION_MESSAGES.parentIsReply],
      [video._id, question._id, DISCUSSION_MESSAGES.parentOnOtherLesson],
    ] as const) {
      const res = await api('POST', `/api/course/lessons/${lessonId}/comments`, { body: 'x', parentId }, ann.token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('pages pinned comments first, then newest first, 20 a page, by a cursor; a cursor it did not give is a 400', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false', COMMENTS_PER_HOUR: '0' });
    const { open } = await lessons();
    const posted: string[] = [];
    for (let i = 0; i < 45; i++) {
      ahead += 1000;
      posted.push((await post(open._id, { body: `Comment ${i}` }))._id);
    }
    const pinned = posted[3]!;
    expect((await api('PUT', `/api/admin/comments/${pinned}`, { pinned: true, answered: true })).status).toBe(200);
    const expected = [pinned, ...posted.filter((id) => id !== pinned).reverse()];

    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    do {
      const next = await page(open._id, undefined, cursor);
      sizes.push(next.comments.length);
      seen.push(...ids(next.comments));
      cursor = next.nextCursor ?? undefined;
    } while (cursor !== undefined);
    expect(sizes).toEqual([20, 20, 5]);
    expect(seen).toEqual(expected);
    expect((await page(open._id)).comments[0]).toMatchObject({ _id: pinned, pinned: true, answered: true });

    for (const bad of ['nonsense', Buffer.from('[1,2]').toString('base64url'), 'x'.repeat(300)]) {
      expect((await api('GET', `/api/course/lessons/${open._id}/comments?cursor=${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("the lesson's access rule", () => {
  it("keeps an Explorer out of an Architects' lesson, an Architect out of a module not open yet, and everyone but admins out of a draft", async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { paid } = await lessons();
    const dripped = await lessons(30);
    const draftModule = await course.createModule({ title: 'Draft' });
    const draft = await course.createLesson({ moduleId: draftModule._id, title: 'Soon' });
    const explorer = await member('explorer@example.com');
    const architect = await member('architect@example.com', true);
    const comment = await post(paid._id, { body: 'For Architects' }, architect.token);

    const forArchitects = { status: 403, message: 'This lesson is for Architects' };
    const opensOn = `This module opens on ${await course.opensOn(architect.id, 30)}`;
    const checks: Array<[string, string, unknown, string, { status: number; message?: string }]> = [
      ['GET', `/api/course/lessons/${paid._id}/comments`, undefined, explorer.token, forArchitects],
      ['POST', `/api/course/lessons/${paid._id}/comments`, { body: 'x' }, explorer.token, forArchitects],
      ['PUT', `/api/course/comments/${comment._id}`, { body: 'x' }, explorer.token, forArchitects],
      ['DELETE', `/api/course/comments/${comment._id}`, undefined, explorer.token, forArchitects],
      ['POST', `/api/course/comments/${comment._id}/report`, { reason: 'x' }, explorer.token, forArchitects],
      ['GET', `/api/course/lessons/${dripped.paid._id}/comments`, undefined, architect.token, { status: 403, message: opensOn }],
      ['POST', `/api/course/lessons/${dripped.paid._id}/comments`, { body: 'x' }, architect.token, { status: 403, message: opensOn }],
      ['GET', `/api/course/lessons/${draft._id}/comments`, undefined, architect.token, { status: 404 }],
      ['GET', `/api/course/lessons/${paid._id}/comments`, undefined, '', { status: 401 }],
    ];
    for (const [method, url, body, token, expected] of checks) {
      const res = await api(method as 'GET', url, body, token);
      expect(res.status, `${method} ${url}`).toBe(expected.status);
      if (expected.message) expect(res.body.message, `${method} ${url}`).toBe(expected.message);
    }
    // A downgrade takes the discussion with the lesson.
    await course.setUser('architect@example.com', { membershipTier: 'free' });
    expect((await api('GET', `/api/course/lessons/${paid._id}/comments`, undefined, architect.token)).status).toBe(403);
    // Admins read drafts' discussions too.
    expect((await api('GET', `/api/course/lessons/${draft._id}/comments`)).status).toBe(200);
  });
});

describe('who sees which status', () => {
  it('shows hidden comments to admins only, held ones to their author and admins, and neither can be reached by others', async () => {
    await start();
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const held = await post(open._id, { body: 'Held' }, ann.token);
    const hidden = await post(open._id, { body: 'Hidden' });
    expect((await api('PUT', `/api/admin/comments/${hidden._id}`, { status: 'hidden' })).status).toBe(200);

    expect(ids((await page(open._id, ann.token)).comments)).toEqual([held._id]);
    expect(ids((await page(open._id, bob.token)).comments)).toEqual([]);
    expect(ids((await page(open._id)).comments)).toEqual([hidden._id, held._id]);
    for (const id of [held._id, hidden._id]) {
      expect((await api('POST', `/api/course/comments/${id}/report`, { reason: 'x' }, bob.token)).status).toBe(404);
      expect((await api('DELETE', `/api/course/comments/${id}`, undefined, bob.token)).status).toBe(404);
    }
    // Replies keep to the same rule.
    const reply = await post(open._id, { body: 'Mine', parentId: held._id }, ann.token);
    expect(ids((await page(open._id, ann.token)).comments[0]!.replies)).toEqual([reply._id]);
  });
});

describe('editing', () => {
  it('lets the author edit for 15 minutes, nobody else, and marks the edit', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const comment = await post(open._id, { body: 'Frist' }, ann.token);

    ahead += 14 * 60_000;
    const edited = await api('PUT', `/api/course/comments/${comment._id}`, { body: 'First, *edited*' }, ann.token);
    expect(edited.status, edited.raw).toBe(200);
    expect((edited.body as { comment: Comment }).comment).toMatchObject({ body: 'First, *edited*', html: '<p>First, <em>edited</em></p>\n' });
    expect((edited.body as { comment: Comment }).comment.editedAt).not.toBeNull();

    const other = await api('PUT', `/api/course/comments/${comment._id}`, { body: 'Mine now' }, bob.token);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(DISCUSSION_MESSAGES.notYours);
    // Not an admin either: a comment is its author's words.
    expect((await api('PUT', `/api/course/comments/${comment._id}`, { body: 'Moderated' })).status).toBe(403);

    ahead += 2 * 60_000;
    const late = await api('PUT', `/api/course/comments/${comment._id}`, { body: 'Too late' }, ann.token);
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(DISCUSSION_MESSAGES.editWindowOver);
    expect((await api('PUT', '/api/course/comments/nothing', { body: 'x' }, ann.token)).status).toBe(404);
  });
});

describe('deleting', () => {
  it('removes a comment without replies, keeps a stub without author or body for one with replies, and removes the stub with its last reply', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const alone = await post(open._id, { body: 'Alone' }, ann.token);
    const question = await post(open._id, { body: 'Question' }, ann.token);
    const reply = await post(open._id, { body: 'Answer', parentId: question._id }, bob.token);

    const refused = await api('DELETE', `/api/course/comments/${alone._id}`, undefined, bob.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(DISCUSSION_MESSAGES.deleteNotAllowed);
    expect((await api('DELETE', `/api/course/comments/${alone._id}`, undefined, ann.token)).body).toEqual({ message: DISCUSSION_MESSAGES.deleted });
    expect((await api('DELETE', `/api/course/comments/${question._id}`, undefined, ann.token)).status).toBe(200);

    const [stub] = (await page(open._id, bob.token)).comments;
    expect(stub).toMatchObject({ _id: question._id, status: 'deleted', author: null, body: null, html: '', atSeconds: null });
    expect(ids(stub!.replies)).toEqual([reply._id]);
    expect((await api('PUT', `/api/course/comments/${question._id}`, { body: 'back' }, ann.token)).status).toBe(403);
    expect((await api('POST', `/api/course/lessons/${open._id}/comments`, { body: 'x', parentId: question._id }, bob.token)).body.message).toBe(
      DISCUSSION_MESSAGES.parentDeleted,
    );

    // An admin deletes the last reply: the stub goes with it, and the trail has it.
    expect((await api('DELETE', `/api/course/comments/${reply._id}`)).status).toBe(200);
    expect((await page(open._id, bob.token)).comments).toEqual([]);
    expect(await site!.db.db.select().from(comments)).toEqual([]);
    expect(await auditActions('comment.')).toEqual(['comment.delete']);
  });
});

describe('reports', () => {
  it('takes one report per member and comment, lists it in the reported queue with its reports, until an admin sets its status', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const comment = await post(open._id, { body: 'Rude' }, ann.token);

    for (let i = 0; i < 2; i++) {
      const res = await api('POST', `/api/course/comments/${comment._id}/report`, { reason: i === 0 ? 'Rude to others' : 'Again' }, bob.token);
      expect(res.status, res.raw).toBe(200);
      expect(res.body).toEqual({ message: 'Thanks. An admin will look at it.' });
    }
    expect(await site!.db.db.select().from(commentReports)).toHaveLength(1);
    expect((await api('POST', `/api/course/comments/${comment._id}/report`, { reason: '' }, bob.token)).status).toBe(400);

    const reported = (await api('GET', '/api/admin/comments?status=reported')).body as { comments: AdminComment[] };
    expect(ids(reported.comments)).toEqual([comment._id]);
    expect(reported.comments[0]!.reports).toEqual([{ member: { _id: bob.id, name: 'Mia' }, reason: 'Rude to others', createdAt: expect.any(String) }]);

    expect((await api('PUT', `/api/admin/comments/${comment._id}`, { status: 'hidden' })).status).toBe(200);
    expect((await api('GET', '/api/admin/comments?status=reported')).body.comments).toEqual([]);
    expect(ids(((await api('GET', '/api/admin/comments')).body as { comments: AdminComment[] }).comments)).toEqual([comment._id]);
    expect((await api('GET', '/api/admin/comments?status=spam')).status).toBe(400);
    expect((await api('GET', '/api/admin/comments', undefined, bob.token)).status).toBe(403);
  });
});

describe('who may post', () => {
  it('lets exactly COMMENTS_PER_HOUR of ten parallel posts through, and says how long to wait', async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false', COMMENTS_PER_HOUR: '5' });
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api('POST', `/api/course/lessons/${open._id}/comments`, { body: `Post ${i}` }, ann.token)),
    );
    expect(answers.filter((res) => res.status === 201)).toHaveLength(5);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.message).toMatch(/^You have posted a lot of comments in the last hour\. You can post again in (60|59) minutes\.$/);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(3500);
    expect(await site!.db.db.select().from(comments)).toHaveLength(5);
  });

  it('needs a verified address', async () => {
    await start();
    const { open } = await lessons();
    const unverified = await course.member('new@example.com');
    const res = await api('POST', `/api/course/lessons/${open._id}/comments`, { body: 'Hi' }, unverified.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(DISCUSSION_MESSAGES.needsVerifiedEmail);
    // Reading needs none.
    expect((await api('GET', `/api/course/lessons/${open._id}/comments`, undefined, unverified.token)).status).toBe(200);
  });

  it('refuses a banned member until the ban ends or is lifted, with the audit trail', async () => {
    await start();
    const { open } = await lessons();
    const ann = await member('ann@example.com');
    const banned = await api('PUT', `/api/admin/users/${ann.id}/comment-ban`, { until: '2099-01-31' });
    expect(banned.status, banned.raw).toBe(200);
    expect(banned.body.bannedUntil).toBe('2099-01-31T00:00:00.000Z');
    const refused = await api('POST', `/api/course/lessons/${open._id}/comments`, { body: 'Hi' }, ann.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You cannot comment until 2099-01-31.');

    expect((await api('PUT', `/api/admin/users/${ann.id}/comment-ban`, { until: null })).body).toEqual({
      message: DISCUSSION_MESSAGES.banLifted,
      bannedUntil: null,
    });
    expect((await post(open._id, { body: 'Back' }, ann.token)).status).toBe('held');
    // A ban that has ended holds no more.
    expect((await api('PUT', `/api/admin/users/${ann.id}/comment-ban`, { until: '2000-01-01T10:00:00Z' })).status).toBe(200);
    await post(open._id, { body: 'Still here' }, ann.token);

    expect((await api('PUT', '/api/admin/users/nobody/comment-ban', { until: null })).status).toBe(404);
    expect((await api('PUT', `/api/admin/users/${ann.id}/comment-ban`, { until: 'soon' })).status).toBe(400);
    expect((await api('PUT', `/api/admin/users/${ann.id}/comment-ban`, {})).status).toBe(400);
    expect(await auditActions('comment.')).toEqual(['comment.ban', 'comment.ban', 'comment.ban']);
  });
});

describe("a member's own data", () => {
  it("exports the member's comments, and keeps them readable without their author once the account is deleted", async () => {
    await start({ COMMENTS_REVIEW_FIRST: 'false' });
    const { open, video } = await lessons();
    const ann = await member('ann@example.com');
    const bob = await member('bob@example.com');
    const question = await post(video._id, { body: 'At *this* moment?', atSeconds: 12 }, ann.token);
    const reply = await post(open._id, { body: 'Other' }, bob.token);
    await api('POST', `/api/course/comments/${reply._id}/report`, { reason: 'Off topic' }, ann.token);

    const exported = await site!.t.app.inject({ method: 'GET', url: '/api/account/export', headers: { authorization: `Bearer ${ann.token}` } });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().comments).toEqual([
      {
        _id: question._id,
        lessonId: video._id,
        parentId: null,
        body: 'At *this* moment?',
        atSeconds: 12,
        createdAt: question.createdAt,
        editedAt: null,
        status: 'visible',
      },
    ]);

    const deleted = await api('DELETE', '/api/account', { password: 'member password', confirm: 'DELETE' }, ann.token);
    expect(deleted.status, deleted.raw).toBe(200);
    const [kept] = (await page(video._id, bob.token)).comments;
    expect(kept).toMatchObject({ _id: question._id, author: null, html: '<p>At <em>this</em> moment?</p>\n', status: 'visible' });
    // Their report goes with them.
    expect(await site!.db.db.select().from(commentReports)).toEqual([]);
  });
});
