// Issues 4 and 13's upload figures: one 200 MB upload over loopback against writing the same bytes
// with a plain Node stream to the same disk, and against a bare node:http server (its own process)
// that writes the request body to a file the same way, without multipart and checks: what loopback
// HTTP and the disk cost on this machine. Alternating, same run. Also the peak RSS growth of our
// server and of the bare sink for each, every first round on a freshly started process, and of our
// server for two concurrent 200 MB uploads. All writers flush to disk before closing, as the upload
// route does.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MAX_UPLOAD_BYTES } from '../../shared/media';
import { startServer, tempDataDir, type ServerProcess } from '../server-process';
import { BENCH_ADMIN_ENV, benchAdminHeaders } from './bench-admin';
import { fmt, median } from './stats';

const SIZE = MAX_UPLOAD_BYTES;
const CHUNK = 1024 * 1024;
const ROUNDS = 3;
const MiB = 2 ** 20;

/** SIZE bytes of an .mp4 (a valid ftyp box first, so the content check passes), one chunk at a time. */
function* videoBytes(): Generator<Buffer> {
  const first = Buffer.alloc(CHUNK, 7);
  Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from('ftypisom'), Buffer.alloc(12)]).copy(first);
  yield first;
  // The same chunk again and again: a stream may still hold it, so it is never changed.
  const chunk = Buffer.alloc(CHUNK, 7);
  for (let sent = CHUNK; sent < SIZE; sent += CHUNK) yield chunk.subarray(0, Math.min(CHUNK, SIZE - sent));
}

async function plainWrite(file: string): Promise<number> {
  const started = performance.now();
  await pipeline(Readable.from(videoBytes()), createWriteStream(file, { flush: true }));
  const ms = performance.now() - started;
  await rm(file);
  return ms;
}

// The bare sink: node:http writing a POST's body to DATA_DIR/bare-sink.bin as the upload route does
// (flushed, 1 MiB write buffer). A DELETE removes the file between rounds, as the bench removes the
// uploads; a GET (/healthz) tells startServer that it is up.
const BARE_SINK = `
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
const file = process.env.DATA_DIR + '/bare-sink.bin';
http.createServer((request, response) => {
  if (request.method === 'GET') return response.end('{}');
  if (request.method === 'DELETE') return rm(file).then(() => response.end('{}'));
  pipeline(request, createWriteStream(file, { flush: true, highWaterMark: 1024 * 1024 })).then(
    () => response.end('{}'),
    () => response.destroy(),
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

function post(url: string, headers: Record<string, string | number>, body: Iterable<Buffer>): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: 'POST', headers });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode} ${Buffer.concat(chunks).toString()}`));
        else resolve(performance.now() - started);
      });
    });
    request.on('error', reject);
    pipeline(Readable.from(body), request).catch(reject);
  });
}

function upload(url: string, headers: Record<string, string>, name: string): Promise<number> {
  const boundary = '----bench-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="mediaType"\r\n\r\nvideo\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const multipartHeaders = { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + SIZE + tail.length };
  return post(
    `${url}/api/media/upload`,
    multipartHeaders,
    (function* () {
      yield head;
      yield* videoBytes();
      yield tail;
    })(),
  );
}

async function deleteAll(server: ServerProcess, headers: Record<string, string>) {
  const files = (await (await fetch(`${server.url}/api/media/files/videos`, { headers })).json()) as { files: Array<{ path: string }> };
  if (files.files.length === 0) return;
  await fetch(`${server.url}/api/media/delete`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ paths: files.files.map((f) => f.path) }),
  });
}

/** Peak RSS growth of the server, in MiB, while `run` goes. */
async function rssGrowth(server: ServerProcess, run: () => Promise<unknown>): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = server.rssBytes();
  server.resetPeakRss();
  await run();
  return (server.peakRssBytes() - before) / MiB;
}

export async function benchMediaUpload() {
  console.log(
    '\n## Media upload, 200 MB (targets: throughput >= 0.9 x a bare HTTP sink, >= 0.7 x plain stream write; peak RSS growth <= 32 MiB, two at once <= 96 MiB)',
  );
  const dataDir = tempDataDir();
  const server = await startServer({ env: BENCH_ADMIN_ENV, dataDir });
  let bare: ServerProcess | undefined;
  try {
    const headers = await benchAdminHeaders(server.url);
    // Round 1 runs on fresh processes, so its RSS growth includes everything a first upload allocates.
    const plainFile = path.join(dataDir, 'media', 'plain-write.bin');
    bare = await startServer({ command: () => [process.execPath, '--input-type=module', '-e', BARE_SINK] });
    const sinkUrl = bare.url;
    const plain: number[] = [];
    const sink: number[] = [];
    const uploads: number[] = [];
    const growth = { ours: [] as number[], bare: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      plain.push(await plainWrite(plainFile));
      growth.bare.push(await rssGrowth(bare, async () => sink.push(await post(sinkUrl, { 'content-length': SIZE }, videoBytes()))));
      await fetch(sinkUrl, { method: 'DELETE' });
      growth.ours.push(await rssGrowth(server, async () => uploads.push(await upload(server.url, headers, `bench-${round}.mp4`))));
      await deleteAll(server, headers);
    }
    const mbps = (ms: number) => SIZE / MiB / (ms / 1000);
    for (let round = 0; round < ROUNDS; round++) {
      console.log(
        `round ${round + 1}: plain write ${fmt(mbps(plain[round]!), 0)} MiB/s, bare HTTP sink ${fmt(mbps(sink[round]!), 0)} MiB/s, upload ${fmt(mbps(uploads[round]!), 0)} MiB/s, peak RSS growth: upload ${fmt(growth.ours[round]!)} MiB, bare HTTP sink ${fmt(growth.bare[round]!)} MiB`,
      );
    }
    console.log(
      `median throughput ratio: upload/plain write ${fmt(median(plain) / median(uploads), 2)}, upload/bare HTTP sink ${fmt(median(sink) / median(uploads), 2)}`,
    );
    console.log(
      `largest peak RSS growth for one 200 MB body: upload ${fmt(Math.max(...growth.ours))} MiB, bare HTTP sink ${fmt(Math.max(...growth.bare))} MiB`,
    );
  } finally {
    await bare?.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  const fresh = await startServer({ env: BENCH_ADMIN_ENV });
  try {
    const headers = await benchAdminHeaders(fresh.url);
    const concurrent = await rssGrowth(fresh, () => Promise.all([upload(fresh.url, headers, 'twin-a.mp4'), upload(fresh.url, headers, 'twin-b.mp4')]));
    console.log(`two concurrent 200 MB uploads on a fresh server: peak RSS growth ${fmt(concurrent)} MiB`);
  } finally {
    await fresh.stop();
  }
}
