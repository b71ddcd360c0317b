// A lesson video of any size for the benchmarks, and its upload through the one-request multipart
// call (CONTRACT §4): the signed file figure reads a 200 MB one, the stream section sends 2 GiB.
import http from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { testClip } from '../../tests/support/media-clips';

const MiB = 2 ** 20;

/**
 * A real clip (ffmpeg's, with its index first) grown to `size` bytes by a top-level 'free' box,
 * which MP4 readers skip: the upload's checks and music-metadata read it as the video it is.
 * Under 4 GiB (the box's size is 32 bits).
 */
export async function* bigVideo(size: number): AsyncGenerator<Buffer> {
  const { bytes } = await testClip('mp4');
  const padding = size - bytes.length;
  const box = Buffer.alloc(8);
  box.writeUInt32BE(padding, 0);
  box.write('free', 4, 'latin1');
  yield bytes;
  yield box;
  const zeros = Buffer.alloc(MiB);
  for (let left = padding - 8; left > 0; left -= MiB) yield zeros.subarray(0, Math.min(MiB, left));
}

/** Uploads a `size`-byte bigVideo as the lesson's media in one multipart request; the new file's id. */
export const uploadVideo = (url: string, headers: Record<string, string>, lessonId: string, size: number) =>
  uploadMedia(url, headers, lessonId, size, () => bigVideo(size));

/** Uploads `size` bytes from `chunks` as the lesson's media (lecture.mp4) in one multipart request; the new file's id. */
export async function uploadMedia(
  url: string,
  headers: Record<string, string>,
  lessonId: string,
  size: number,
  chunks: () => AsyncIterable<Buffer>,
): Promise<string> {
  const boundary = '----bench-course-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="role"\r\n\r\nmedia\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="lecture.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = await new Promise<string>((resolve, reject) => {
    const request = http.request(`${url}/api/admin/course/lessons/${lessonId}/files`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => (response.statusCode === 201 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(Buffer.concat(chunks).toString()))));
    });
    request.on('error', reject);
    pipeline(
      Readable.from(
        (async function* () {
          yield head;
          yield* chunks();
          yield tail;
        })(),
      ),
      request,
    ).catch(reject);
  });
  return (JSON.parse(body) as { file: { _id: string } }).file._id;
}
