// When JWT_SECRET is unset, the signing key is generated once and kept in DATA_DIR (mode 0600),
// so tokens survive a restart without the operator ever handling a secret. The two-factor key
// (TWO_FACTOR_KEY, server/auth/two-factor-key.ts) is kept the same way, in a file of its own.
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Writes a new secret to `file` unless it exists. The secret is written whole under a name of its
 * own and then linked to `file`: several processes starting at once on a new data folder all try,
 * the link of the first wins (a link never replaces a name), and none can read the file before
 * its secret is in it, as they could when the first one's write was still under way.
 */
function createSecretFile(file: string) {
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${randomBytes(8).toString('hex')}.new`;
  writeFileSync(draft, secret, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return;
    // A file system without hard links: written in place, which only refuses to overwrite.
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch (inPlace) {
      if (errorCode(inPlace) !== 'EEXIST') throw inPlace;
    }
  } finally {
    rmSync(draft, { force: true });
  }
}

/** The secret kept in `DATA_DIR/<fileName>`: 256 random bits, written by the first process to start. */
export function loadOrCreateSecretFile(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(file)) createSecretFile(file);
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < 32) throw new Error(`${file} holds a secret shorter than 32 bytes`);
  return secret;
}

export const loadOrCreateJwtSecret = (dataDir: string): string => loadOrCreateSecretFile(dataDir, 'jwt-secret');
