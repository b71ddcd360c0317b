// Seals the secrets the server must read again later (two-factor secrets), so that a copy of the
// database alone does not give them away: AES-256-GCM under a key derived by HKDF-SHA-256 from the
// server secret (JWT_SECRET, or the one generated in DATA_DIR). Each sealed value is bound to its
// context (the owner's id), so a value copied onto another row does not open there.
// See docs/decisions/012-two-factor-sign-in.md.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SecretBox {
  seal(plain: string, context: string): string;
  /** The plain text, or undefined if the value was not sealed by this key for this context. */
  open(sealed: string, context: string): string | undefined;
}

/** `purpose` names what the key is for; another purpose derives another key from the same secret. */
export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'quantum-site secret box', purpose, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || !payload) return undefined;
      const bytes = Buffer.from(payload, 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES }).setAAD(Buffer.from(context));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        // A wrong key (the server secret changed), another context, or tampering: GCM's tag says which it is not.
        return undefined;
      }
    },
  };
}
