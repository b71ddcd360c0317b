// Session tokens: HS256 JWTs with the payload {user: {id, role}} (CONTRACT "Tokens and roles"),
// each with its own id (jti), by which a sign-out ends that token alone (server/auth/sessions.ts).
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../shared/constants';

export interface TokenClaims {
  userId: string;
  tokenId: string;
  issuedAtMs: number;
  expiresAtMs: number;
}

export interface SessionTokens {
  sign(user: { id: string; role: Role }): Promise<string>;
  /** The token's claims, or null for any token that is malformed, forged or expired. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createSessionTokens(secret: string, ttlSeconds: number): SessionTokens {
  // Imported once: handing jose the raw bytes would import the key again on every sign and verify.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  return {
    async sign(user) {
      // iat keeps its milliseconds (RFC 7519 allows a fractional NumericDate) so that a token
      // issued right after a password change is not mistaken for one issued before it.
      const now = Date.now() / 1000;
      return new SignJWT({ user: { id: user.id, role: user.role } })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(Math.floor(now) + ttlSeconds)
        .setJti(randomBytes(16).toString('base64url'))
        .sign(await key);
    },
    async verify(token) {
      try {
        // A token without a jti (issued before sign-out existed) could not be signed out: refused.
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['iat', 'exp', 'jti'] });
        const user = payload.user as { id?: unknown } | undefined;
        if (typeof user?.id !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || typeof payload.jti !== 'string') {
          return null;
        }
        return { userId: user.id, tokenId: payload.jti, issuedAtMs: Math.round(payload.iat * 1000), expiresAtMs: payload.exp * 1000 };
      } catch {
        return null;
      }
    },
  };
}
