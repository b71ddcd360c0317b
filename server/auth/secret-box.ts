// Seals the secrets the server must read again later (two-factor secrets), so that a copy of the
// database alone does not give them away: AES-256-GCM under a key derived by HKDF-SHA-256 from a
// secret kept outside the database. Each sealed value is bound to its context (the owner's id), so
// a value copied onto another row does not open there, and starts with its box's tag, which says
// which key sealed it (server/auth/two-factor-key.ts). See docs/decisions/012-two-factor-sign-in.md.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  /** What every value this box seals starts with (before a dot): which key sealed it. */
  readonly tag: string;
  seal(plain: string, context: string): string;
  /** The plain text, or undefined if the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string | undefined;
}

/**
 * `purpose` names what the key is for; another purpose derives another key from the same secret.
 * `tag` marks the values this box seals, and it opens no value with another tag.
 */
export function createSecretBox(keySecret: string, purpose: string, tag: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keySecret, 'quantum-site secret box', purpose, 32));
  return {
    tag,
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${tag}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [sealedTag, payload] = sealed.split('.');
      if (sealedTag !== tag || !payload) return undefined;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // A wrong key (the key's secret changed), another context, or tampering: GCM's tag says which it is not.
        return undefined;
      }
    },
  };
}
