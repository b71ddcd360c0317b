// Issue 9's abuse figures, tried from outside against the built server as an attacker would:
// - 1,000 wrong passwords for one account sent at once (plain, then as 100 tRPC batches of ten),
//   and how many passwords the server checked (every check logs "sign-in failed");
// - a 256 MB body sent to a tRPC path (multipart, declared JSON, chunked JSON), and the server's
//   peak RSS growth meanwhile.
import http from 'node:http';
import { startServer, type ServerProcess } from '../server-process';
import { fmt } from './stats';

const GUESSES = 1000;
const BIG_BODY = 256 * 1024 * 1024;
const MiB = 2 ** 20;
const victim = { name: 'Victim', email: 'victim@example.com', password: 'the right password' };

async function withServer(env: Record<string, string>, run: (server: ServerProcess, checks: () => number) => Promise<void>) {
  let output = '';
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...env }, onOutput: (text) => (output += text) });
  try {
    const checks = () => output.split('\n').filter((line) => line.includes('"msg":"sign-in failed"')).length;
    await run(server, checks);
  } finally {
    await server.stop();
  }
}

const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((res) => res.status);

async function parallelGuesses(label: string, env: Record<string, string>) {
  await withServer(env, async (server, checks) => {
    await post(`${server.url}/api/auth/register`, victim);
    const guess = (i: number) => ({ email: victim.email, password: `wrong guess ${i}` });
    const plain = await Promise.all(Array.from({ length: GUESSES }, (_, i) => post(`${server.url}/api/auth/login`, guess(i))));
    const afterPlain = checks();
    const batchUrl = `${server.url}/trpc/${Array(10).fill('auth.login').join(',')}?batch=1`;
    await Promise.all(
      Array.from({ length: GUESSES / 10 }, (_, b) => post(batchUrl, Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, guess(b * 10 + i)])))),
    );
    const counts = new Map<number, number>();
    for (const status of plain) counts.set(status, (counts.get(status) ?? 0) + 1);
    console.log(
      `${label}: ${GUESSES} parallel POST /api/auth/login → ${afterPlain} password checks (answers ${[...counts].map(([s, n]) => `${n}× ${s}`).join(', ')}); ` +
        `then ${GUESSES} more in tRPC batches of 10 → ${checks() - afterPlain} more checks (target: at most 5 in all)`,
    );
  });
}

interface BigBodyResult {
  status: number | string;
  /** MiB sent when the answer came, and when the server closed the connection. */
  answeredMiB: number;
  closedMiB: number;
  closedAfterMs: number;
}

/** Sends `headers`, then up to BIG_BODY bytes as fast as the server takes them, until the server closes the connection. */
function bigBody(url: string, headers: Record<string, string | number>) {
  return new Promise<BigBodyResult>((resolve) => {
    const target = new URL(url);
    const started = performance.now();
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers });
    let sent = 0;
    let status: number | string = 'no answer';
    let answeredMiB = NaN;
    const chunk = Buffer.alloc(MiB, 'a');
    request.on('response', (response) => {
      status = response.statusCode ?? 'no status';
      answeredMiB = sent / MiB;
      response.resume();
    });
    request.on('error', () => {});
    request.on('close', () => resolve({ status, answeredMiB, closedMiB: sent / MiB, closedAfterMs: performance.now() - started }));
    // Like an attacker, it does not stop when answered: only a closed connection stops it.
    const pump = () => {
      while (sent < BIG_BODY && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

async function bigBodies() {
  await withServer({}, async (server) => {
    const url = `${server.url}/trpc/auth.login`;
    const cases: Array<[string, () => Promise<BigBodyResult>]> = [
      ['multipart/form-data, Content-Length 256 MB', () => bigBody(url, { 'content-type': 'multipart/form-data; boundary=b', 'content-length': BIG_BODY })],
      ['application/json, Content-Length 256 MB', () => bigBody(url, { 'content-type': 'application/json', 'content-length': BIG_BODY })],
      ['application/json, chunked, no length', () => bigBody(url, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' })],
    ];
    for (const [label, send] of cases) {
      const before = server.rssBytes();
      server.resetPeakRss();
      const result = await send();
      const growth = (server.peakRssBytes() - before) / MiB;
      console.log(
        `256 MB to /trpc/auth.login (${label}): answer ${result.status} after ${fmt(result.answeredMiB, 0)} MiB sent; ` +
          `connection closed after ${fmt(result.closedMiB, 0)} MiB, ${fmt(result.closedAfterMs / 1000)} s; peak RSS growth ${fmt(growth)} MiB (target < 16 MiB)`,
      );
    }
  });
}

export async function benchAbuse() {
  console.log(`\n## Abuse: ${GUESSES} parallel guesses at one account, and 256 MB bodies to a tRPC path`);
  await parallelGuesses('default limits', {});
  // Only the account-and-address lockout standing: the per-address sign-in limit raised out of the way.
  await parallelGuesses('LOGINS_PER_MINUTE=100000', { LOGINS_PER_MINUTE: '100000' });
  await bigBodies();
}
