// When JWT_SECRET is unset, the signing key is generated once and kept in DATA_DIR (mode 0600),
// so tokens survive a restart without the operator ever handling a secret.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SECRET_FILE = 'jwt-secret';

export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails if the file exists, so two processes starting at once cannot overwrite each other.
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < 32) throw new Error(`${file} holds a secret shorter than 32 bytes`);
  return secret;
}
