// Starts the built server (dist/server/main.js), or another command that serves the site, as a
// child process on a free port, the way an operator runs it, for the benchmarks and the end-to-end
// and package tests to use from outside.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** The highest resident set size since start or the last resetPeakRss(), in bytes (Linux). */
  peakRssBytes(): number;
  resetPeakRss(): void;
  /** SIGTERM, wait for the exit, and remove the DATA_DIR unless the caller owns it. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug: no graceful close. Waits for the exit. */
  crash(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** The caller's own DATA_DIR, kept on stop; default a fresh temporary one, removed on stop. */
  dataDir?: string;
  /** Receives the server's stdout and stderr; default: stderr goes to ours, stdout nowhere. */
  onOutput?: (text: string) => void;
  /** The program and its arguments, given the port and data folder; default the built server, which reads both from the environment. */
  command?: (site: { port: number; dataDir: string }) => [string, ...string[]];
  /** The server's working directory; default ours. */
  cwd?: string;
  /** How long the server may take to answer /healthz; default 20 s. */
  startTimeoutMs?: number;
}

const DEFAULT_START_TIMEOUT_MS = 20_000;

/** A port nobody listens on right now, on loopback. */
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

function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
}

export function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'qc-site-'));
}

export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? tempDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const onOutput = options.onOutput ?? ((text: string) => output.push(text));
  const started = performance.now();
  const [program, ...args] = options.command?.({ port, dataDir }) ?? [process.execPath, 'dist/server/main.js'];
  const child = spawn(program, args, {
    cwd: options.cwd,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', APP_URL: url, LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', options.onOutput ? 'pipe' : 'inherit'],
  });
  child.stdout!.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    }
  };
  const stop = async () => {
    await end('SIGTERM');
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  for (;;) {
    const failure =
      child.exitCode !== null
        ? 'exited during start'
        : performance.now() - started > (options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS)
          ? 'did not become healthy'
          : undefined;
    if (failure) {
      await stop();
      throw new Error(`the server ${failure}:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }

  return {
    url,
    pid: child.pid!,
    startupMs: performance.now() - started,
    rssBytes: () => statusBytes(child.pid!, 'VmRSS'),
    peakRssBytes: () => statusBytes(child.pid!, 'VmHWM'),
    // Writing 5 to clear_refs resets the kernel's high-water mark of the process's RSS.
    resetPeakRss: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    stop,
    crash: () => end('SIGKILL'),
  };
}
