// The signed URLs of the course's files (file-urls.ts): what they bind, how long they live, and
// that their key is not the session tokens' key (DESIGN "The course").
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSessionTokens } from '../../auth/session-tokens';
import { CourseFileUrls } from './file-urls';

const SECRET = 'a-site-secret-that-is-at-least-32-bytes';
const start = Date.UTC(2026, 0, 1);
const query = (url: string) => Object.fromEntries(new URL(url, 'http://site.test').searchParams);
/** When the member's session was issued, a little before. */
const sessionIssuedAt = start - 3_600_000;

describe('signed course file URLs', () => {
  it('bind the file, the member, the session’s issue time and the expiry; live ttl seconds', () => {
    let now = start;
    const urls = new CourseFileUrls(SECRET, 600, () => now);
    const url = urls.urlFor('file-1', 'member-1', sessionIssuedAt);
    expect(url).toMatch(new RegExp(`^/course-files/file-1\\?u=member-1&i=${sessionIssuedAt}&e=\\d+&s=[\\w-]{43}$`));
    expect(urls.check('file-1', query(url))).toEqual({ state: 'valid', userId: 'member-1', sessionIssuedAtMs: sessionIssuedAt });
    expect(urls.check('file-2', query(url))).toEqual({ state: 'invalid' });
    expect(urls.check('file-1', { ...query(url), u: 'member-2' })).toEqual({ state: 'invalid' });
    // A later session's time, to pass a check against the member's sessions_valid_from.
    expect(urls.check('file-1', { ...query(url), i: String(sessionIssuedAt + 60_000) })).toEqual({ state: 'invalid' });
    const { i: _i, ...withoutIssueTime } = query(url);
    expect(urls.check('file-1', withoutIssueTime)).toEqual({ state: 'invalid' });
    expect(urls.check('file-1', { ...query(url), e: String(Number(query(url).e) + 1) })).toEqual({ state: 'invalid' });
    expect(urls.check('file-1', { ...query(url), s: ['a', 'b'] })).toEqual({ state: 'invalid' });
    now = start + 599_000;
    expect(urls.check('file-1', query(url)).state).toBe('valid');
    now = start + 600_000;
    expect(urls.check('file-1', query(url)).state).toBe('expired');
  });

  it('are signed with a key derived for them alone: not the site secret itself, so no session token signature passes, and another secret’s do not', async () => {
    const urls = new CourseFileUrls(SECRET, 600, () => start);
    const { i, e } = query(urls.urlFor('file-1', 'member-1', sessionIssuedAt));
    // An HMAC under the raw secret, as the session tokens use it, over the same message.
    const rawKeySignature = createHmac('sha256', SECRET)
      .update(JSON.stringify(['file-1', 'member-1', Number(i), Number(e)]))
      .digest('base64url');
    expect(urls.check('file-1', { u: 'member-1', i: i!, e: e!, s: rawKeySignature })).toEqual({ state: 'invalid' });
    // A session token's signature for the member is no file signature either.
    const token = await createSessionTokens(SECRET, 600).sign({ id: 'member-1', role: 'user' });
    expect(urls.check('file-1', { u: 'member-1', i: i!, e: e!, s: token.split('.')[2]! })).toEqual({ state: 'invalid' });
    const other = new CourseFileUrls('another-secret-at-least-32-bytes-long!', 600, () => start);
    expect(other.check('file-1', query(urls.urlFor('file-1', 'member-1', sessionIssuedAt)))).toEqual({ state: 'invalid' });
  });
});
