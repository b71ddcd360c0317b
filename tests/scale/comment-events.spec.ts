// CONTRACT §9 across processes: a comment posted through process A reaches a lesson's event stream
// held by process B within a second, through the event bus on Redis (decision 055).
import { test as base, expect } from '@playwright/test';
import { openCommentEvents } from '../support/comment-events';
import { startTwoProcessSite, type SharedDatabase, type TwoProcessSite } from './two-processes';

const test = base.extend<object, { database: SharedDatabase; site: TwoProcessSite }>({
  database: ['sqlite', { option: true, scope: 'worker' }],
  site: [
    async ({ database }, use) => {
      // LOG_LEVEL info: without SMTP_URL, a process logs the mails it would send, the verification link among them.
      const site = await startTwoProcessSite(database, { REGISTRATIONS_PER_HOUR: '1000', COMMENTS_REVIEW_FIRST: 'false', LOG_LEVEL: 'info' });
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker' },
  ],
});

test.afterEach(async ({ site }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: site.output.join('') });
});

async function call(base: string, method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** A member signed up through `base`, their address proved with the link of the mail the process logged (no SMTP_URL). */
async function verifiedMember(site: TwoProcessSite, base: string, email: string) {
  const signedUp = await call(base, 'POST', '/api/auth/register', { name: 'Mira Member', email, password: 'member password' });
  expect(signedUp.status).toBe(201);
  let token: string | undefined;
  await expect
    .poll(() => {
      const line = site.output
        .join('')
        .split('\n')
        .find((text) => text.includes(email) && text.includes('/verify-email/'));
      token = line && /\/verify-email\/([A-Za-z0-9_-]+)/.exec(line)?.[1];
      return token;
    })
    .toBeTruthy();
  expect((await call(base, 'POST', '/api/auth/verify-email', { token })).status).toBe(200);
  return signedUp.body.token as string;
}

test('a comment posted through process A reaches a stream held by process B within a second', async ({ site }) => {
  const { a, b } = site;
  const admin = (await call(a.url, 'POST', '/api/auth/login', site.admin)).body.token as string;
  const module = await call(a.url, 'POST', '/api/admin/course/modules', { title: 'Live', published: true }, admin);
  expect(module.status).toBe(201);
  const lesson = await call(
    a.url,
    'POST',
    '/api/admin/course/lessons',
    { moduleId: (module.body.module as { _id: string })._id, title: 'Talk', kind: 'text', published: true, freePreview: true },
    admin,
  );
  expect(lesson.status).toBe(201);
  const lessonId = (lesson.body.lesson as { _id: string })._id;
  const poster = await verifiedMember(site, a.url, `poster-${process.pid}@example.com`);
  const reader = await verifiedMember(site, b.url, `reader-${process.pid}@example.com`);

  const stream = await openCommentEvents(b.url, lessonId, reader);
  try {
    expect(stream.status).toBe(200);
    expect((await stream.next()).event).toBe('ready');
    const postedAt = performance.now();
    const posted = await call(a.url, 'POST', `/api/course/lessons/${lessonId}/comments`, { body: 'Hello from A' }, poster);
    expect(posted.status).toBe(201);
    const event = await stream.next('comment', 1000);
    expect(performance.now() - postedAt).toBeLessThan(1000);
    expect((event.data as { comment: { _id: string; html: string } }).comment).toMatchObject({
      _id: (posted.body.comment as { _id: string })._id,
      html: '<p>Hello from A</p>\n',
    });
  } finally {
    stream.close();
  }
});
