// The one-click unsubscribe links of the course mails (CONTRACT §9, RFC 8058; decision 052): each
// binds one member and one list (replies, course updates) with an HMAC-SHA256 under a key of its
// own, derived from the site's secret with HKDF and a label used for nothing else, as the course
// file URLs' is (course/files/file-urls.ts), so that no other signature of the site passes as one.
// They do not expire: a mail read a year later must still unsubscribe, and all a link can do is
// turn one list off for the member it was mailed to.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { MAIL_LISTS, type MailList } from '../../shared/mail';

const KEY_LABEL = 'quantum-course-site: mail unsubscribe link key, v1';
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

export type UnsubscribeCheck = { state: 'valid'; userId: string; list: MailList } | { state: 'invalid' };

export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    siteSecret: string,
    private readonly appUrl: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', siteSecret, Buffer.alloc(0), KEY_LABEL, 32));
  }

  private sign(userId: string, list: MailList): string {
    return createHmac('sha256', this.key)
      .update(JSON.stringify([userId, list]))
      .digest('base64url');
  }

  /** The absolute URL (APP_URL's origin, never a request's Host) that turns `list` off for `userId`. */
  urlFor(userId: string, list: MailList): string {
    return `${this.appUrl}${UNSUBSCRIBE_PATH}?${new URLSearchParams({ m: userId, list, s: this.sign(userId, list) })}`;
  }

  /** Whether the query is a link this site mailed; compared in constant time. */
  check(query: Record<string, unknown>): UnsubscribeCheck {
    const { m, list, s } = query;
    if (typeof m !== 'string' || typeof list !== 'string' || typeof s !== 'string') return { state: 'invalid' };
    if (!(MAIL_LISTS as readonly string[]).includes(list)) return { state: 'invalid' };
    const expected = Buffer.from(this.sign(m, list as MailList));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { state: 'invalid' };
    return { state: 'valid', userId: m, list: list as MailList };
  }
}
