// `npm run bench -- stream` (issue 34, CONTRACT §7), on one server started as an operator runs it:
// 1. the whole HLS ladder from a SOURCE_SECONDS 1080p 8 Mb/s lecture: × realtime, and /healthz's
//    p99 while it runs (against the same loop idle, measured first);
// 2. READERS parallel readers of the ladder's segments: the signed stream route against
//    @fastify/static serving the same folder with no checks, in alternating rounds;
// 3. the first frame on a slow link in Chromium: HLS through hls.js against the original file
//    (stream-first-frame.ts);
// 4. a 2 GiB upload by tus against multipart, and a tus upload cut at half way (stream-uploads.ts).
// It prints figures and asserts nothing. STREAM_PARTS (comma-separated, default all of them) runs
// some parts alone: `ladder`, `readers`, `first-frame`, `uploads`; readers and first-frame need a
// ladder, so either of them makes one, timed as the ladder part is.
import { execFile } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startServer, tempDataDir, type ServerProcess } from '../server-process';
import { uploadMedia } from './big-video';
import { BARE_STATIC } from './bare-static';
import { adminCall, BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { firstFrame, launchBenchChromium, PLAY_SECONDS, SLOW_LINK, type FirstFrame } from './stream-first-frame';
import { multipartUpload, resentAfterCut, TUS_CHUNK, tusUpload, writeBigVideo } from './stream-uploads';
import { fmt, median, percentile } from './stats';
import { threadCpuMeter } from './thread-cpu';

const SOURCE_SECONDS = 60;
const READERS = 50;
const ROUND_MS = 8000;
const ROUNDS = 5;
const MiB = 2 ** 20;
const PARTS = ['ladder', 'readers', 'first-frame', 'uploads'] as const;
type Part = (typeof PARTS)[number];

/** The parts STREAM_PARTS names, or all of them. */
function wantedParts(): Set<Part> {
  const names = process.env.STREAM_PARTS?.split(',')
    .map((name) => name.trim())
    .filter(Boolean) ?? [...PARTS];
  const unknown = names.filter((name) => !(PARTS as readonly string[]).includes(name));
  if (unknown.length > 0) throw new Error(`STREAM_PARTS: unknown part(s) ${unknown.join(', ')}; known: ${PARTS.join(', ')}`);
  return new Set(names as Part[]);
}

/** A SOURCE_SECONDS 1080p30 lecture at a constant 8 Mb/s (filler data keeps the rate), made once per machine. */
async function sourceVideo(): Promise<string> {
  const folder = path.join(tmpdir(), `qc-bench-stream-${process.getuid?.() ?? 'user'}`);
  const file = path.join(folder, `lecture-1080p-8M-${SOURCE_SECONDS}s.mp4`);
  if (existsSync(file)) return file;
  mkdirSync(folder, { recursive: true });
  const partial = `${file}.${process.pid}.partial.mp4`;
  await promisify(execFile)('ffmpeg', [
    ...'-hide_banner -loglevel error -y'.split(' '),
    ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${SOURCE_SECONDS}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:sample_rate=48000:duration=${SOURCE_SECONDS}`],
    ...'-c:v libx264 -preset veryfast -pix_fmt yuv420p -b:v 8M -minrate 8M -maxrate 8M -bufsize 8M -x264-params nal-hrd=cbr'.split(' '),
    ...'-c:a aac -b:a 128k -movflags +faststart'.split(' '),
    partial,
  ]);
  await rename(partial, file);
  return file;
}

interface Site {
  server: ServerProcess;
  auth: Record<string, string>;
  lessonId: string;
  member: Record<string, string>;
}

async function videoLesson(server: ServerProcess): Promise<Site> {
  const auth = await benchAdminHeaders(server.url);
  const json = { ...auth, 'content-type': 'application/json' };
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
  const { token } = await adminCall<{ token: string }>(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench Member', email: 'bench-member@example.com', password: 'bench member password' }),
  });
  return { server, auth, lessonId: lesson._id, member: { authorization: `Bearer ${token}` } };
}

interface Transcode {
  state: string;
  percent: number;
  error: string | null;
}

async function transcodeOf(site: Site, fileId: string): Promise<Transcode | null> {
  const tree = await adminCall<{ modules: Array<{ lessons: Array<{ files: Array<{ _id: string; transcode: Transcode | null }> }> }> }>(
    `${site.server.url}/api/admin/course`,
    { headers: site.auth },
  );
  const file = tree.modules.flatMap((m) => m.lessons.flatMap((l) => l.files)).find((f) => f._id === fileId);
  return file?.transcode ?? null;
}

/** /healthz answered one after another until `until` resolves: each answer's time, ms. */
async function healthLoop(url: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let over = false;
  void until.finally(() => (over = true));
  const times: number[] = [];
  while (!over) {
    const sent = performance.now();
    await new Promise<void>((resolve, reject) =>
      http.get(`${url}/healthz`, { agent }, (response) => response.resume().on('end', resolve).on('error', reject)).on('error', reject),
    );
    times.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  agent.destroy();
  return times;
}

/** Uploads the lecture and waits for its ladder: × realtime and /healthz's p99 while it ran. */
async function benchLadder(site: Site, source: string): Promise<string> {
  const idle = await healthLoop(site.server.url, new Promise((resolve) => setTimeout(resolve, 5000)));
  const fileId = await uploadMedia(site.server.url, site.auth, site.lessonId, statSync(source).size, () => createReadStream(source));
  let runningSince: number | undefined;
  let doneAt: number | undefined;
  const finished = (async () => {
    for (;;) {
      const transcode = await transcodeOf(site, fileId);
      if (transcode?.state === 'running') runningSince ??= performance.now();
      if (transcode?.state === 'done') return (doneAt = performance.now());
      if (transcode?.state === 'failed') throw new Error(`the transcode failed: ${transcode.error}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const busy = await healthLoop(site.server.url, finished);
  await finished;
  const seconds = (doneAt! - (runningSince ?? doneAt!)) / 1000;
  console.log(
    `ladder of a ${SOURCE_SECONDS} s 1080p 8 Mb/s lecture: ${fmt(seconds, 1)} s, ${fmt(SOURCE_SECONDS / seconds, 2)} x realtime; ` +
      `/healthz p99 ${fmt(percentile(busy, 99), 1)} ms while it ran (${busy.length} calls; idle p99 ${fmt(percentile(idle, 99), 1)} ms, target <= 50 ms)`,
  );
  return fileId;
}

/** The master's, the rendition playlists' and the segments' paths, relative to the master's folder. */
async function ladderPaths(masterUrl: string): Promise<{ playlists: string[]; segments: string[] }> {
  const lines = async (url: string) => (await (await fetch(url)).text()).split('\n').map((line) => line.trim());
  const uris = (text: string[]) => [
    ...text.filter((line) => line && !line.startsWith('#')),
    ...text.flatMap((line) => [...line.matchAll(/URI="([^"]+)"/g)].map((match) => match[1]!)),
  ];
  const base = new URL('.', masterUrl);
  const playlists = uris(await lines(masterUrl));
  const segments: string[] = [];
  for (const playlist of playlists) {
    const url = new URL(playlist, base);
    for (const segment of uris(await lines(url.href))) segments.push(new URL(segment, url).href.slice(base.href.length));
  }
  return { playlists, segments };
}

interface ReadRound {
  mibPerSecond: number;
  /** The serving process's CPU time (all its threads) per segment answered, ms. */
  cpuMsPerSegment: number;
}

/** READERS readers fetching random segments under `base` for ROUND_MS from the server `pid`. */
async function readSegments(base: string, segments: string[], pid: number): Promise<ReadRound> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: READERS });
  let bytes = 0;
  let answered = 0;
  const cpu = threadCpuMeter(pid);
  const started = performance.now();
  const end = started + ROUND_MS;
  const one = (url: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => {
            answered++;
            resolve();
          });
          response.on('error', reject);
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (performance.now() < end) await one(`${base}${segments[Math.floor(Math.random() * segments.length)]}`);
    }),
  );
  const spent = cpu();
  agent.destroy();
  return { mibPerSecond: bytes / MiB / ((performance.now() - started) / 1000), cpuMsPerSegment: (spent.mainMs + spent.otherThreadsMs) / answered };
}

async function benchReaders(site: Site, streamsRoot: string, fileId: string, masterUrl: string) {
  const bare = await startServer({
    command: () => [process.execPath, '--input-type=module', '-e', BARE_STATIC],
    env: { FILES_ROOT: path.join(streamsRoot, fileId) },
  });
  try {
    const { segments } = await ladderPaths(masterUrl);
    const signedBase = new URL('.', masterUrl).href;
    const ours: ReadRound[] = [];
    const theirs: ReadRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const signed = async () => ours.push(await readSegments(signedBase, segments, site.server.pid));
      const plain = async () => theirs.push(await readSegments(`${bare.url}/`, segments, bare.pid));
      // Each first in turn: on a shared machine the load drifts within a round too.
      for (const read of round % 2 === 0 ? [plain, signed] : [signed, plain]) await read();
      console.log(
        `round ${round + 1}: signed stream route ${fmt(ours[round]!.mibPerSecond, 0)} MiB/s (${fmt(ours[round]!.cpuMsPerSegment, 2)} CPU ms a segment), ` +
          `@fastify/static ${fmt(theirs[round]!.mibPerSecond, 0)} MiB/s (${fmt(theirs[round]!.cpuMsPerSegment, 2)} CPU ms)`,
      );
    }
    const mid = (rounds: ReadRound[], figure: keyof ReadRound) => median(rounds.map((one) => one[figure]));
    console.log(
      `${READERS} readers of ${segments.length} segments: median throughput ratio signed/static ${fmt(mid(ours, 'mibPerSecond') / mid(theirs, 'mibPerSecond'), 2)} (target >= 0.9); ` +
        `the server's CPU a segment ${fmt(mid(ours, 'cpuMsPerSegment'), 2)} ms against ${fmt(mid(theirs, 'cpuMsPerSegment'), 2)} ms`,
    );
  } finally {
    await bare.stop();
  }
}

const describe = (figure: FirstFrame) =>
  `first frame ${Number.isNaN(figure.firstFrameMs) ? 'never' : `${fmt(figure.firstFrameMs / 1000, 2)} s`}, ${fmt(figure.bytesBefore / 1e6, 2)} MB before it, ` +
  `${figure.stalls} stalls (${fmt(figure.stalledMs / 1000, 1)} s) over the next ${PLAY_SECONDS} s`;

async function benchFirstFrame(site: Site, lesson: { stream: string; original: string }) {
  const browser = await launchBenchChromium();
  try {
    const hls = await firstFrame(browser, site.server.url, 'hls', lesson.stream);
    console.log(`HLS through hls.js: ${describe(hls)} (targets: first frame <= 1.5 s, <= 1 MB before it, 0 stalls)`);
    const original = await firstFrame(browser, site.server.url, 'original', lesson.original);
    console.log(`the original file: ${describe(original)}`);
  } finally {
    await browser.close();
  }
}

/** On a server of its own that runs no transcodes, so that ffmpeg does not share the two cores with the uploads. */
async function benchUploads() {
  const dataDir = tempDataDir();
  const server = await startServer({ env: { ...BENCH_ADMIN_ENV, TRANSCODE_CONCURRENCY: '0' }, dataDir });
  const file = path.join(dataDir, 'upload-2GiB.mp4');
  try {
    const site = await videoLesson(server);
    await writeBigVideo(file);
    const tus: Array<Awaited<ReturnType<typeof tusUpload>>> = [];
    const multipart: Array<Awaited<ReturnType<typeof multipartUpload>>> = [];
    for (let round = 0; round < 2; round++) {
      multipart.push(await multipartUpload(site.server, site.auth, site.lessonId, file));
      tus.push(await tusUpload(site.server, site.auth, site.lessonId, file));
      console.log(
        `round ${round + 1}: tus ${fmt(tus[round]!.mibPerSecond, 0)} MiB/s (RSS +${fmt(tus[round]!.rssGrowthMiB, 0)} MiB, ${fmt(tus[round]!.cpuSeconds, 1)} CPU s), ` +
          `multipart ${fmt(multipart[round]!.mibPerSecond, 0)} MiB/s (RSS +${fmt(multipart[round]!.rssGrowthMiB, 0)} MiB, ${fmt(multipart[round]!.cpuSeconds, 1)} CPU s)`,
      );
    }
    const ratio = median(tus.map((r) => r.mibPerSecond)) / median(multipart.map((r) => r.mibPerSecond));
    console.log(
      `2 GiB: throughput ratio tus/multipart ${fmt(ratio, 2)} (target >= 0.9); tus RSS growth at most ${fmt(Math.max(...tus.map((r) => r.rssGrowthMiB)), 0)} MiB (target <= 64)`,
    );
    const resent = await resentAfterCut(site.server, site.auth, site.lessonId, file);
    console.log(`cut at 50 % and resumed: ${fmt(resent / MiB, 1)} MiB sent twice (a chunk is ${TUS_CHUNK / MiB} MiB; target <= one chunk)`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function benchStream() {
  const parts = wantedParts();
  console.log(
    `\n## Stream: the HLS ladder, its readers, the first frame at ${SLOW_LINK.bitsPerSecond / 1e6} Mb/s and ${SLOW_LINK.latency} ms, uploads of 2 GiB` +
      (parts.size < PARTS.length ? ` (STREAM_PARTS: ${[...parts].join(', ')})` : ''),
  );
  if (parts.has('ladder') || parts.has('readers') || parts.has('first-frame')) await benchLadderAndReaders(parts);
  if (parts.has('uploads')) await benchUploads();
}

async function benchLadderAndReaders(parts: Set<Part>) {
  const source = await sourceVideo();
  const dataDir = tempDataDir();
  const filesRoot = path.join(dataDir, 'course-files');
  const server = await startServer({ env: { ...BENCH_ADMIN_ENV, COURSE_FILES_ROOT: filesRoot }, dataDir });
  try {
    const site = await videoLesson(server);
    const fileId = await benchLadder(site, source);
    const reading = await adminCall<{ lesson: { media: { url: string; stream: { url: string } | null } } }>(
      `${server.url}/api/course/lessons/${site.lessonId}`,
      { headers: site.member },
    );
    const { stream, url: original } = reading.lesson.media;
    if (!stream) throw new Error('the lesson has no stream once its transcode is done');
    if (parts.has('readers')) await benchReaders(site, path.join(filesRoot, 'streams'), fileId, `${server.url}${stream.url}`);
    if (parts.has('first-frame')) await benchFirstFrame(site, { stream: `${server.url}${stream.url}`, original: `${server.url}${original}` });
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
