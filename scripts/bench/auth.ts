// Issue 2's figures: login throughput under 16 concurrent clients against bare argon2.verify with
// the same parameters (same run), and /healthz p99 while those logins run.
import argon2 from 'argon2';
import autocannon from 'autocannon';
import { ARGON2_OPTIONS } from '../../server/users/passwords';
import { startServer } from '../server-process';
import { fmt, percentile } from './stats';
import { threadCpuMeter, type ThreadCpu } from './thread-cpu';

const CONCURRENCY = 16;
const SECONDS = 10;

/** argon2.verify calls a second, CONCURRENCY at once in this process: what the machine's cores can verify. */
export async function bareVerifyRate(): Promise<number> {
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
    // Every 25 ms: enough samples for a p99 without the probe itself taking the CPU the logins need.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return samples;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** CPU time per operation, summed over the rounds: where a sign-in's cost goes beside a bare verify's. */
function perOperation(spent: ThreadCpu[], operations: number): ThreadCpu {
  const total = (key: keyof ThreadCpu) => spent.reduce((sum, s) => sum + s[key], 0) / operations;
  return { mainMs: total('mainMs'), otherThreadsMs: total('otherThreadsMs') };
}

const describe = (cpu: ThreadCpu) => `main thread ${fmt(cpu.mainMs, 2)} ms, other threads ${fmt(cpu.otherThreadsMs, 1)} ms`;
const allThreads = (cpu: ThreadCpu) => cpu.mainMs + cpu.otherThreadsMs;

/** bareVerifyRate in this process, and the CPU its threads spent. */
async function bareVerifyRound(rates: number[], spent: ThreadCpu[]) {
  const cpu = threadCpuMeter(process.pid);
  rates.push(await bareVerifyRate());
  spent.push(cpu());
}

// This machine's speed drifts; alternating rounds (bare, logins, bare, logins, bare) lets the
// ratio compare like with like.
const ROUNDS = 2;

export async function benchAuth() {
  console.log(`\n## Sign-in (${CONCURRENCY} concurrent clients, ${ROUNDS} rounds of ${SECONDS} s, alternating with bare argon2)`);
  // Thousands of sign-ins from one address: its limits are raised out of reach, not turned off, so
  // that their counts are part of what is measured. Each client signs in to its own account, as
  // members do: one account's attempts in flight at once count against its five free checks.
  const server = await startServer({ env: { LOGINS_PER_MINUTE: '1000000000', REGISTRATIONS_PER_HOUR: '1000' } });
  const accounts = Array.from({ length: CONCURRENCY }, (_, i) => ({ name: `Bench ${i}`, email: `bench${i}@example.com`, password: 'bench password' }));
  for (const account of accounts) {
    await fetch(`${server.url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
  }
  const bare: number[] = [];
  const bareCpu: ThreadCpu[] = [];
  await bareVerifyRound(bare, bareCpu);
  const logins: number[] = [];
  const loginCpu: ThreadCpu[] = [];
  const clientCpu: ThreadCpu[] = [];
  const health: number[] = [];
  let failures = 0;
  let clients = 0;
  try {
    for (let round = 0; round < ROUNDS; round++) {
      // The server's threads over the logins and the /healthz probes beside them (a few hundred,
      // each a tiny fraction of a login); and this process's, the clients', sharing the cores.
      const serverCpu = threadCpuMeter(server.pid);
      const clientsCpu = threadCpuMeter(process.pid);
      const run = autocannon({
        url: `${server.url}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections: CONCURRENCY,
        setupClient: (client) => {
          const { email, password } = accounts[clients++ % accounts.length]!;
          client.setBody(JSON.stringify({ email, password }));
        },
        duration: SECONDS,
      });
      const [result, latencies] = await Promise.all([run, healthLatencies(server.url, run)]);
      loginCpu.push(serverCpu());
      clientCpu.push(clientsCpu());
      logins.push(result['2xx'] / SECONDS);
      failures += result.non2xx + result.errors;
      health.push(...latencies);
      await bareVerifyRound(bare, bareCpu);
    }
  } finally {
    await server.stop();
  }
  console.log(`bare argon2.verify: ${bare.map((r) => fmt(r)).join(', ')} /s (mean ${fmt(mean(bare))}/s)`);
  console.log(`POST /api/auth/login: ${logins.map((r) => fmt(r)).join(', ')} /s (mean ${fmt(mean(logins))}/s, ${failures} failed)`);
  console.log(`ratio login / bare verify: ${fmt(mean(logins) / mean(bare), 2)} (target >= 0.95)`);
  const signIns = mean(logins) * SECONDS * ROUNDS;
  const serverPerSignIn = perOperation(loginCpu, signIns);
  const clientsPerSignIn = perOperation(clientCpu, signIns);
  const bareVerify = perOperation(bareCpu, mean(bare) * SECONDS * bare.length);
  console.log(`CPU per sign-in: server ${describe(serverPerSignIn)}; clients ${describe(clientsPerSignIn)}`);
  console.log(`CPU per bare verify: ${describe(bareVerify)}`);
  // Both sides keep the cores busy, so their throughputs stand in inverse proportion to the CPU one
  // operation costs the machine. The clients (autocannon, the /healthz probe) share those cores,
  // and a bare verify has none: a server spending no more than a bare verify would still reach
  // only the ceiling.
  const machinePerSignIn = allThreads(serverPerSignIn) + allThreads(clientsPerSignIn);
  console.log(
    `ratio of CPU per operation, bare verify / sign-in with its clients: ${fmt(allThreads(bareVerify) / machinePerSignIn, 2)}; ` +
      `ceiling with the clients on these cores: ${fmt(allThreads(bareVerify) / (allThreads(bareVerify) + allThreads(clientsPerSignIn)), 2)}`,
  );
  console.log(
    `GET /healthz during logins: p50 ${fmt(percentile(health, 50))} ms, p99 ${fmt(percentile(health, 99))} ms over ${health.length} requests (target p99 < 50 ms)`,
  );
}
