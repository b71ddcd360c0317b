import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, errorTextOf, failureReason, fileNameOf, fileProgress, RequestError } from './request';

describe('the request helper (spec §7, §8)', () => {
  it('takes the error text from the message field, else the raw body, else the status', () => {
    expect(errorTextOf(415, { success: false, message: 'Invalid file types: x.exe' })).toBe('Invalid file types: x.exe');
    expect(errorTextOf(502, 'Bad gateway from the proxy')).toBe('Bad gateway from the proxy');
    expect(errorTextOf(500, { message: '  ' })).toBe('HTTP 500');
    expect(errorTextOf(404, null)).toBe('HTTP 404');
  });

  it("falls back to the screen's words when no answer came", () => {
    expect(failureReason(new RequestError(0, null, ''), 'Upload failed')).toBe('Upload failed');
    expect(failureReason(new RequestError(413, null, 'Too big'), 'Upload failed')).toBe('Too big');
    expect(failureReason(new Error('boom'), 'Upload failed')).toBe('Upload failed');
  });

  it('shares the bytes sent among the files in the order they travel', () => {
    // 100 bytes of framing on top of 300 bytes of files: a quarter of the request is 75 file bytes.
    expect(fileProgress(100, 400, [100, 200])).toEqual([0.75, 0]);
    expect(fileProgress(200, 400, [100, 200])).toEqual([1, 0.25]);
    expect(fileProgress(400, 400, [100, 200])).toEqual([1, 1]);
    expect(fileProgress(0, 400, [100, 0, 200])).toEqual([0, 0, 0]);
    expect(fileProgress(200, 400, [100, 0, 200])).toEqual([1, 1, 0.25]);
    expect(fileProgress(5, 0, [10])).toEqual([0]);
  });
});

describe('downloading a file (the member export)', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/file') {
        response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="members-2024-01-31.csv"' });
        response.write('id,name\r\n');
        setTimeout(() => response.end('1,Zoë\r\n'), 20);
      } else if (request.url === '/refused') {
        response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Administrator access is required' }));
      } else {
        // Cut off mid-way, as when the server stops an export: no final chunk.
        response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
        response.write('id,name\r\n1,Ann\r\n', () => setTimeout(() => response.socket?.destroy(), 20));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('reads the whole file chunk by chunk, with the name the server gave it', async () => {
    const chunks: number[] = [];
    const file = await downloadFile(`${base}/file`, { onChunk: (chunk) => chunks.push(chunk.length) });
    expect(file.name).toBe('members-2024-01-31.csv');
    expect(await file.blob.text()).toBe('id,name\r\n1,Zoë\r\n');
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(file.blob.size);
  });

  it("throws the server's words for a refusal, and a bare RequestError for an answer cut short", async () => {
    await expect(downloadFile(`${base}/refused`)).rejects.toMatchObject({ status: 403, message: 'Administrator access is required' });
    const cut = await downloadFile(`${base}/cut`).catch((error: unknown) => error);
    expect(cut).toBeInstanceOf(RequestError);
    expect(failureReason(cut, 'the download was interrupted')).toBe('the download was interrupted');
  });

  it('reads the name from Content-Disposition, if there is one', () => {
    expect(fileNameOf('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
