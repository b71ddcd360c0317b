// Starts the built server (dist/server/main.js) as a child process on a free port with a fresh
// DATA_DIR, the way an operator runs it, for benchmarks to measure from outside.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 from /healthz. */
  startupMs: number;
  /** The server's resident set size now, in bytes (Linux). */
  rssBytes(): number;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function benchDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'qc-bench-'));
}

/** Starts the server on a fresh DATA_DIR that stop() removes, or on the caller's own `ownDataDir`. */
export async function startServer(env: Record<string, string> = {}, ownDataDir?: string): Promise<ServerProcess> {
  const dataDir = ownDataDir ?? benchDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const startupMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    startupMs,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      if (!ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
