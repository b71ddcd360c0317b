// Signed stream URLs (CONTRACT §7 "Delivery"; DESIGN "The course": a stream signs a path prefix).
// The signature binds the file, the member, the issue time of their session and an expiry, as a
// file URL's does (files/file-urls.ts, decision 042), under the same key but over five fields, the
// first 'stream', so neither kind passes as the other. It sits in the PATH:
//   /api/course/streams/{fileId}/{memberId}.{sessionIssuedAtMs}.{expires}.{signature}/master.m3u8
// so the playlists, written once by ffmpeg with relative URLs (v0.m3u8, v0_00000.ts), lead the
// player to every rendition and segment under the same signed prefix, never rewritten per member.
import type { CourseUrlSigner } from '../files/file-urls';

export const STREAMS_PREFIX = '/api/course/streams';

export type StreamCheck = { state: 'valid'; userId: string; sessionIssuedAtMs: number; expiresAtMs: number } | { state: 'invalid' } | { state: 'expired' };

const TOKEN = /^([A-Za-z0-9_-]{1,64})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export class StreamUrls {
  constructor(
    private readonly signer: CourseUrlSigner,
    private readonly ttlSeconds: number,
    private readonly clock: () => number,
  ) {}

  private fields(fileId: string, userId: string, sessionIssuedAtMs: number, expires: number) {
    return ['stream', fileId, userId, sessionIssuedAtMs, expires];
  }

  /** The signed folder of file `fileId`'s stream for member `userId` in their session issued at `sessionIssuedAtMs`, ending in '/'. */
  prefixFor(fileId: string, userId: string, sessionIssuedAtMs: number): string {
    const expires = Math.floor(this.clock() / 1000) + this.ttlSeconds;
    const issued = Math.floor(sessionIssuedAtMs);
    const token = `${userId}.${issued}.${expires}.${this.signer.sign(this.fields(fileId, userId, issued, expires))}`;
    return `${STREAMS_PREFIX}/${encodeURIComponent(fileId)}/${token}/`;
  }

  /** Whether `token` is this site's for this file, and whether it has passed. Whether the member and session still count is the route's to ask. */
  check(fileId: string, token: string): StreamCheck {
    const match = TOKEN.exec(token);
    if (!match) return { state: 'invalid' };
    const [, userId, issued, expires, signature] = match as unknown as [string, string, string, string, string];
    if (!this.signer.matches(this.fields(fileId, userId, Number(issued), Number(expires)), signature)) return { state: 'invalid' };
    // Read after the signature: an expiry is only worth reading once it is known to be ours.
    const expiresAtMs = Number(expires) * 1000;
    if (expiresAtMs <= this.clock()) return { state: 'expired' };
    return { state: 'valid', userId, sessionIssuedAtMs: Number(issued), expiresAtMs };
  }
}

declare module '../../app-deps' {
  interface AppDeps {
    /** CONTRACT §7 "Delivery": the signed prefixes of the lessons' HLS streams. */
    courseStreams: { urls: StreamUrls };
  }
}
