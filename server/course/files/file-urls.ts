// Signed URLs of the course's files (CONTRACT §4 "Course files"; DESIGN "The course"): each binds
// one file, one member and an expiry with an HMAC-SHA256 under a key of its own, derived from the
// site's secret with HKDF and a label used for nothing else, so that a file signature can never
// pass as a session token, nor the reverse. The signature only says who the URL was given to and
// until when: the route asks the access rule again at every request (file-serve-route.ts).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

const KEY_LABEL = 'quantum-course-site: course file URL signing key, v1';
export const COURSE_FILES_PREFIX = '/course-files';

export type UrlCheck = { state: 'valid'; userId: string } | { state: 'invalid' } | { state: 'expired' };

export class CourseFileUrls {
  private readonly key: Buffer;

  constructor(
    siteSecret: string,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', siteSecret, Buffer.alloc(0), KEY_LABEL, 32));
  }

  private sign(fileId: string, userId: string, expires: number): string {
    // JSON keeps the three apart whatever characters an id holds.
    return createHmac('sha256', this.key)
      .update(JSON.stringify([fileId, userId, expires]))
      .digest('base64url');
  }

  /** The URL of file `fileId` for member `userId`, good for the configured time from now. */
  urlFor(fileId: string, userId: string): string {
    const expires = Math.floor(this.clock() / 1000) + this.ttlSeconds;
    const query = new URLSearchParams({ u: userId, e: String(expires), s: this.sign(fileId, userId, expires) });
    return `${COURSE_FILES_PREFIX}/${encodeURIComponent(fileId)}?${query}`;
  }

  /** Whether the query's signature is this site's for this file, that member and that expiry, and whether it has passed. */
  check(fileId: string, query: Record<string, unknown>): UrlCheck {
    const { u, e, s } = query;
    if (typeof u !== 'string' || typeof e !== 'string' || typeof s !== 'string' || !/^\d{1,15}$/.test(e)) return { state: 'invalid' };
    const expected = Buffer.from(this.sign(fileId, u, Number(e)));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: 'invalid' };
    // Checked after the signature: an expiry is only worth reading once it is known to be ours.
    if (Number(e) * 1000 <= this.clock()) return { state: 'expired' };
    return { state: 'valid', userId: u };
  }
}

declare module '../../app-deps' {
  interface AppDeps {
    /** CONTRACT §4 "Course files": where they live (COURSE_FILES_ROOT) and their signed URLs. */
    courseFiles: { root: string; urls: CourseFileUrls };
  }
}
