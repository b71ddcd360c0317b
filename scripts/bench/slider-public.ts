// Issue 5's figure: GET /api/slider/public (a playlist of 12 slides, a library of 40 files) against
// a bare Fastify route answering the same JSON, each in its own process, alternating rounds of
// autocannon in one run. Also shown: the same route answered 304 for a matching If-None-Match.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer, tempDataDir } from '../server-process';
import { activatePlaylist, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { fmt, median } from './stats';

const ROUNDS = 6;
const SECONDS = 8;
const CONNECTIONS = 10;

// The bare reference: Fastify with its defaults, one route sending the JSON string as it is.
const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
const json = process.env.BENCH_JSON;
app.get('/json', (request, reply) => reply.type('application/json; charset=utf-8').send(json));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log('listening ' + app.server.address().port);
`;

async function startBare(json: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], {
    env: { ...process.env, BENCH_JSON: json },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(match[1]!);
    });
    child.once('exit', () => reject(new Error('the bare server exited')));
  });
  return { url: `http://127.0.0.1:${port}/json`, child };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.errors + result.non2xx > 0 && !headers['if-none-match']) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return { rate: result.requests.average, p99: result.latency.p99 };
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
    bare = await startBare(json);
    console.log(`body ${json.length} bytes, ${(JSON.parse(json) as { data: { slides: unknown[] } }).data.slides.length} slides`);

    const rates = { ours: [] as number[], bare: [] as number[] };
    const p99s = { ours: [] as number[], bare: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      // Each side goes first in every other round: on this machine the second of two loads often runs slower.
      const bareFirst = round % 2 === 0;
      const earlier = await load(bareFirst ? bare.url : publicUrl);
      const later = await load(bareFirst ? publicUrl : bare.url);
      const [b, o] = bareFirst ? [earlier, later] : [later, earlier];
      rates.bare.push(b.rate);
      rates.ours.push(o.rate);
      p99s.bare.push(b.p99);
      p99s.ours.push(o.p99);
      console.log(
        `round ${round + 1}: bare ${fmt(b.rate, 0)} req/s (p99 ${b.p99} ms), /api/slider/public ${fmt(o.rate, 0)} req/s (p99 ${o.p99} ms), ratio ${fmt(o.rate / b.rate, 2)}`,
      );
    }
    console.log(`median ratio ${fmt(median(rates.ours) / median(rates.bare), 2)}; p99 median: bare ${median(p99s.bare)} ms, ours ${median(p99s.ours)} ms`);
    const revalidated = await load(publicUrl, { 'if-none-match': etag });
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
