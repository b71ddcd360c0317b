// Session tokens: HS256 JWTs with the payload {user: {id, role}} (CONTRACT "Tokens and roles"),
// each with its own id (jti), by which a sign-out ends that token alone (server/users/sessions.ts).
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '../../shared/constants';

export interface TokenClaims {
  userId: string;
  tokenId: string;
  issuedAtMs: number;
  expiresAtMs: number;
}

export interface SessionTokens {
  /**
   * `notBeforeMs`: the token is issued then at the earliest, for a caller who keeps a session while
   * all the others end (users.sessions_valid_from is set a millisecond ahead of the clock).
   */
  sign(user: { id: string; role: Role }, options?: { notBeforeMs?: number }): Promise<string>;
  /** The token's claims, or null for any token that is malformed, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

// Tokens whose signature this process has checked. Checking it (WebCrypto's HMAC) was a tenth of an
// authenticated call's time; a token is the same string call after call, so the claims are kept.
// Bounded, so that a flood of valid tokens can only push earlier ones out; a cached token still
// expires on time, and sign-outs are checked on every call anyway (server/users/sessions.ts).
const VERIFIED_TOKENS = 10_000;

export function createSessionTokens(secret: string, ttlSeconds: number): SessionTokens {
  const verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_TOKENS });
  // Imported once: handing jose the raw bytes would import the key again on every sign and verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async sign(user, options = {}) {
      // iat keeps its milliseconds (RFC 7519 allows a fractional NumericDate) so that a token
      // issued right after a password change is not mistaken for one issued before it.
      const now = Math.max(Date.now(), options.notBeforeMs ?? 0) / 1000;
      return new SignJWT({ user: { id: user.id, role: user.role } })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(Math.floor(now) + ttlSeconds)
        .setJti(randomBytes(16).toString('base64url'))
        .sign(await key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > Date.now()) return known;
        verified.delete(token);
      }
      const claims = await verifySignature(token);
      if (claims) verified.set(token, claims);
      return claims;
    },
  };

  async function verifySignature(token: string): Promise<TokenClaims | null> {
    try {
      // A token without a jti (issued before sign-out existed) could not be signed out: refused.
      const { payload } = await jwtVerify(token, await key, {
        algorithms: ['HS256'],
        requiredClaims: ['iat', 'exp', 'jti'],
      });
      const user = payload.user as { id?: unknown } | undefined;
      if (typeof user?.id !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || typeof payload.jti !== 'string') {
        return null;
      }
      return {
        userId: user.id,
        tokenId: payload.jti,
        issuedAtMs: Math.round(payload.iat * 1000),
        expiresAtMs: payload.exp * 1000,
      };
    } catch {
      return null;
    }
  }
}

declare module '../app-deps' {
  interface AppDeps {
    tokens: SessionTokens;
  }
}
