// The request helper of spec §7 for the calls that are not tRPC, the upload and the member export:
// the stored token as a bearer credential, the reply read as JSON with text as the fallback, and
// spec §8's error text. The upload uses XMLHttpRequest, because fetch still reports no upload
// progress; the export reads its file with fetch, chunk by chunk as it arrives.
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

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gave it (Content-Disposition), if any. */
  name: string | null;
}

export interface DownloadOptions {
  /** Each chunk of the file as it arrives. */
  onChunk?: (chunk: Uint8Array) => void;
  signal?: AbortSignal;
}

/** `filename="..."` of a Content-Disposition header. */
export function fileNameOf(contentDisposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1] ?? null;
}

/**
 * GETs a file from `path` with the session's token, reading it as it arrives. A refusal throws a
 * RequestError with the server's words; an answer cut short (network, server) throws one with
 * status 0, so that a partial file is never taken for the whole.
 */
export async function downloadFile(path: string, { onChunk, signal }: DownloadOptions = {}): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, { headers: authorizationHeader(), ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RequestError(0, null, '');
  }
  if (!response.ok) {
    const body = parseBody(await response.text().catch(() => ''));
    throw new RequestError(response.status, body, errorTextOf(response.status, body));
  }
  const chunks: Array<Uint8Array<ArrayBuffer>> = [];
  try {
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      onChunk?.(read.value);
    }
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new RequestError(0, null, '');
  }
  return { blob: new Blob(chunks, { type: response.headers.get('content-type') ?? '' }), name: fileNameOf(response.headers.get('content-disposition')) };
}
