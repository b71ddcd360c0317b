// Signed URLs of the course's files (CONTRACT §4 "Course files"; DESIGN "The course"): each binds
// one file, one member, the issue time of the session it was handed to and an expiry with an
// HMAC-SHA256 under a key of its own, derived from the site's secret with HKDF and a label used for
// nothing else, so that a file signature can never pass as a session token, nor the reverse. The
// signature only says who the URL was given to, in which session and until when: the route asks
// the access rule again at every request, and refuses a URL whose session has ended since with
// every other of its member's ("sign out everywhere", a new password, two-factor turned on: the
// member's sessions_valid_from moved past it), as the session itself is refused (decision 042).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const KEY_LABEL = 'quantum-course-site: course file URL signing key, v1';
export const COURSE_FILES_PREFIX = '/course-files';

export type UrlCheck = { state: 'valid'; userId: string; sessionIssuedAtMs: number } | { state: 'invalid' } | { state: 'expired' };

/**
 * The HMAC of the course's signed URLs, under the key derived for them alone. The file URLs sign
 * four fields and the stream URLs (stream/stream-urls.ts) five, the first of them 'stream', so that
 * one kind can never pass as the other.
 */
export class CourseUrlSigner {
  private readonly key: Buffer;

  constructor(siteSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', siteSecret, Buffer.alloc(0), KEY_LABEL, 32));
  }

  /** JSON keeps the fields apart whatever characters an id holds. */
  sign(fields: ReadonlyArray<string | number>): string {
    return createHmac('sha256', this.key).update(JSON.stringify(fields)).digest('base64url');
  }

  /** Whether `given` is the signature of `fields`, compared in constant time. */
  matches(fields: ReadonlyArray<string | number>, given: string): boolean {
    const expected = Buffer.from(this.sign(fields));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

export class CourseFileUrls {
  readonly signer: CourseUrlSigner;

  constructor(
    siteSecret: string,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
  ) {
    this.signer = new CourseUrlSigner(siteSecret);
  }

  private sign(fileId: string, userId: string, sessionIssuedAtMs: number, expires: number): string {
    // A URL signed before the session's time was bound (three fields) can never match one of four: it is refused as not valid.
    return this.signer.sign([fileId, userId, sessionIssuedAtMs, expires]);
  }

  /**
   * The URL of file `fileId` for member `userId` in their session issued at `sessionIssuedAtMs`
   * (the token's iat, in ms), good for the configured time from now.
   */
  urlFor(fileId: string, userId: string, sessionIssuedAtMs: number): string {
    const expires = Math.floor(this.clock() / 1000) + this.ttlSeconds;
    const issued = Math.floor(sessionIssuedAtMs);
    const query = new URLSearchParams({ u: userId, i: String(issued), e: String(expires), s: this.sign(fileId, userId, issued, expires) });
    return `${COURSE_FILES_PREFIX}/${encodeURIComponent(fileId)}?${query}`;
  }

  /**
   * Whether the query's signature is this site's for this file, that member, that session and that
   * expiry, and whether it has passed. Whether the session still counts is the route's to ask.
   */
  check(fileId: string, query: Record<string, unknown>): UrlCheck {
    const { u, i, e, s } = query;
    if (typeof u !== 'string' || typeof i !== 'string' || typeof e !== 'string' || typeof s !== 'string') return { state: 'invalid' };
    if (!/^\d{1,15}$/.test(i) || !/^\d{1,15}$/.test(e)) return { state: 'invalid' };
    if (!this.signer.matches([fileId, u, Number(i), Number(e)], s)) return { state: 'invalid' };
    // Checked after the signature: an expiry is only worth reading once it is known to be ours.
    if (Number(e) * 1000 <= this.clock()) return { state: 'expired' };
    return { state: 'valid', userId: u, sessionIssuedAtMs: Number(i) };
  }
}

declare module '../../app-deps' {
  interface AppDeps {
    /** CONTRACT §4 "Course files": where they live (COURSE_FILES_ROOT) and their signed URLs. */
    courseFiles: { root: string; urls: CourseFileUrls };
  }
}
