// Issue 2's figures: login throughput under 16 concurrent clients against bare argon2.verify with
// the same parameters (same run), and /healthz p99 while those logins run.
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { ARGON2_OPTIONS } from '../../server/auth/passwords';
import { startServer } from './server-process';
import { fmt, percentile } from './stats';

const CONCURRENCY = 16;
const SECONDS = 10;

async function bareVerifyRate(): Promise<number> {
  const hash = await argon2.hash('bench password', ARGON2_OPTIONS);
  let done = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        await argon2.verify(hash, 'bench password');
        done++;
      }
    }),
  );
  return done / SECONDS;
}

async function healthLatencies(url: string, until: Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  let running = true;
  void until.then(() => (running = false));
  while (running) {
    const start = performance.now();
    await (await fetch(`${url}/healthz`)).arrayBuffer();
    samples.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return samples;
}

export async function benchAuth() {
  console.log(`\n## Sign-in (${CONCURRENCY} concurrent clients, ${SECONDS} s each)`);
  const bareBefore = await bareVerifyRate();

  const server = await startServer({ ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench password' });
  try {
    const logins = autocannon({
      url: `${server.url}/api/auth/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bench@example.com', password: 'bench password' }),
      connections: CONCURRENCY,
      duration: SECONDS,
    });
    const [result, health] = await Promise.all([logins, healthLatencies(server.url, logins)]);
    const bareAfter = await bareVerifyRate();
    const bare = (bareBefore + bareAfter) / 2;
    const loginRate = result['2xx'] / SECONDS;
    console.log(`bare argon2.verify: ${fmt(bareBefore)}/s before, ${fmt(bareAfter)}/s after (mean ${fmt(bare)}/s)`);
    console.log(`POST /api/auth/login: ${fmt(loginRate)}/s (${result['2xx']} ok, ${result.non2xx} not ok, ${result.errors} errors)`);
    console.log(`ratio login / bare verify: ${fmt(loginRate / bare, 2)} (target >= 0.85)`);
    console.log(`GET /healthz during logins: p50 ${fmt(percentile(health, 50))} ms, p99 ${fmt(percentile(health, 99))} ms over ${health.length} requests (target p99 < 50 ms)`);
  } finally {
    await server.stop();
  }
}
