// CONTRACT §9 "Mail that members asked for, sent once" through the REST façade and the site's own
// queue, on a real database (SQLite, and PostgreSQL in the postgres project) and a real SMTP
// catcher: the mail settings, the one-click unsubscribe, the module.opened pass and the admin's
// outbox list.
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../shared/constants';
import { MAIL_MESSAGES } from '../../shared/mail';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../tests/support/course-site';
import type { CaughtMail } from '../../tests/support/smtp-catcher';
import { TEST_APP_URL } from '../../tests/support/test-app';
import { moduleOpenedKey, runModuleOpenedPass } from '../course/mail/module-opened';
import { mailOutbox, users } from '../db/schema';
import { MemoryEventBus } from '../events/memory-event-bus';
import { transaction } from '../db/transaction';
import { enqueueMail, utcDay } from '../jobs/outbox-data';

let site: AdminApp;
let course: CourseSite;

beforeEach(async () => {
  site = await startAdminApp({ smtp: true, build: { jobs: { pollMs: 50 } } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const api: CourseSite['api'] = (...call) => course.api(...call);
const catcher = () => site.t.smtp!;
/** The course mails caught: the ones with a one-click unsubscribe (verification mails have none). */
const courseMails = (to?: string): CaughtMail[] =>
  catcher().mails.filter((mail) => mail.body.includes('List-Unsubscribe-Post') && (!to || mail.to.includes(to)));

const pass = () => runModuleOpenedPass({ db: site.db.db, events: new MemoryEventBus(), appUrl: TEST_APP_URL }, Date.now());

/** Waits until the outbox row of `key` is in `state`. */
async function outboxState(key: string, state: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await site.db.db.select().from(mailOutbox).where(eq(mailOutbox.key, key));
    if (row?.state === state) return row;
    if (Date.now() > deadline) throw new Error(`outbox ${key} is ${row?.state ?? 'absent'}, not ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An Architect who became one `daysAgo` days ago (today's UTC day minus that, at noon). */
async function architect(email: string, daysAgo: number) {
  const member = await course.member(email, true);
  const now = Date.now();
  const paidSince = now - (now % DAY_MS) - daysAgo * DAY_MS + DAY_MS / 2;
  await site.db.db.update(users).set({ paidSince }).where(eq(users.id, member.id));
  return member;
}

/** A published module dripped by `days`, with one published lesson. */
async function drippedModule(title: string, days: number) {
  const module = await course.createModule({ title, published: true, opensAfterDays: days });
  const lesson = await course.createLesson({ moduleId: module._id, title: `${title}: the first lesson` });
  return { module, lesson };
}

/** The unsubscribe URL a caught mail's List-Unsubscribe names, as a path and query on this site. */
function unsubscribePath(mail: CaughtMail): string {
  const match = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ''));
  if (!match?.[1]) throw new Error('no List-Unsubscribe header in the mail');
  const url = new URL(match[1]);
  expect(url.origin).toBe(TEST_APP_URL);
  return `${url.pathname}${url.search}`;
}

const oneClick = (url: string, headers: Record<string, string> = {}) =>
  site.t.app.inject({
    method: 'POST',
    url,
    payload: 'List-Unsubscribe=One-Click',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
  });

describe('module.opened', () => {
  it('mails an Architect once for three modules that open on one day, naming all three, with a one-click unsubscribe', async () => {
    const member = await architect('ada@example.com', 3);
    for (const title of ['Superposition', 'Collapsing the Wave', 'Entanglement']) await drippedModule(title, 3);
    // Open on other days, or from the first: not today's.
    await drippedModule('Crafting Timelines', 4);
    await drippedModule('Beyond Newton Again', 0);

    expect(await pass()).toBe(1);
    // A second pass the same day (another process, the next window) writes nothing more.
    expect(await pass()).toBe(0);
    const key = moduleOpenedKey(member.id, utcDay(Date.now()));
    await outboxState(key, 'sent');

    const mails = courseMails('ada@example.com');
    expect(mails).toHaveLength(1);
    const [mail] = mails as [CaughtMail];
    for (const title of ['Superposition', 'Collapsing the Wave', 'Entanglement']) expect(mail.body).toContain(title);
    expect(mail.body).not.toContain('Crafting Timelines');
    expect(mail.body).not.toContain('Beyond Newton Again');
    expect(mail.body).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(unsubscribePath(mail)).toMatch(/^\/api\/mail\/unsubscribe\?m=.+&list=courseUpdates&s=/);
  });

  it('mails no refunded, suspended or deleted member, and not for a module whose lesson the member has opened', async () => {
    await drippedModule('Superposition', 2);
    const refunded = await architect('refunded@example.com', 2);
    await course.setUser('refunded@example.com', { membershipTier: 'free' });
    await architect('suspended@example.com', 2);
    await course.setUser('suspended@example.com', { status: 'suspended' });
    const gone = await architect('gone@example.com', 2);
    expect((await api('DELETE', `/api/admin/users/${gone.id}`)).status).toBe(200);
    const reader = await architect('reader@example.com', 2);
    const { lesson } = await drippedModule('Collapsing the Wave', 2);
    expect((await api('PUT', `/api/course/lessons/${lesson._id}/progress`, { positionSeconds: 0 }, reader.token)).status).toBe(200);

    expect(await pass()).toBe(1);
    const key = moduleOpenedKey(reader.id, utcDay(Date.now()));
    await outboxState(key, 'sent');
    const [mail] = courseMails('reader@example.com') as [CaughtMail];
    expect(mail.body).toContain('Superposition');
    expect(mail.body).not.toContain('Collapsing the Wave');
    expect(courseMails()).toHaveLength(1);
    expect(refunded.id).toBeTruthy();
  });

  it('skips a module.opened mail whose member is no longer an Architect when it is due: the send asks again', async () => {
    const member = await course.member('late-refund@example.com');
    // As the pass wrote it just before the refund committed.
    await transaction(site.db.db, (tx) =>
      enqueueMail(tx, { key: 'module-opened:late', userId: member.id, kind: 'module.opened', subject: 'Superposition is open', paragraphs: ['Hello'] }),
    );
    const row = await outboxState('module-opened:late', 'skipped');
    expect(row.lastError).toBe('The member is no longer an Architect.');
    expect(courseMails()).toHaveLength(0);
  });
});

describe('mail settings', () => {
  it('are both on by default, and PUT turns them on or off for the member alone', async () => {
    const ada = await course.member('ada@example.com');
    const bob = await course.member('bob@example.com');
    expect((await api('GET', '/api/account/mail', undefined, ada.token)).body).toEqual({ replies: true, courseUpdates: true });
    const put = await api('PUT', '/api/account/mail', { replies: false, courseUpdates: true }, ada.token);
    expect(put.status, put.raw).toBe(200);
    expect(put.body).toEqual({ replies: false, courseUpdates: true });
    expect((await api('GET', '/api/account/mail', undefined, ada.token)).body).toEqual({ replies: false, courseUpdates: true });
    expect((await api('GET', '/api/account/mail', undefined, bob.token)).body).toEqual({ replies: true, courseUpdates: true });
  });

  it('refuse a missing or non-boolean setting (400 naming it) and a caller without a token (401)', async () => {
    const ada = await course.member('ada@example.com');
    const missing = await api('PUT', '/api/account/mail', { replies: false }, ada.token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/courseUpdates/);
    const wrong = await api('PUT', '/api/account/mail', { replies: 'no', courseUpdates: true }, ada.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/replies/);
    expect((await api('GET', '/api/account/mail', undefined, '')).status).toBe(401);
    expect((await api('PUT', '/api/account/mail', { replies: true, courseUpdates: true }, '')).status).toBe(401);
  });
});

describe('one-click unsubscribe', () => {
  async function mailedLink(email: string) {
    const member = await architect(email, 1);
    await drippedModule(`Module for ${email}`, 1);
    expect(await pass()).toBe(1);
    await outboxState(moduleOpenedKey(member.id, utcDay(Date.now())), 'sent');
    return { member, path: unsubscribePath(courseMails(email)[0]!) };
  }

  it("turns course updates off with the mail client's POST, and the next module.opened mail is skipped", async () => {
    const { member, path } = await mailedLink('ada@example.com');
    const res = await oneClick(path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MAIL_MESSAGES.unsubscribed('courseUpdates') });
    expect((await api('GET', '/api/account/mail', undefined, member.token)).body).toEqual({ replies: true, courseUpdates: false });
    // Also as multipart/form-data, which RFC 8058 prefers.
    const boundary = 'x-boundary';
    const multipart = await site.t.app.inject({
      method: 'POST',
      url: path,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(multipart.statusCode, multipart.body).toBe(200);

    // Tomorrow's module (written as if the day had come): skipped, nothing mailed.
    await drippedModule('Another module', 2);
    await site.db.db
      .update(users)
      .set({ paidSince: Date.now() - (Date.now() % DAY_MS) - 2 * DAY_MS + 1000 })
      .where(eq(users.id, member.id));
    await site.db.db.delete(mailOutbox).where(eq(mailOutbox.userId, member.id));
    expect(await pass()).toBe(1);
    const row = await outboxState(moduleOpenedKey(member.id, utcDay(Date.now())), 'skipped');
    expect(row.lastError).toBe('The member turned off mails about course updates.');
    expect(courseMails('ada@example.com')).toHaveLength(1);
  });

  it('shows a page with one button on GET, and changes nothing until it is pressed', async () => {
    const { member, path } = await mailedLink('ada@example.com');
    const page = await site.t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(page.body).toContain('Stop mails about course updates?');
    expect((await api('GET', '/api/account/mail', undefined, member.token)).body).toEqual({ replies: true, courseUpdates: true });
    // The button, from a browser: a page that says it is done.
    const pressed = await oneClick(path, { accept: 'text/html' });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('You are unsubscribed');
  });

  it('refuses a tampered, foreign or incomplete link (400), a body other than One-Click (400), and a deleted member (404)', async () => {
    const { member, path } = await mailedLink('ada@example.com');
    const url = new URL(path, TEST_APP_URL);
    const tampered = (change: (query: URLSearchParams) => void) => {
      const query = new URLSearchParams(url.search);
      change(query);
      return `${url.pathname}?${query}`;
    };
    const bad = [
      tampered((q) => q.set('list', 'replies')),
      tampered((q) => q.set('m', 'someone-else')),
      tampered((q) => q.set('s', `${q.get('s')!.slice(0, -2)}AA`)),
    ];
    for (const target of bad) {
      const res = await oneClick(target);
      expect(res.statusCode, target).toBe(400);
      expect(res.json()).toEqual({ message: MAIL_MESSAGES.badLink });
      const page = await site.t.app.inject({ method: 'GET', url: target });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('This link does not work');
    }
    // Not even a link's shape: a 400 naming the field, as any /api input.
    const incomplete = await oneClick(tampered((q) => q.delete('s')));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toEqual({ message: 's is required' });
    const unknownList = await site.t.app.inject({ method: 'GET', url: tampered((q) => q.set('list', 'everything')) });
    expect(unknownList.statusCode).toBe(400);
    expect(unknownList.json()).toEqual({ message: 'list must be one of replies, courseUpdates' });
    const wrongBody = await site.t.app.inject({
      method: 'POST',
      url: path,
      payload: 'List-Unsubscribe=Yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongBody.statusCode).toBe(400);
    expect(wrongBody.json()).toEqual({ message: MAIL_MESSAGES.oneClickBody });
    const json = await site.t.app.inject({ method: 'POST', url: path, payload: { 'List-Unsubscribe': 'One-Click' } });
    expect(json.statusCode).toBe(400);
    expect((await api('GET', '/api/account/mail', undefined, member.token)).body).toEqual({ replies: true, courseUpdates: true });

    expect((await api('DELETE', `/api/admin/users/${member.id}`)).status).toBe(200);
    const gone = await oneClick(path);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: MAIL_MESSAGES.goneMember });
  });
});

describe("the admin's outbox", () => {
  it('lists the mails newest first with state, tries and last error, by status and by cursor', async () => {
    const ada = await architect('ada@example.com', 1);
    await drippedModule('Superposition', 1);
    await pass();
    await outboxState(moduleOpenedKey(ada.id, utcDay(Date.now())), 'sent');

    const all = await api('GET', '/api/admin/mail/outbox');
    expect(all.status, all.raw).toBe(200);
    expect(all.body).toMatchObject({
      mails: [{ kind: 'module.opened', member: { _id: ada.id, email: 'ada@example.com' }, state: 'sent', attempts: 1, lastError: null }],
      nextCursor: null,
    });
    expect((await api('GET', '/api/admin/mail/outbox?status=sent')).body.mails).toHaveLength(1);
    expect((await api('GET', '/api/admin/mail/outbox?status=failed')).body.mails).toHaveLength(0);
    expect((await api('GET', '/api/admin/mail/outbox?status=lost')).status).toBe(400);
    expect((await api('GET', '/api/admin/mail/outbox?cursor=not-a-cursor')).status).toBe(400);

    const now = Date.now();
    await site.db.db.insert(mailOutbox).values(
      Array.from({ length: 25 }, (_, i) => ({
        id: `seeded-${String(i).padStart(2, '0')}`,
        key: `seeded:${i}`,
        userId: ada.id,
        kind: 'comment.reply' as const,
        subject: `Seeded ${i}`,
        content: '{"paragraphs":[]}',
        state: 'failed' as const,
        attempts: 12,
        lastError: '550 mailbox unavailable',
        createdAt: now + i,
        updatedAt: now + i,
      })),
    );
    const first = await api('GET', '/api/admin/mail/outbox?status=failed');
    const firstMails = first.body.mails as Array<{ subject: string; lastError: string }>;
    expect(firstMails).toHaveLength(20);
    expect(firstMails[0]).toMatchObject({ subject: 'Seeded 24', lastError: '550 mailbox unavailable' });
    const second = await api('GET', `/api/admin/mail/outbox?status=failed&cursor=${encodeURIComponent(first.body.nextCursor as string)}`);
    expect((second.body.mails as Array<{ subject: string }>).map((mail) => mail.subject)).toEqual(['Seeded 4', 'Seeded 3', 'Seeded 2', 'Seeded 1', 'Seeded 0']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('is for admins only: 401 without a token, 403 for a member', async () => {
    const member = await course.member('ada@example.com');
    expect((await api('GET', '/api/admin/mail/outbox', undefined, '')).status).toBe(401);
    expect((await api('GET', '/api/admin/mail/outbox', undefined, member.token)).status).toBe(403);
  });
});
