// One lesson file sent by the tus protocol (CONTRACT §7 "Resumable uploads") with tus-js-client:
// in chunks, each a PATCH, so that a dropped connection costs at most the chunk under way, and
// pausable. The upload's URL is kept in localStorage under a fingerprint of the file and of where
// it goes, so that the same file picked again for the same lesson and role, after a reload or a
// closed tab, resumes where the server says it stands.
import { Upload, type DetailedError, type PreviousUpload } from 'tus-js-client';
import { errorTextOf } from '@/lib/request';
import { getToken } from '@/lib/session';

export const UPLOADS_ENDPOINT = '/api/admin/course/uploads';

/**
 * 16 MiB a PATCH (decision 047): under the body limit a reverse proxy is likely to have
 * (README's nginx example), small enough that a proxy that buffers whole request bodies still
 * shows progress and that a cut costs little, large enough that a chunk's own costs (the session
 * read, the lock, a round trip) stay far below its sending time on a fast link.
 */
export const CHUNK_BYTES = 16 * 1024 * 1024;

export interface UploadTarget {
  lessonId: string;
  role: string;
  lang?: string;
  label?: string;
}

export interface ResumableEvents {
  onProgress(sent: number, total: number): void;
  onSuccess(): void;
  onError(failure: UploadFailure): void;
}

export interface UploadFailure {
  reason: string;
  /** Whether sending again may succeed (a lost connection, a busy upload, a fault of the server), or the file itself was refused. */
  retryable: boolean;
}

export interface ResumableUpload {
  /** Stops sending; what the server holds stays, for resume(). */
  pause(): Promise<void>;
  resume(): void;
}

/** The server's own words for a refusal ({message}), or what happened to the connection. */
export function uploadFailure(error: Error | DetailedError): UploadFailure {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return { reason: 'The connection to the server was lost: press Resume to go on from where it stopped.', retryable: true };
  const status = response.getStatus();
  if (status >= 500) return { reason: 'The server could not take the file just now: press Resume to try again.', retryable: true };
  let body: unknown = response.getBody();
  try {
    body = JSON.parse(String(body));
  } catch {
    // A body that is not JSON is read as text.
  }
  return { reason: errorTextOf(status, body), retryable: status === 423 || status === 409 };
}

/** Where the upload goes is part of its fingerprint: the same file for another lesson or role is another upload. */
function fingerprintOf(file: File, target: UploadTarget): string {
  return ['qc-tus', target.lessonId, target.role, target.lang ?? '', file.name, file.type, file.size, file.lastModified].join('|');
}

/** Starts sending `file` (resuming an earlier upload of it, if one is stored). */
export async function startResumableUpload(file: File, target: UploadTarget, events: ResumableEvents): Promise<ResumableUpload> {
  const metadata: Record<string, string> = { lessonId: target.lessonId, role: target.role, filename: file.name };
  if (target.role === 'captions') Object.assign(metadata, { lang: target.lang ?? '', label: target.label ?? '' });
  const upload = new Upload(file, {
    endpoint: UPLOADS_ENDPOINT,
    metadata,
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000],
    fingerprint: async () => fingerprintOf(file, target),
    removeFingerprintOnSuccess: true,
    // The session's token as the site's other calls send it, read at each request.
    onBeforeRequest: (request) => {
      const token = getToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => events.onProgress(sent, total),
    onSuccess: () => events.onSuccess(),
    onError: (error) => events.onError(uploadFailure(error)),
  });
  const previous: PreviousUpload[] = await upload.findPreviousUploads().catch(() => []);
  const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
  if (latest) upload.resumeFromPreviousUpload(latest);
  upload.start();
  return {
    pause: () => upload.abort(),
    resume: () => upload.start(),
  };
}
