// The request helper of spec §7 for the one call that is not tRPC, the upload: the stored token as
// a bearer credential, FormData out, the reply read as JSON with text as the fallback, and spec
// §8's error text. It uses XMLHttpRequest, because fetch still reports no upload progress.
import { getToken } from './session';

/** A call that failed: `status` is 0 when no answer came (network down, aborted). */
export class RequestError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, message: string) {
    super(message);
    this.name = 'RequestError';
    this.status = status;
    this.body = body;
  }
}

/** Spec §8: the reply's message field, else its raw text, else HTTP {status}. */
export function errorTextOf(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const message = (body as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message.trim();
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return `HTTP ${status}`;
}

/** What to tell the person about a failed call: its own words, or the screen's fallback. */
export function failureReason(error: unknown, fallback: string): string {
  if (error instanceof RequestError) return error.message || fallback;
  return fallback;
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function authorizationHeader(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

function settle<T>(status: number, body: unknown): T {
  if (status >= 200 && status < 300) return body as T;
  throw new RequestError(status, body, errorTextOf(status, body));
}

export interface UploadProgress {
  /** Of the whole request, 0 to 1. */
  overall: number;
  /** Of each file in the order given, 0 to 1. */
  files: number[];
}

/**
 * How far each file has gone, from the bytes of the request sent so far. The files travel in
 * order after the fields, so the multipart framing (a few hundred bytes) is spread over them.
 */
export function fileProgress(loaded: number, total: number, sizes: readonly number[]): number[] {
  const payload = sizes.reduce((sum, size) => sum + size, 0);
  const sent = total > 0 ? (loaded / total) * payload : 0;
  let before = 0;
  return sizes.map((size) => {
    const start = before;
    before += size;
    if (size === 0) return sent >= start ? 1 : 0;
    return Math.min(1, Math.max(0, (sent - start) / size));
  });
}

export interface UploadOptions {
  /** Multipart fields sent before the files (the server reads them first). */
  fields?: Record<string, string>;
  /** The form field every file is sent under. */
  fileField?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Posts fields, then files, as multipart to `path`, reporting upload progress as it goes. */
export function uploadFiles<T>(path: string, files: readonly File[], options: UploadOptions = {}): Promise<T> {
  const { fields = {}, fileField = 'files', onProgress, signal } = options;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(fileField, file, file.name);
  const sizes = files.map((file) => file.size);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(authorizationHeader())) xhr.setRequestHeader(name, value);

    xhr.upload.addEventListener('progress', (event) => {
      if (!onProgress || !event.lengthComputable) return;
      onProgress({ overall: event.total ? event.loaded / event.total : 0, files: fileProgress(event.loaded, event.total, sizes) });
    });
    xhr.addEventListener('load', () => {
      try {
        resolve(settle<T>(xhr.status, parseBody(xhr.responseText)));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    xhr.addEventListener('error', () => reject(new RequestError(0, null, '')));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled', 'AbortError')));

    if (signal) {
      if (signal.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
