// CONTRACT "Media (admin)" through the REST façade and the two streaming routes, on a real
// temporary MEDIA_ROOT.
import { existsSync, mkdirSync, readdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../shared/media';
import { CLOSING, CRLF, fieldPart, fileHead, multipart, MULTIPART, type UploadFile } from '../../tests/support/multipart';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const MP4 = Buffer.concat([Buffer.from('00000018', 'hex'), Buffer.from('ftypisom'), Buffer.alloc(200, 2)]);

let t: TestApp;
let token: string;
let media: string;

beforeEach(async () => {
  t = await createTestApp({ env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root password' } });
  media = t.config.mediaRoot;
  token = (await callJson(t.app, 'POST', '/api/auth/login', { email: 'root@example.com', password: 'root password' })).body.token as string;
});
afterEach(async () => {
  await t.close();
});

function put(relative: string, content: Buffer | string = PNG) {
  mkdirSync(path.dirname(path.join(media, relative)), { recursive: true });
  writeFileSync(path.join(media, relative), content);
}

const api = (method: 'GET' | 'POST', url: string, body?: unknown, bearer: string | undefined = token) => callJson(t.app, method, url, body, bearer);

async function upload(fields: Record<string, string>, files: UploadFile[], filesFirst = false) {
  const { payload, headers } = multipart(fields, files, filesFirst);
  const res = await t.app.inject({ method: 'POST', url: '/api/media/upload', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const leftovers = (folder: string) => (existsSync(folder) ? readdirSync(folder).filter((n) => n.startsWith('.upload-')) : []);

describe('authorization', () => {
  it('every media route but /media itself needs an admin', async () => {
    const member = (await callJson(t.app, 'POST', '/api/auth/register', { name: 'M', email: 'm@example.com', password: 'member pw' })).body.token as string;
    for (const [method, url] of [
      ['GET', '/api/media/files'],
      ['GET', '/api/media/files/images'],
      ['GET', '/api/media/files/videos'],
      ['POST', '/api/media/scan-files'],
      ['POST', '/api/media/delete'],
      ['POST', '/api/media/upload'],
    ] as const) {
      expect((await callJson(t.app, method, url, {})).status, url).toBe(401);
      expect((await api(method, url, {}, member)).status, url).toBe(403);
    }
  });
});

describe('listing and scanning', () => {
  beforeEach(() => {
    put('image/dawn.png');
    put('image/trips/dusk.jpg', Buffer.from('ffd8ffe0', 'hex'));
    put('image/.secret.png');
    put('image/notes.txt', 'text');
    put('video/sea.mp4', MP4);
    put('audio/song.mp3', Buffer.from('ID3abc'));
  });

  it('lists all files with their category, or only images or videos', async () => {
    const all = await api('GET', '/api/media/files');
    expect(all.body).toEqual({
      success: true,
      files: [
        { path: 'audio/song.mp3', name: 'song.mp3', size: 6, category: 'audio' },
        { path: 'image/dawn.png', name: 'dawn.png', size: PNG.length, category: 'image' },
        { path: 'image/trips/dusk.jpg', name: 'dusk.jpg', size: 4, category: 'image' },
        { path: 'video/sea.mp4', name: 'sea.mp4', size: MP4.length, category: 'video' },
      ],
      total: 4,
      nextCursor: null,
    });
    expect(((await api('GET', '/api/media/files/images')).body.files as unknown[]).length).toBe(2);
    expect(((await api('GET', '/api/media/files/videos')).body.files as Array<{ path: string }>).map((f) => f.path)).toEqual(['video/sea.mp4']);
  });

  it('pages a listing with limit and cursor: each page starts after the last one, the total counts them all', async () => {
    const pages: unknown[] = [];
    let cursor = '';
    do {
      const page = await api('GET', `/api/media/files?limit=3&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(4);
      pages.push((page.body.files as Array<{ path: string }>).map((f) => f.path));
      cursor = page.body.nextCursor as string;
    } while (cursor !== null);
    expect(pages).toEqual([['audio/song.mp3', 'image/dawn.png', 'image/trips/dusk.jpg'], ['video/sea.mp4']]);
    // A cursor need not be a file: the page starts after where it would sort.
    const images = await api('GET', `/api/media/files/images?limit=1&cursor=${encodeURIComponent('image/e')}`);
    expect(images.body).toMatchObject({ files: [{ path: 'image/trips/dusk.jpg' }], total: 2, nextCursor: null });
    expect((await api('GET', '/api/media/files?limit=2&cursor=zzz')).body).toMatchObject({ files: [], total: 4, nextCursor: null });
  });

  it('refuses a limit that is not a whole number from 1 to 1000, and a cursor past 4096 characters', async () => {
    for (const limit of ['0', '-1', '1.5', 'ten', '1001']) {
      expect(await api('GET', `/api/media/files?limit=${limit}`), limit).toMatchObject({
        status: 400,
        body: { success: false, message: 'limit must be a whole number from 1 to 1000' },
      });
    }
    expect((await api('GET', `/api/media/files?cursor=${'a'.repeat(4097)}`)).body).toEqual({ success: false, message: 'cursor is too long' });
  });

  it('looks up which paths are library files, as the listing shows them (tRPC, for the items of a playlist)', async () => {
    put('image/real/sun.png');
    symlinkSync(path.join(media, 'image/real'), path.join(media, 'image/linked'));
    symlinkSync(path.join(media, 'image/dawn.png'), path.join(media, 'image/alias.png'));
    const paths = [
      'image/dawn.png',
      'image/dawn.png',
      'image/trips/dusk.jpg',
      'image/real/sun.png',
      'image/linked/sun.png',
      'image/alias.png',
      'image/.secret.png',
      'image/notes.txt',
      'image/../video/sea.mp4',
      'video/sea.mp4',
      'video/gone.mp4',
      'image/dawn.png/x.png',
      'audio',
      '',
    ];
    const input = encodeURIComponent(JSON.stringify({ paths }));
    const res = await t.app.inject({ url: `/trpc/media.lookup?input=${input}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.files).toEqual([
      { path: 'image/dawn.png', name: 'dawn.png', size: PNG.length, category: 'image' },
      { path: 'image/real/sun.png', name: 'sun.png', size: PNG.length, category: 'image' },
      { path: 'image/trips/dusk.jpg', name: 'dusk.jpg', size: 4, category: 'image' },
      { path: 'video/sea.mp4', name: 'sea.mp4', size: MP4.length, category: 'video' },
    ]);
    const tooMany = encodeURIComponent(JSON.stringify({ paths: Array.from({ length: 1001 }, (_, i) => `image/${i}.png`) }));
    const refused = await t.app.inject({ url: `/trpc/media.lookup?input=${tooMany}`, headers: { authorization: `Bearer ${token}` } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('At most 1000 paths at once');
    // A control character is no library path: the whole lookup is refused, naming the field (shared/text.ts).
    const withNul = encodeURIComponent(JSON.stringify({ paths: ['image/dawn.png', 'x\u0000.png'] }));
    const nul = await t.app.inject({ url: `/trpc/media.lookup?input=${withNul}`, headers: { authorization: `Bearer ${token}` } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toMatch(/must not contain control characters/);
  });

  it('takes a relative base path inside MEDIA_ROOT and refuses one outside with 400', async () => {
    put('other/image/one.png');
    expect(((await api('GET', '/api/media/files?basePath=other')).body.files as unknown[]).length).toBe(1);
    for (const outside of ['..', '../..', '/etc', 'other/../../x']) {
      const res = await api('GET', `/api/media/files?basePath=${encodeURIComponent(outside)}`);
      expect(res, outside).toMatchObject({ status: 400, body: { success: false, message: 'basePath must be inside the media folder' } });
    }
    symlinkSync('/etc', path.join(media, 'sneaky'));
    expect((await api('GET', '/api/media/files?basePath=sneaky')).status).toBe(400);
  });

  it('scans: counts by category, with a timestamp kept for the last-scan line', async () => {
    const res = await api('POST', '/api/media/scan-files', { basePath: '' });
    expect(res.body).toMatchObject({ success: true, discoveries: { total: 4, images: 2, videos: 1, audio: 1 } });
    expect(res.body.message).toEqual(expect.any(String));
    const last = await t.app.inject({ url: '/trpc/media.lastScan?input=%7B%7D', headers: { authorization: `Bearer ${token}` } });
    expect(last.json().result.data).toEqual({ timestamp: res.body.timestamp, discoveries: res.body.discoveries });
  });
});

describe('upload', () => {
  it('stores valid files under their media type with a safe name, never overwriting', async () => {
    put('image/dawn.png');
    const res = await upload({ mediaType: 'image', basePath: '' }, [
      { name: 'dawn.png', type: 'image/png', content: PNG },
      { name: '../../../escape.png', type: 'image/png', content: PNG },
      { name: 'logo.svg', type: 'image/svg+xml', content: SVG },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, uploadedCount: 3 });
    expect((res.body.files as Array<{ path: string }>).map((f) => f.path)).toEqual(['image/dawn-1.png', 'image/escape.png', 'image/logo.svg']);
    expect(existsSync(path.join(path.dirname(media), 'escape.png'))).toBe(false);
  });

  it('refuses a type not allowed for the media type (415) and a file whose content does not match its extension, leaving nothing', async () => {
    const exe = await upload({ mediaType: 'image' }, [{ name: 'setup.exe', type: 'application/x-msdownload', content: Buffer.from('MZ') }]);
    expect(exe).toMatchObject({ status: 415, body: { success: false, message: 'Invalid file types: setup.exe. Please select valid images files.' } });
    const fake = await upload({ mediaType: 'video' }, [
      { name: 'real.mp4', type: 'video/mp4', content: MP4 },
      { name: 'fake.mp4', type: 'video/mp4', content: PNG },
    ]);
    expect(fake.status).toBe(415);
    expect(readdirSync(path.join(media, 'video'))).toEqual([]);
  });

  it('goes by extension and content, not by the type the browser declares (spec §5: MIME type or extension)', async () => {
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 3)]);
    const res = await upload({ mediaType: 'video' }, [{ name: 'clip.ogg', type: 'audio/ogg', content: ogg }]);
    expect(res).toMatchObject({ status: 200, body: { uploadedCount: 1, files: [{ path: 'video/clip.ogg', category: 'video' }] } });
    const png = await upload({ mediaType: 'image' }, [{ name: 'shot.png', type: 'text/html', content: PNG }]);
    expect(png.status).toBe(200);
    expect((await t.app.inject('/media/image/shot.png')).headers['content-type']).toBe('image/png');
  });

  it('needs mediaType before the files, and at least one file', async () => {
    expect(await upload({}, [{ name: 'a.png', type: 'image/png', content: PNG }])).toMatchObject({
      status: 400,
      body: { message: 'mediaType must be one of image, video, audio' },
    });
    expect(await upload({ mediaType: 'image' }, [{ name: 'a.png', type: 'image/png', content: PNG }], true)).toMatchObject({ status: 400 });
    expect(await upload({ mediaType: 'image' }, [])).toMatchObject({ status: 400, body: { message: 'No files to upload.' } });
  });

  it('answers 200 MB + 1 byte with 413 and leaves no file; an aborted upload leaves none either', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const send = (size: number, abortAfter?: number) =>
      new Promise<{ status: number; body: string } | 'aborted'>((resolve, reject) => {
        const boundary = 'big-boundary';
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="mediaType"\r\n\r\nimage\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
        const request = http.request(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/api/media/upload',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': head.length + size + tail.length,
            },
          },
          (response) => {
            let body = '';
            response.on('data', (c) => (body += c));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          },
        );
        request.on('error', (error) => (abortAfter !== undefined ? resolve('aborted') : reject(error)));
        request.write(head);
        request.write(PNG);
        const chunk = Buffer.alloc(1024 * 1024, 7);
        let sent = PNG.length;
        const pump = () => {
          while (sent < size) {
            if (abortAfter !== undefined && sent >= abortAfter) {
              request.destroy();
              setTimeout(() => resolve('aborted'), 300);
              return;
            }
            const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
            sent += piece.length;
            if (!request.write(piece)) return void request.once('drain', pump);
          }
          request.end(tail);
        };
        pump();
      });

    const tooBig = await send(MAX_UPLOAD_BYTES + 1);
    expect(tooBig).not.toBe('aborted');
    if (tooBig !== 'aborted') {
      expect(tooBig.status).toBe(413);
      expect(JSON.parse(tooBig.body).message).toMatch(/^Files too large \(max 200MB\): huge\.png/);
    }
    expect(readdirSync(path.join(media, 'image'))).toEqual([]);

    expect(await send(50 * 1024 * 1024, 10 * 1024 * 1024)).toBe('aborted');
    // The server notices the abort asynchronously; give it a moment, then nothing may remain.
    for (let i = 0; i < 50 && readdirSync(path.join(media, 'image')).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(readdirSync(path.join(media, 'image'))).toEqual([]);
    expect(leftovers(path.join(media, 'image'))).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});

describe('upload at the 200 MB limit', () => {
  const CHUNK = Buffer.alloc(1024 * 1024, 7);
  /** A PNG of `size` bytes, made as it is read: 200 MB never sit in memory. */
  function* pngOfSize(size: number) {
    yield PNG;
    for (let sent = PNG.length; sent < size; sent += CHUNK.length) yield CHUNK.subarray(0, Math.min(CHUNK.length, size - sent));
  }
  const streamedUpload = (body: AsyncIterable<Buffer>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload: Readable.from(body),
      headers: { 'content-type': MULTIPART, authorization: `Bearer ${token}` },
    });

  it('takes a file of exactly 200 MB', async () => {
    const res = await streamedUpload(
      (async function* () {
        yield* [fieldPart('mediaType', 'image'), fileHead('full.png')];
        yield* pngOfSize(MAX_UPLOAD_BYTES);
        yield* [CRLF, CLOSING];
      })(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ uploadedCount: 1, files: [{ path: 'image/full.png', size: MAX_UPLOAD_BYTES }] });
    expect(statSync(path.join(media, 'image/full.png')).size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses one byte more with 413 naming the file, and keeps no file of the request, not even for a moment', async () => {
    const image = path.join(media, 'image');
    let answered = false;
    let cutFileNamed = false;
    const body = async function* () {
      yield* [fieldPart('mediaType', 'image'), fileHead('first.png'), PNG, CRLF, fileHead('huge.png')];
      yield* pngOfSize(MAX_UPLOAD_BYTES + 1);
      // huge.png's stream ends when the next part begins. The body then holds back until the answer
      // comes, so that a cut file given its name meanwhile (to be removed later) would be seen.
      yield* [CRLF, fileHead('last.png')];
      while (!answered && !(cutFileNamed = existsSync(path.join(image, 'huge.png')))) await new Promise((resolve) => setTimeout(resolve, 10));
      yield* [PNG, CRLF, CLOSING];
    };
    const res = await streamedUpload(body()).finally(() => (answered = true));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Files too large \(max 200MB\): huge\.png/);
    expect(cutFileNamed).toBe(false);
    expect(readdirSync(image)).toEqual([]);
  });
});

describe('malformed and interrupted uploads', () => {
  const CUT_SHORT = 'The upload ended before its closing multipart boundary: it was cut short or is malformed';
  const authorization = () => `Bearer ${token}`;
  const cutInsideFile = () => Buffer.concat([fieldPart('mediaType', 'image'), fileHead('cut.png'), PNG]);

  it('a multipart upload without a boundary is a 400 and leaves nothing', async () => {
    const { payload } = multipart({ mediaType: 'image' }, [{ name: 'a.png', type: 'image/png', content: PNG }]);
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; charset=utf-8']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media/upload',
        payload,
        headers: { 'content-type': contentType, authorization: authorization() },
      });
      expect({ contentType, status: res.statusCode, body: res.json() }).toEqual({
        contentType,
        status: 400,
        body: { success: false, message: "The upload's Content-Type has no multipart boundary" },
      });
    }
    // A boundary longer than the parser takes is refused by the parser: a 400 as well.
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${'b'.repeat(300)}`, authorization: authorization() },
    });
    expect(long.json()).toEqual({ success: false, message: CUT_SHORT });
    expect(existsSync(path.join(media, 'image'))).toBe(false);
  });

  it('a body that ends without its closing boundary is a 400 and leaves nothing, inside a file or before one', async () => {
    for (const payload of [cutInsideFile(), fieldPart('mediaType', 'image'), Buffer.from('no multipart here')]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/media/upload',
        payload,
        headers: { 'content-type': MULTIPART, authorization: authorization() },
      });
      expect({ sent: payload.toString('latin1'), status: res.statusCode, body: res.json() }).toEqual({
        sent: payload.toString('latin1'),
        status: 400,
        body: { success: false, message: CUT_SHORT },
      });
    }
    expect(existsSync(path.join(media, 'image')) ? readdirSync(path.join(media, 'image')) : []).toEqual([]);
  });

  /** Writes an upload's head and `body` over a raw socket; `closed` gives what the server answered once the connection is over. */
  async function rawUpload(body: Buffer, contentLength: number) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
    socket.write(
      `POST /api/media/upload HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAuthorization: ${authorization()}\r\n` +
        `Content-Type: ${MULTIPART}\r\nContent-Length: ${contentLength}\r\n\r\n`,
    );
    socket.write(body);
    return { socket, closed };
  }

  it('over a real socket, a body cut off inside a file leaves no temporary file, whether the request ends there or the client ends or drops the connection', async () => {
    const image = path.join(media, 'image');
    const body = cutInsideFile();
    // The request is whole (its Content-Length says so), its multipart body is not.
    const answer = await (await rawUpload(body, body.length)).closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain(CUT_SHORT);
    expect(leftovers(image)).toEqual([]);

    for (const leave of ['end', 'destroy'] as const) {
      const { socket, closed } = await rawUpload(body, body.length + 1000);
      await vi.waitFor(() => expect(leftovers(image)).toHaveLength(1));
      socket[leave]();
      await closed;
      await vi.waitFor(() => expect(leftovers(image), leave).toEqual([]));
    }
    expect(readdirSync(image)).toEqual([]);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('refusals that come before the body is read', () => {
  /** Streams a multipart upload that declares `declared` bytes; resolves with the answer and the bytes sent by then. */
  async function declaredUpload(declared: number, bearer?: string) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    socket.on('error', () => {});
    let answer = '';
    let sent = 0;
    socket.on('data', (chunk) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /api/media/upload HTTP/1.1\r\nHost: localhost\r\n${bearer ? `Authorization: Bearer ${bearer}\r\n` : ''}` +
        `Content-Type: ${MULTIPART}\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    socket.write(Buffer.concat([fieldPart('mediaType', 'image'), fileHead('endless.png'), PNG]));
    const chunk = Buffer.alloc(1024 * 1024, 7);
    // As a good client does (curl, say), it stops sending once the answer has come.
    while (!socket.destroyed && sent < declared && answer === '') {
      sent += chunk.length;
      if (!socket.write(chunk)) await Promise.race([new Promise((resolve) => socket.once('drain', resolve)), closed]);
    }
    await vi.waitFor(() => expect(answer).toContain('\r\n\r\n{'));
    socket.destroy();
    return { answer, sentMiB: sent / 2 ** 20 };
  }

  it('a file that reaches 200 MB is refused there, before the rest of the body is read', async () => {
    const { answer, sentMiB } = await declaredUpload(400 * 2 ** 20, token);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('endless.png (over 200.0 MB)');
    // The answer came at the limit (plus what the socket buffers held), not after the 400 MB declared.
    expect(sentMiB).toBeLessThan(260);
    expect(readdirSync(path.join(media, 'image'))).toEqual([]);
  });

  it('an upload without an admin’s token is a 401 from its headers, before its body is read', async () => {
    const { answer, sentMiB } = await declaredUpload(256 * 2 ** 20);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(sentMiB).toBeLessThan(32);
  });
});

describe('names and base paths the file system refuses', () => {
  const TOO_LONG = 'basePath is longer than the file system allows (at most 255 bytes per folder name, 4096 in all)';
  const LOOP = 'basePath leads into a symbolic link loop';

  it('a base path with a name over 255 bytes, or through a symbolic link loop, is a 400 with its reason on listing, scan, delete, upload and the slider settings', async () => {
    put('image/a.png');
    symlinkSync('loop-b', path.join(media, 'loop-a'));
    symlinkSync('loop-a', path.join(media, 'loop-b'));
    const config = (await callJson(t.app, 'GET', '/api/slider/config', undefined, token)).body.data as Record<string, unknown>;
    const refused: Array<[string, string]> = [
      // 128 characters, 256 bytes: the file system counts bytes.
      ['é'.repeat(128), TOO_LONG],
      [`site/${'a'.repeat(256)}/more`, TOO_LONG],
      // Every name fits, the whole path does not: 2,419 characters, 4,819 bytes.
      [Array(20).fill('é'.repeat(120)).join('/'), TOO_LONG],
      ['loop-a', LOOP],
      ['loop-a/deeper', LOOP],
    ];
    for (const [basePath, message] of refused) {
      const answers = {
        files: await api('GET', `/api/media/files?basePath=${encodeURIComponent(basePath)}`),
        scan: await api('POST', '/api/media/scan-files', { basePath }),
        delete: await api('POST', '/api/media/delete', { basePath, paths: ['image/a.png'] }),
        upload: await upload({ mediaType: 'image', basePath }, [{ name: 'b.png', type: 'image/png', content: PNG }]),
        settings: await callJson(t.app, 'PUT', '/api/slider/config', { ...config, backgroundsBasePath: basePath }, token),
      };
      for (const [call, { status, body }] of Object.entries(answers)) {
        expect({ call, basePath, status, body }).toEqual({ call, basePath, status: 400, body: { success: false, message } });
      }
    }
    expect(readdirSync(path.join(media, 'image'))).toEqual(['a.png']);
    // 255 bytes is a name the file system takes.
    expect((await api('GET', `/api/media/files?basePath=${encodeURIComponent(`${'é'.repeat(127)}a`)}`)).status).toBe(200);
  });

  it('an upload into a base path that leaves no room under the longest path for a file name in it is a 400', async () => {
    // A base path of 4,060 bytes: inside the 4,096 of a path, but not with /image/.upload-<uuid> added.
    const basePath = Array(50)
      .fill('c'.repeat(99))
      .join('/')
      .slice(0, 4060 - media.length - 1)
      .replace(/\/$/, 'c');
    mkdirSync(path.join(media, basePath), { recursive: true });
    const res = await upload({ mediaType: 'image', basePath }, [{ name: 'b.png', type: 'image/png', content: PNG }]);
    expect(res).toEqual({ status: 400, body: { success: false, message: TOO_LONG } });
    expect(readdirSync(path.join(media, basePath, 'image'))).toEqual([]);
  });

  it('refuses an upload basePath field longer than the parser keeps, rather than cut it into another folder', async () => {
    // 3,754 characters pass the 4,096 of the schema; their 8,254 bytes pass the 8 KiB the parser keeps of a field, without "site".
    const basePath = `${'€€€€€€/../'.repeat(375)}site`;
    const res = await upload({ mediaType: 'image', basePath }, [{ name: 'b.png', type: 'image/png', content: PNG }]);
    expect(res).toEqual({ status: 400, body: { success: false, message: 'basePath is too long' } });
    expect(existsSync(path.join(media, 'image'))).toBe(false);
  });

  it('shortens an uploaded name too long for the file system by its UTF-8 bytes, never inside a character, leaving room for a numeric suffix', async () => {
    // 255 bytes, less 5 for "-9999" and 4 for ".png", leave 246 for the name itself.
    const shortened = {
      [`${'é'.repeat(148)}.png`]: 'é'.repeat(123), // 300 bytes; é is 2
      [`${'😀'.repeat(100)}.png`]: '😀'.repeat(61), // 404 bytes; 😀 is 4
      [`${'🇫🇷'.repeat(40)}.png`]: '🇫🇷'.repeat(30), // 324 bytes; a flag is two letters of 4 bytes each, kept together
    };
    for (const [sent, stem] of Object.entries(shortened)) {
      for (const kept of [`${stem}.png`, `${stem}-1.png`]) {
        const res = await upload({ mediaType: 'image' }, [{ name: sent, type: 'image/png', content: PNG }]);
        expect(res).toMatchObject({ status: 200, body: { files: [{ name: kept, path: `image/${kept}` }] } });
        expect(existsSync(path.join(media, 'image', kept))).toBe(true);
      }
    }
  });
});

describe('delete', () => {
  it('deletes the named files, refuses paths outside the base path and counts them as not deleted', async () => {
    put('image/a.png');
    put('image/b.png');
    writeFileSync(path.join(path.dirname(media), 'outside.png'), PNG);
    const res = await api('POST', '/api/media/delete', { paths: ['image/a.png', '../outside.png', 'image/missing.png', '/etc/passwd'] });
    expect(res.body).toEqual({ success: true, message: 'Deleted 1 file(s).', summary: { requested: 4, deleted: 1, notDeleted: 3 } });
    expect(readdirSync(path.join(media, 'image'))).toEqual(['b.png']);
    expect(existsSync(path.join(path.dirname(media), 'outside.png'))).toBe(true);
  });

  it('refuses an empty list with 400 No files selected', async () => {
    const res = await api('POST', '/api/media/delete', { paths: [] });
    expect(res.body).toEqual({ success: false, message: 'No files selected' });
    expect(res.status).toBe(400);
  });
});

describe('serving /media', () => {
  it('serves with the right type, Range as 206, no-sniff, an inert SVG, and caches versioned urls for good', async () => {
    put('image/dawn.png');
    put('image/logo.svg', SVG);
    put('video/sea.mp4', MP4);
    const png = await t.app.inject('/media/image/dawn.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    expect(png.headers.etag).toBeTruthy();
    expect(png.headers['last-modified']).toBeTruthy();

    const range = await t.app.inject({ url: '/media/video/sea.mp4', headers: { range: 'bytes=0-9' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-9/${MP4.length}`);
    expect(range.rawPayload).toHaveLength(10);

    const svg = await t.app.inject('/media/image/logo.svg');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(svg.headers['content-security-policy']).toMatch(/sandbox/);
    expect(svg.headers['content-security-policy']).not.toMatch(/script-src/);

    const versioned = await t.app.inject('/media/image/dawn.png?v=2026-01-01T00:00:00.000Z');
    expect(versioned.headers['cache-control']).toMatch(/immutable/);
  });

  it('answers 404 for hidden files, anything outside the base path, and what does not exist', async () => {
    put('image/.hidden.png');
    writeFileSync(path.join(t.dataDir, 'outside.png'), PNG);
    for (const url of [
      '/media/image/.hidden.png',
      '/media/image/..%2F..%2Foutside.png',
      '/media/..%2Fjwt-secret',
      '/media/image/none.png',
      '/media/jwt-secret',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
  });
  it("serves at /media and /thumbs only the extensions of the file's category, whatever is on disk", async () => {
    put('image/dawn.png');
    put('audio/song.mp3', Buffer.from('ID3abc'));
    put('image/page.html', '<script>alert(document.cookie)</script>');
    put('image/clip.mp4', MP4);
    put('video/still.png');
    // A library-looking name that leads to a page: the type served would come from the page's name.
    symlinkSync('page.html', path.join(media, 'image/alias.png'));
    for (const url of ['/media/image/dawn.png', '/media/audio/song.mp3']) expect((await t.app.inject(url)).statusCode, url).toBe(200);
    for (const url of [
      '/media/image/page.html',
      '/media/image/clip.mp4',
      '/media/video/still.png',
      '/media/image/alias.png',
      '/thumbs/image/page.html',
      '/thumbs/image/clip.mp4',
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
  });
});

describe('thumbnails', () => {
  const thumbnailsOf = () => {
    const root = path.join(t.dataDir, 'thumbnails');
    return existsSync(root) ? readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.webp')) : [];
  };
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#2a4d8f' } })
      .png()
      .toBuffer();

  it('makes a small WebP of an uploaded image, outside the library, and serves it at /thumbs', async () => {
    expect((await upload({ mediaType: 'image' }, [{ name: 'big.png', type: 'image/png', content: await photo(1600, 1200) }])).status).toBe(200);
    const res = await t.app.inject('/thumbs/image/big.png?v=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(readdirSync(path.join(media, 'image'))).toEqual(['big.png']);
    expect(thumbnailsOf()).toEqual([expect.stringMatching(/image\/big\.png\.webp$/)]);
  });

  it('a scan makes the thumbnails that are missing; deleting an image deletes its thumbnail', async () => {
    put('image/dawn.png', await photo(200, 100));
    put('image/trips/dusk.png', await photo(640, 640));
    await api('POST', '/api/media/scan-files', {});
    await vi.waitFor(() => expect(thumbnailsOf()).toHaveLength(2));
    await api('POST', '/api/media/delete', { paths: ['image/trips/dusk.png'] });
    expect(thumbnailsOf()).toEqual([expect.stringMatching(/image\/dawn\.png\.webp$/)]);
  });

  it('makes a thumbnail once per version of its image, even with an image dated in the future', async () => {
    put('image/future.png', await photo(400, 400));
    const future = new Date(Date.now() + 86_400_000);
    utimesSync(path.join(media, 'image/future.png'), future, future);
    expect((await t.app.inject('/thumbs/image/future.png')).statusCode).toBe(200);
    const thumbnail = path.join(t.dataDir, 'thumbnails', thumbnailsOf()[0]!);
    const made = statSync(thumbnail).ino;
    expect((await t.app.inject('/thumbs/image/future.png')).statusCode).toBe(200);
    expect(statSync(thumbnail).ino).toBe(made);

    put('image/future.png', await photo(400, 200));
    const res = await t.app.inject('/thumbs/image/future.png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 320, height: 160 });
  });

  it('answers 404 for a video, an image that cannot be decoded, and paths outside the library', async () => {
    put('video/sea.mp4', MP4);
    put('image/broken.png', PNG);
    for (const url of ['/thumbs/video/sea.mp4', '/thumbs/image/broken.png', '/thumbs/..%2Fjwt-secret', '/thumbs/image/none.png']) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
    expect(t.logs.text).toContain('could not make a thumbnail');
  });

  it('skips a category folder that is a symbolic link in listing, scan and thumbnails, as uploads refuse it', async () => {
    // image/ leads to a real folder inside MEDIA_ROOT, video/ round in a loop.
    put('gallery/dawn.png', await photo(64, 64));
    symlinkSync('gallery', path.join(media, 'image'));
    symlinkSync('video', path.join(media, 'video'));
    put('audio/song.mp3', Buffer.from('ID3abc'));
    expect((await api('GET', '/api/media/files')).body).toEqual({
      success: true,
      files: [{ path: 'audio/song.mp3', name: 'song.mp3', size: 6, category: 'audio' }],
      total: 1,
      nextCursor: null,
    });
    expect((await api('POST', '/api/media/scan-files', {})).body).toMatchObject({ discoveries: { total: 1, images: 0, videos: 0, audio: 1 } });
    expect((await t.app.inject('/api/slider/public')).json().data).toMatchObject({ images: [], videos: [] });
    expect((await t.app.inject('/thumbs/image/dawn.png')).statusCode).toBe(404);
    for (const mediaType of ['image', 'video']) {
      expect(await upload({ mediaType }, [{ name: 'new.png', type: 'image/png', content: PNG }])).toEqual({
        status: 400,
        body: { success: false, message: `${mediaType}/ must be a folder inside the base path` },
      });
    }
    // Thumbnails are made one at a time, in order: once a later scan's is there, the first scan's would be too.
    put('real/image/later.png', await photo(64, 64));
    await api('POST', '/api/media/scan-files', { basePath: 'real' });
    await vi.waitFor(() => expect(thumbnailsOf()).not.toEqual([]));
    expect(thumbnailsOf()).toEqual([expect.stringMatching(/image\/later\.png\.webp$/)]);
  });
});
