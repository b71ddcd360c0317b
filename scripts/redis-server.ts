// A throwaway redis-server (Debian's package) on a free port, in a temporary folder, for the tests and the scale bench
// of what several processes share. `.ci/run` installs the package; so does the README's note.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

export interface RedisServer {
  url: string;
  /** Freezes the server (SIGSTOP): it keeps its connections but answers nothing, as a stalled Redis. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const answersPing = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(port, '127.0.0.1');
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.write('PING\r\n');
  });

/** `settings`: more of redis-server's options, as `['--maxmemory-policy', 'allkeys-lru']`. */
export async function startRedis(settings: string[] = []): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'qc-redis-'));
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', ...settings], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // redis-server writes its own refusals (a port taken meanwhile, say) to stdout.
  let output = '';
  let failure = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (failure += chunk.toString()));
  child.once('error', (error) => (failure += error.message));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (const started = Date.now(); !(await answersPing(port));) {
    if (failure || child.exitCode !== null || Date.now() - started > 10_000) {
      await stop();
      throw new Error(`redis-server did not start (is Debian's redis-server package installed?): ${failure}${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url: `redis://127.0.0.1:${port}`, pause: () => child.kill('SIGSTOP'), resume: () => child.kill('SIGCONT'), stop };
}
