// Session tokens: HS256 JWTs with the payload {user: {id, role}} (CONTRACT "Tokens and roles").
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '../../shared/constants';

export interface SessionTokens {
  sign(user: { id: string; role: Role }): Promise<string>;
  /** The user id and the issue time in ms, or null for any token that is malformed, forged or expired. */
  verify(token: string): Promise<{ userId: string; issuedAtMs: number } | null>;
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
        .sign(await key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['iat', 'exp'] });
        const user = payload.user as { id?: unknown } | undefined;
        if (typeof user?.id !== 'string' || typeof payload.iat !== 'number') return null;
        return { userId: user.id, issuedAtMs: Math.round(payload.iat * 1000) };
      } catch {
        return null;
      }
    },
  };
}
