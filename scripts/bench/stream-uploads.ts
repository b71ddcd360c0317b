// Issue 34's upload figure: a 2 GiB lesson video sent by tus (CONTRACT §7: a creation, then
// PATCHes of TUS_CHUNK bytes, as the Course Manager's client sends them) against the one-request
// multipart call, to one server over loopback, from the same file on disk; the server's resident
// memory growth for each (its peak during the upload over its size before); then a tus upload cut
// at half way and resumed from the offset HEAD gives: the bytes sent twice.
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import http from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerProcess } from '../server-process';
import { bigVideo, uploadMedia } from './big-video';
import { threadCpuMeter } from './thread-cpu';

export const UPLOAD_SIZE = 2 * 1024 ** 3 - 1024 ** 2;
/** The Course Manager's chunk (CHUNK_BYTES of client/src/admin/course/resumable-upload.ts), sent here the same way. */
export const TUS_CHUNK = 16 * 1024 ** 2;

/** Writes the 2 GiB video to `file` once. */
export async function writeBigVideo(file: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    for await (const chunk of bigVideo(UPLOAD_SIZE)) await handle.write(chunk);
  } finally {
    await handle.close();
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request whose body is `file`'s bytes [from, to), optionally cut once `cutAfter` bytes of it are sent; counts what it sent. */
function send(url: string, method: string, headers: Record<string, string | number>, file?: { path: string; from: number; to: number; cutAfter?: number }) {
  let sent = 0;
  const done = new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { method, headers: file ? { ...headers, 'content-length': file.to - file.from } : headers });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    if (!file) {
      request.end();
      return;
    }
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        sent += chunk.length;
        if (file.cutAfter !== undefined && sent >= file.cutAfter) {
          // The connection dropped: the socket goes, whatever was in flight.
          request.destroy();
          reject(new Error('cut'));
          return;
        }
        callback(null, chunk);
      },
    });
    pipeline(createReadStream(file.path, { start: file.from, end: file.to - 1, highWaterMark: 1024 ** 2 }), counter, request).catch(() => {});
  });
  return { done, sent: () => sent };
}

const metadata = (lessonId: string) =>
  Object.entries({ lessonId, role: 'media', filename: 'lecture.mp4' })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Creates a tus upload; its URL. */
async function createUpload(server: string, auth: Record<string, string>, lessonId: string, size: number): Promise<string> {
  const created = await send(`${server}/api/admin/course/uploads`, 'POST', {
    ...auth,
    'tus-resumable': '1.0.0',
    'upload-length': size,
    'upload-metadata': metadata(lessonId),
  }).done;
  if (created.status !== 201 || !created.headers.location) throw new Error(`tus creation: ${created.status} ${created.body}`);
  return new URL(created.headers.location, server).href;
}

/** PATCHes `file` from `offset` to its end in TUS_CHUNK pieces, the connection cut once at `cutAt` if given: the bytes sent, and whether it was cut. */
async function patchFrom(
  uploadUrl: string,
  auth: Record<string, string>,
  file: string,
  size: number,
  offset: number,
  cutAt?: number,
): Promise<{ sent: number; cut: boolean }> {
  let sent = 0;
  for (let from = offset; from < size;) {
    const to = Math.min(size, from + TUS_CHUNK);
    const cutAfter = cutAt !== undefined && cutAt >= from && cutAt < to ? cutAt - from : undefined;
    const request = send(
      uploadUrl,
      'PATCH',
      { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': from, 'content-type': 'application/offset+octet-stream' },
      { path: file, from, to, ...(cutAfter === undefined ? {} : { cutAfter }) },
    );
    let answer: Answer;
    try {
      answer = await request.done;
    } catch (error) {
      sent += request.sent();
      if (cutAfter !== undefined) return { sent, cut: true };
      throw error;
    }
    sent += request.sent();
    if (answer.status !== 204) throw new Error(`tus PATCH at ${from}: ${answer.status} ${answer.body}`);
    from = Number(answer.headers['upload-offset']);
  }
  return { sent, cut: false };
}

export interface UploadRun {
  mibPerSecond: number;
  rssGrowthMiB: number;
  /** The server's CPU time over the upload, all its threads. */
  cpuSeconds: number;
}

async function measured(server: ServerProcess, upload: () => Promise<unknown>): Promise<UploadRun> {
  const before = server.rssBytes();
  server.resetPeakRss();
  const cpu = threadCpuMeter(server.pid);
  const started = performance.now();
  await upload();
  const seconds = (performance.now() - started) / 1000;
  const spent = cpu();
  return {
    mibPerSecond: UPLOAD_SIZE / 1024 ** 2 / seconds,
    rssGrowthMiB: (server.peakRssBytes() - before) / 1024 ** 2,
    cpuSeconds: (spent.mainMs + spent.otherThreadsMs) / 1000,
  };
}

export const tusUpload = (server: ServerProcess, auth: Record<string, string>, lessonId: string, file: string) =>
  measured(server, async () => patchFrom(await createUpload(server.url, auth, lessonId, UPLOAD_SIZE), auth, file, UPLOAD_SIZE, 0));

export const multipartUpload = (server: ServerProcess, auth: Record<string, string>, lessonId: string, file: string) =>
  measured(server, () => uploadMedia(server.url, auth, lessonId, UPLOAD_SIZE, () => createReadStream(file, { highWaterMark: 1024 ** 2 })));

/** A tus upload whose connection is cut at half way, then resumed from HEAD's offset: the bytes sent beyond the file's size. */
export async function resentAfterCut(server: ServerProcess, auth: Record<string, string>, lessonId: string, file: string): Promise<number> {
  if ((await stat(file)).size !== UPLOAD_SIZE) throw new Error(`${file} is not the bench's video`);
  const url = await createUpload(server.url, auth, lessonId, UPLOAD_SIZE);
  const first = await patchFrom(url, auth, file, UPLOAD_SIZE, 0, UPLOAD_SIZE / 2);
  if (!first.cut) throw new Error('the upload was not cut');
  // The server keeps what reached its disk; the client asks where to go on, as tus-js-client does after a reload.
  const head = await send(url, 'HEAD', { ...auth, 'tus-resumable': '1.0.0' }).done;
  const rest = await patchFrom(url, auth, file, UPLOAD_SIZE, Number(head.headers['upload-offset']));
  return first.sent + rest.sent - UPLOAD_SIZE;
}
