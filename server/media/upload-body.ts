// Reading an upload's multipart body. What the parser refuses (no boundary, a body cut short) is the
// client's mistake, a 400 with a reason and never a 500; a file cut at the size limit is refused.
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { TRPCError } from '@trpc/server';
import type { FastifyRequest } from 'fastify';
import { formatBytes, MAX_UPLOAD_BYTES, tooLargeMessage } from '../../shared/media';

const WRITE_BUFFER_BYTES = 1024 * 1024;
const NO_BOUNDARY = "The upload's Content-Type has no multipart boundary";
const CUT_SHORT = 'The upload ended before its closing multipart boundary: it was cut short or is malformed';

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

// The stream stops at the limit, so the file's own size is never known here: only that it is over.
export const tooLarge = (name: string) =>
  new TRPCError({ code: 'PAYLOAD_TOO_LARGE', message: tooLargeMessage(`${name} (over ${formatBytes(MAX_UPLOAD_BYTES)})`) });

// A bare check: the parser itself decides what a boundary may be, and what it refuses is a 400 too.
const hasBoundary = (contentType: string | undefined) => /;\s*boundary\s*=\s*"?[^\s";]/i.test(contentType ?? '');

/** The multipart plugin's own refusals (limits, a closed connection) carry their status; the parser's carry none. */
const hasStatus = (error: unknown) => typeof (error as { statusCode?: unknown } | undefined)?.statusCode === 'number';

/** The parts of the request's multipart body, in order. */
export async function* bodyParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  // Without a boundary the parser throws at once, with a message meant for developers.
  if (!hasBoundary(request.headers['content-type'])) throw badRequest(NO_BOUNDARY);
  try {
    // Only the parser's errors land here: one thrown by the loop over these parts ends it without entering this generator.
    yield* request.parts();
  } catch (error) {
    throw hasStatus(error) ? error : badRequest(CUT_SHORT);
  }
}

/**
 * A limit of a file's own, below the parser's (which is one for the whole route): the course's
 * captions take 1 MiB where its media take gigabytes, and the field saying which comes first.
 */
export interface FileLimit {
  maxBytes: number;
  refusal: (name: string) => TRPCError;
}

/** Passes bytes on until more than `limit.maxBytes` have come, then fails with the limit's refusal. */
function byteLimit(name: string, limit: FileLimit): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > limit.maxBytes ? limit.refusal(name) : null, chunk);
    },
  });
}

/**
 * Streams a file part to `temporary` (created here, never replacing a file). A refusal of the body
 * (cut short, malformed, over the size limit, a client gone) is a TRPCError; the disk's own errors
 * pass as they are. The caller removes `temporary` in any case. `limit`: a lower limit than the
 * parser's for this file.
 */
export async function receiveFile(part: MultipartFile, temporary: string, limit?: FileLimit): Promise<void> {
  const overParserLimit = () => limit?.refusal(part.filename) ?? tooLarge(part.filename);
  // At the limit the parser cuts the file but goes on reading the rest of it, to the next part.
  // Refused there and then: the answer goes out at once, and its connection closes after a few
  // seconds or MB more of the body (server/http/lingering-close.ts), not after what may be gigabytes.
  part.file.once('limit', () => part.file.destroy(overParserLimit()));
  try {
    // flush: the bytes reach the disk before the file gets its name, so a crash right after
    // the answer never leaves a named but truncated file. A 1 MiB buffer lets the socket keep
    // flowing while a write is in flight, and the chunks that gather meanwhile go down in one
    // writev: with the default 16 KiB, reading and writing take turns at half the speed.
    const sink = createWriteStream(temporary, { flags: 'wx', flush: true, highWaterMark: WRITE_BUFFER_BYTES });
    await (limit ? pipeline(part.file, byteLimit(part.filename, limit), sink) : pipeline(part.file, sink));
  } catch (error) {
    if (error instanceof TRPCError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw overParserLimit();
    // The disk's errors name the system call that failed; any other that ends the stream is the body's.
    throw typeof (error as { syscall?: unknown }).syscall === 'string' ? error : badRequest(CUT_SHORT);
  }
  // Should the limit ever pass unannounced, a cut file still never counts as complete.
  if (part.file.truncated) throw overParserLimit();
}
