// Issue 33, finding 3: a signed file URL is worth no more than the session it was handed to. "Sign
// out everywhere", a password change and two-factor sign-in turned on each end every session so
// far (users.sessions_valid_from); a file URL taken in one of them ends with it, instead of living
// on until it expires (COURSE_URL_TTL, up to 7 days). The session that stays, or a new one, gets
// URLs that work at once. On SQLite and PostgreSQL (the postgres project).
import { afterEach, describe, expect, it } from 'vitest';
import { closeAdminApp, signIn, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { TestClock, turnOnTwoFactor } from '../../../tests/support/two-factor';
import { FILE_LINK_MESSAGES } from './file-serve-route';

const PASSWORD = 'member password';

let site: AdminApp | undefined;
afterEach(async () => {
  if (site) await closeAdminApp(site);
  site = undefined;
});

/** An Architect and a published lesson with one attachment; what fetches its URL for a token, and what fetches a URL. */
async function architectWithAttachment(options: Parameters<typeof startAdminApp>[0] = {}) {
  site = await startAdminApp(options);
  const course: CourseSite = courseSite(site);
  const module = await course.createModule({ title: 'M', published: true });
  const lesson = await course.createLesson({ moduleId: module._id, title: 'L' });
  await course.uploadFile(lesson._id, { role: 'attachment' }, { name: 'notes.txt', content: Buffer.from('some notes\n') });
  const member = await course.member('mia@example.com', true);
  const app = site.t.app;
  return {
    course,
    member,
    async urlFor(token: string) {
      const res = await course.api('GET', `/api/course/lessons/${lesson._id}`, undefined, token);
      expect(res.status, res.raw).toBe(200);
      return (res.body.lesson as { attachments: Array<{ url: string }> }).attachments[0]!.url;
    },
    async fetch(url: string) {
      const res = await app.inject(url);
      return { status: res.statusCode, body: res.statusCode === 200 ? res.body : (res.json() as unknown) };
    },
  };
}

const ended = { status: 403, body: { message: FILE_LINK_MESSAGES.signedOut } };
const served = { status: 200, body: 'some notes\n' };

describe('a signed file URL', () => {
  it('ends when its member signs out everywhere; a new sign-in gets one that works', async () => {
    const { course, member, urlFor, fetch } = await architectWithAttachment();
    const other = await signIn(site!.t, 'mia@example.com', PASSWORD);
    const [url, otherUrl] = [await urlFor(member.token), await urlFor(other)];
    expect(await fetch(url)).toEqual(served);

    expect((await course.api('POST', '/api/auth/logout-all', undefined, member.token)).status).toBe(200);
    expect(await fetch(url)).toEqual(ended);
    expect(await fetch(otherUrl)).toEqual(ended);
    expect(await fetch(await urlFor(await signIn(site!.t, 'mia@example.com', PASSWORD)))).toEqual(served);
  });

  it('ends when its member changes their password; the fresh token of that call gets one that works at once', async () => {
    const { course, member, urlFor, fetch } = await architectWithAttachment();
    const url = await urlFor(member.token);
    const changed = await course.api('PUT', '/api/account/password', { currentPassword: PASSWORD, newPassword: 'another password' }, member.token);
    expect(changed.status, changed.raw).toBe(200);
    expect(await fetch(url)).toEqual(ended);
    expect(await fetch(await urlFor(changed.body.token as string))).toEqual(served);
  });

  it('ends when its member turns two-factor sign-in on; the fresh token of that call gets one that works at once', async () => {
    const clock = new TestClock();
    const { member, urlFor, fetch } = await architectWithAttachment({ build: { clock: clock.now } });
    const url = await urlFor(member.token);
    const on = await turnOnTwoFactor(site!.t, { token: member.token, password: PASSWORD }, clock);
    expect(await fetch(url)).toEqual(ended);
    expect(await fetch(await urlFor(on.token))).toEqual(served);
  });
});
