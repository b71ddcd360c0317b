// Password hashing with argon2id, run on libuv's thread pool but never on all of it: file I/O
// (static files, media, SQLite's WAL checkpoints aside) shares that pool, so a login burst must
// leave it threads. See docs/decisions/002-password-hashing.md.
import os from 'node:os';
import argon2 from 'argon2';
import { limitConcurrency } from '../lib/concurrency';

// OWASP's argon2id minimum: 19 MiB, two passes, one lane.
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

const threadPoolSize = Number(process.env.UV_THREADPOOL_SIZE) || 4;
// One more hash than cores: a core whose hash just ended has the next one ready to run, instead of
// idling until the main thread has handled the end and started another (decision 002).
const hashingSlots = Math.max(1, Math.min(os.availableParallelism() + 1, threadPoolSize - 1));
const runHashing = limitConcurrency(hashingSlots);

export function hashPassword(password: string): Promise<string> {
  return runHashing(() => argon2.hash(password, ARGON2_OPTIONS));
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return runHashing(() => argon2.verify(hash, password));
}

// Verified against when the email is unknown, so that an unknown email costs the same time as a
// wrong password and the answer's timing tells nothing about which accounts exist.
let dummyHash: Promise<string> | undefined;

export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  return dummyHash.then((hash) => verifyPassword(hash, password)).then(() => false);
}
