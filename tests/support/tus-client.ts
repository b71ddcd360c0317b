// A tus 1.0.0 client for tests, over real HTTP (fetch) to a listening site: the calls of
// CONTRACT §7 "Resumable uploads", each answering its status, headers and body as sent.
export const UPLOADS = '/api/admin/course/uploads';

export interface TusAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body's message, when it is the site's {message}. */
  message: string | undefined;
}

/** Upload-Metadata: each key with its value in Base64. */
export const uploadMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

export class TusClient {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  async call(method: string, path: string, headers: Record<string, string> = {}, body?: BodyInit): Promise<TusAnswer> {
    const response = await fetch(this.base + path, {
      method,
      headers: { 'tus-resumable': '1.0.0', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body, duplex: 'half' }),
    } as RequestInit);
    const text = await response.text();
    let message: string | undefined;
    try {
      message = (JSON.parse(text) as { message?: string }).message;
    } catch {
      message = undefined;
    }
    return { status: response.status, headers: response.headers, text, message };
  }

  create(fields: Record<string, string>, length: number): Promise<TusAnswer> {
    return this.call('POST', UPLOADS, { 'upload-length': String(length), 'upload-metadata': uploadMetadata(fields) });
  }

  /** Creates an upload that must be taken; its path (the Location). */
  async created(fields: Record<string, string>, length: number): Promise<string> {
    const answer = await this.create(fields, length);
    if (answer.status !== 201) throw new Error(`creation answered ${answer.status}: ${answer.text}`);
    return answer.headers.get('location')!;
  }

  /** Bytes as a buffer (copied into a body fetch takes), or a stream that sends them as it likes. */
  patch(path: string, offset: number, bytes: Buffer | ReadableStream<Uint8Array>): Promise<TusAnswer> {
    const body = Buffer.isBuffer(bytes) ? new Uint8Array(bytes) : bytes;
    return this.call('PATCH', path, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body);
  }

  head(path: string): Promise<TusAnswer> {
    return this.call('HEAD', path);
  }

  /** Sends `bytes` in chunks of `chunk` from `from`; the last answer. */
  async send(path: string, bytes: Buffer, chunk = bytes.length, from = 0): Promise<TusAnswer> {
    let answer: TusAnswer | undefined;
    for (let offset = from; offset < bytes.length; offset += chunk) {
      answer = await this.patch(path, offset, bytes.subarray(offset, offset + chunk));
      if (answer.status !== 204) return answer;
    }
    return answer!;
  }
}
