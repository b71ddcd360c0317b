// The tokens of mailed links (password reset, email verification and change): 256 random bits,
// sent in the clear once, in the mail, and stored only as their SHA-256, so that a copy of the
// database opens no account.
import { createHash, randomBytes } from 'node:crypto';

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token for the mail, and the hash to store. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}
