// Issue 26's signed file figure: 20 parallel readers, each asking for 1 MiB Ranges at random places
// of a 200 MB lesson video through its signed URL (GET /course-files/...: signature, member, access
// rule, then @fastify/send), against @fastify/static serving the same file from the same folder
// with no checks, in a process of its own. Alternating rounds, same run. Throughput is bytes
// received per second across all readers; time to first byte is from the request to its headers.
// Then one reader alone, for what the checks cost a request when nothing else competes.
// The section goes on with the progress figures (course-progress.ts) and the search's
// (course-search.ts), each on SQLite and PostgreSQL.
import http from 'node:http';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { startServer, tempDataDir } from '../server-process';
import { BARE_STATIC } from './bare-static';
import { adminCall, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { uploadVideo } from './big-video';
import { benchCourseProgress } from './course-progress';
import { benchCourseSearch } from './course-search';
import { onPostgres } from './course-sites';
import { fmt, median, percentile } from './stats';

const SIZE = 200 * 1024 * 1024;
const RANGE = 1024 * 1024;
const READERS = 20;
const ROUND_MS = 8000;
const ROUNDS = 3;
const MiB = 2 ** 20;

/** `readers` readers asking for random `range`-byte ranges of `url` for ROUND_MS: MiB/s and each request's time to first byte. */
async function readRanges(url: string, readers = READERS, range = RANGE): Promise<{ mibPerSecond: number; ttfb: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: readers });
  const ttfb: number[] = [];
  let bytes = 0;
  const started = performance.now();
  const end = started + ROUND_MS;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const from = Math.floor(Math.random() * (SIZE - range));
      const sent = performance.now();
      http
        .get(url, { agent, headers: { range: `bytes=${from}-${from + range - 1}` } }, (response) => {
          ttfb.push(performance.now() - sent);
          if (response.statusCode !== 206) reject(new Error(`${url}: ${response.statusCode}`));
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', resolve);
          response.on('error', reject);
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { mibPerSecond: bytes / MiB / seconds, ttfb };
}

/** `npm run bench -- course`: the signed file route, then progress and search on SQLite and PostgreSQL. */
export async function benchCourse() {
  await benchCourseFiles();
  await onPostgres(async (postgres) => {
    await benchCourseProgress(postgres);
    await benchCourseSearch(postgres);
  });
}

export async function benchCourseFiles() {
  console.log(
    `\n## Course files: ${READERS} parallel Range readers (1 MiB each) of a 200 MB video, signed route vs @fastify/static with no checks (targets: throughput >= 0.9 x static; TTFB p95 <= 5 ms)`,
  );
  const dataDir = tempDataDir();
  const filesRoot = path.join(dataDir, 'course-files');
  const server = await startServer({ env: { ...BENCH_ADMIN_ENV, COURSE_FILES_ROOT: filesRoot }, dataDir });
  const bare = await startServer({ command: () => [process.execPath, '--input-type=module', '-e', BARE_STATIC], env: { FILES_ROOT: filesRoot } });
  try {
    const admin = await benchAdminHeaders(server.url);
    const json = { ...admin, 'content-type': 'application/json' };
    const { module } = await adminCall<{ module: { _id: string } }>(`${server.url}/api/admin/course/modules`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ title: 'Bench', published: true }),
    });
    const { lesson } = await adminCall<{ lesson: { _id: string } }>(`${server.url}/api/admin/course/lessons`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ moduleId: module._id, title: 'Lecture', kind: 'video', published: true, freePreview: true }),
    });
    const fileId = await uploadVideo(server.url, admin, lesson._id, SIZE);
    // A member, who reads the lesson as the player's page does: the URL is theirs.
    const { token } = await adminCall<{ token: string }>(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Member', email: 'bench-member@example.com', password: 'bench member password' }),
    });
    const reading = await adminCall<{ lesson: { media: { url: string } } }>(`${server.url}/api/course/lessons/${lesson._id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const signed = `${server.url}${reading.lesson.media.url}`;
    const plain = `${bare.url}/${fileId}.mp4`;

    const ours: Array<Awaited<ReturnType<typeof readRanges>>> = [];
    const theirs: Array<Awaited<ReturnType<typeof readRanges>>> = [];
    for (let round = 0; round < ROUNDS; round++) {
      theirs.push(await readRanges(plain));
      ours.push(await readRanges(signed));
      console.log(
        `round ${round + 1}: signed route ${fmt(ours[round]!.mibPerSecond, 0)} MiB/s (TTFB p95 ${fmt(percentile(ours[round]!.ttfb, 95), 2)} ms), ` +
          `@fastify/static ${fmt(theirs[round]!.mibPerSecond, 0)} MiB/s (TTFB p95 ${fmt(percentile(theirs[round]!.ttfb, 95), 2)} ms)`,
      );
    }
    // The route's own cost, without 19 other streams in the same event loops: one reader, 64 KiB at a time.
    const lone = { ours: await readRanges(signed, 1, 64 * 1024), theirs: await readRanges(plain, 1, 64 * 1024) };
    console.log(
      `one reader, 64 KiB ranges: TTFB p95 signed ${fmt(percentile(lone.ours.ttfb, 95), 2)} ms, static ${fmt(percentile(lone.theirs.ttfb, 95), 2)} ms ` +
        `(median ${fmt(median(lone.ours.ttfb), 2)} / ${fmt(median(lone.theirs.ttfb), 2)} ms)`,
    );
    const ratio = median(ours.map((r) => r.mibPerSecond)) / median(theirs.map((r) => r.mibPerSecond));
    console.log(
      `median throughput ratio signed/static ${fmt(ratio, 2)}; TTFB p95 over all rounds: signed ${fmt(
        percentile(
          ours.flatMap((r) => r.ttfb),
          95,
        ),
        2,
      )} ms, ` +
        `static ${fmt(
          percentile(
            theirs.flatMap((r) => r.ttfb),
            95,
          ),
          2,
        )} ms`,
    );
  } finally {
    await bare.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
