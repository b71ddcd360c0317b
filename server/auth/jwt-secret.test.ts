// The secrets generated once in DATA_DIR (the server secret, the two-factor key): several
// processes starting at once on a new data folder must all come up, with the same secret.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { transformSync } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecretFile } from './jwt-secret';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'qc-secret-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// A process of its own, as far as the file system can tell: a thread running this module's code,
// which on each round of the shared counter loads the secret of that round's new folder.
const OTHER_PROCESS = `
const { parentPort, workerData } = require('node:worker_threads');
const path = require('node:path');
const module_ = { exports: {} };
new Function('require', 'module', 'exports', workerData.source)(require, module_, module_.exports);
const round = new Int32Array(workerData.round);
for (let seen = 0; ; ) {
  Atomics.wait(round, 0, seen);
  seen = Atomics.load(round, 0);
  if (seen < 0) break;
  let secret;
  try {
    secret = module_.exports.loadOrCreateSecretFile(path.join(workerData.root, String(seen)), 'two-factor-key');
  } catch (error) {
    secret = 'failed: ' + error.message;
  }
  parentPort.postMessage({ seen, secret });
}
`;

describe('a secret generated once in the data folder', () => {
  it('is 256 random bits, mode 0600, and the same when loaded again', () => {
    const secret = loadOrCreateSecretFile(root, 'two-factor-key');
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(statSync(path.join(root, 'two-factor-key')).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretFile(root, 'two-factor-key')).toBe(secret);
    expect(loadOrCreateSecretFile(root, 'jwt-secret')).not.toBe(secret);
  });

  it('is one secret for processes that start at the same moment on a new folder, and none of them reads it half written', async () => {
    const source = transformSync(readFileSync(path.join(import.meta.dirname, 'jwt-secret.ts'), 'utf8'), { loader: 'ts', format: 'cjs' }).code;
    const round = new Int32Array(new SharedArrayBuffer(4));
    const processes = Array.from({ length: 4 }, () => new Worker(OTHER_PROCESS, { eval: true, workerData: { source, root, round: round.buffer } }));
    const answers = new Map<number, string[]>();
    const waiting = new Map<number, () => void>();
    for (const other of processes) {
      other.on('message', ({ seen, secret }: { seen: number; secret: string }) => {
        const got = [...(answers.get(seen) ?? []), secret];
        answers.set(seen, got);
        if (got.length === processes.length) waiting.get(seen)?.();
      });
    }
    try {
      for (let n = 1; n <= 150; n++) {
        const done = new Promise<void>((resolve) => waiting.set(n, resolve));
        // Every thread wakes on this one store, and creates the folder's secret at once.
        Atomics.store(round, 0, n);
        Atomics.notify(round, 0);
        await done;
      }
    } finally {
      Atomics.store(round, 0, -1);
      Atomics.notify(round, 0);
      await Promise.all(processes.map((other) => other.terminate()));
    }
    for (const [n, secrets] of answers) {
      expect(new Set(secrets).size, `round ${n}: ${secrets.join(', ')}`).toBe(1);
      expect(Buffer.from(secrets[0]!, 'base64url'), `round ${n}`).toHaveLength(32);
      // Nothing of the way there is left behind.
      expect(readdirSync(path.join(root, String(n)))).toEqual(['two-factor-key']);
    }
    expect(answers.size).toBe(150);
  });
});
