// Issue 5's figure: GET /api/slider/public (a playlist of 12 slides, a library of 40 files) against
// a bare Fastify route answering the same JSON, each in its own process, in rounds of autocannon
// that rotate which goes first, in one run. A second bare route sends our answer's own headers too
// (the security headers, ETag and Cache-Control the contract asks for), so that what those cost is
// told apart from what our code costs. Also shown: the same route answered 304 for a matching
// If-None-Match.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, tempDataDir } from '../server-process';
import { activatePlaylist, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { fmt, median } from './stats';
import { threadCpuMeter } from './thread-cpu';

const ROUNDS = 6;
const SECONDS = 8;
const CONNECTIONS = 10;

// The bare reference: Fastify with its defaults, one route sending the JSON string as it is, and
// one sending it with the headers of our answer.
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
const json = process.env.BENCH_JSON;
const headers = JSON.parse(process.env.BENCH_HEADERS);
app.get('/json', (request, reply) => reply.type('application/json; charset=utf-8').send(json));
app.get('/json-with-headers', (request, reply) => reply.headers(headers).send(json));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + app.server.address().port);
`;

// What Node or Fastify set on any answer; the rest of our answer's headers are ours.
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

async function startBare(json: string, headers: Headers): Promise<{ url: string; child: ChildProcess }> {
  const ours = Object.fromEntries([...headers].filter(([name]) => !TRANSPORT_HEADERS.has(name)));
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    env: { ...process.env, BENCH_JSON: json, BENCH_HEADERS: JSON.stringify(ours) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** A round of autocannon on `url`; `pid`, the server answering it, for the CPU its main thread spends per request. */
async function load(url: string, pid: number, headers: Record<string, string> = {}) {
  const cpu = threadCpuMeter(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const spent = cpu();
  if (result.errors + result.non2xx > 0 && !headers['if-none-match']) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rate: result.requests.average, p99: result.latency.p99, mainUs: (spent.mainMs * 1000) / result.requests.total };
}

export async function benchSliderPublic() {
  console.log(
    `\n## GET /api/slider/public (target: throughput >= 0.9 x a bare Fastify route with the same JSON; ${CONNECTIONS} connections, ${SECONDS} s rounds)`,
  );
  const dataDir = tempDataDir();
  for (let i = 0; i < 30; i++) writeFile(path.join(dataDir, 'media', 'image', `landscape-${i}.jpg`));
  for (let i = 0; i < 10; i++) writeFile(path.join(dataDir, 'media', 'video', `loop-${i}.mp4`));
  const server = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
  let bare: { url: string; child: ChildProcess } | undefined;
  try {
    const items = Array.from({ length: 12 }, (_, i) =>
      i % 4 === 3 ? { type: 'video', url: `/media/video/loop-${i % 10}.mp4` } : { type: 'image', url: `/media/image/landscape-${i}.jpg` },
    );
    await activatePlaylist(server.url, await benchAdminHeaders(server.url), items);

    const publicUrl = `${server.url}/api/slider/public`;
    const response = await fetch(publicUrl);
    const json = await response.text();
    const etag = response.headers.get('etag')!;
    bare = await startBare(json, response.headers);
    console.log(`body ${json.length} bytes, ${(JSON.parse(json) as { data: { slides: unknown[] } }).data.slides.length} slides`);

    const targets = {
      bare: { url: `${bare.url}/json`, pid: bare.child.pid! },
      headers: { url: `${bare.url}/json-with-headers`, pid: bare.child.pid! },
      ours: { url: publicUrl, pid: server.pid },
    };
    type Side = keyof typeof targets;
    const sides = Object.keys(targets) as Side[];
    const rates: Record<Side, number[]> = { bare: [], headers: [], ours: [] };
    const p99s: Record<Side, number[]> = { bare: [], headers: [], ours: [] };
    const mainUs: Record<Side, number[]> = { bare: [], headers: [], ours: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Each side goes first in turn: on this machine the later loads of a round often run slower.
      for (const side of sides.map((_, i) => sides[(round + i) % sides.length]!)) {
        const measured = await load(targets[side].url, targets[side].pid);
        rates[side].push(measured.rate);
        p99s[side].push(measured.p99);
        mainUs[side].push(measured.mainUs);
      }
      const said = (side: Side) => `${fmt(rates[side][round]!, 0)} req/s (p99 ${p99s[side][round]} ms)`;
      console.log(
        `round ${round + 1}: bare ${said('bare')}, bare with our headers ${said('headers')}, /api/slider/public ${said('ours')}, ratio ${fmt(rates.ours[round]! / rates.bare[round]!, 2)}`,
      );
    }
    // The median of the rounds' own ratios: the machine's speed drifts between rounds, less within one.
    const ratio = (a: Side, b: Side) => fmt(median(rates[a].map((rate, i) => rate / rates[b][i]!)), 2);
    console.log(
      `median ratio ${ratio('ours', 'bare')}; against the bare route with our headers ${ratio('ours', 'headers')}; the headers alone ${ratio('headers', 'bare')}`,
    );
    console.log(`p99 median: bare ${median(p99s.bare)} ms, bare with our headers ${median(p99s.headers)} ms, ours ${median(p99s.ours)} ms`);
    // The server's own cost, apart from how the cores were shared with autocannon in this process.
    const cpu = (side: Side) => `${fmt(median(mainUs[side]))} µs`;
    console.log(`server main thread CPU per request, median: bare ${cpu('bare')}, bare with our headers ${cpu('headers')}, ours ${cpu('ours')}`);
    const revalidated = await load(publicUrl, server.pid, { 'if-none-match': etag });
    console.log(`with a matching If-None-Match (304, empty body): ${fmt(revalidated.rate, 0)} req/s, p99 ${revalidated.p99} ms`);
  } finally {
    bare?.child.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A one-byte stand-in for a media file: the slider answers with names, never reads the bytes. */
export function writeFile(file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
}
