// An answer sent before its body has arrived reaches a client that writes its whole body before it
// reads (lingering-close.ts): the rest is read and thrown away, within limits, before the close.
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { CLOSING, CRLF, fieldPart, fileHead, MULTIPART } from '../../tests/support/multipart';
import { SLOW_CLIENT_LIMITS } from './slow-clients';

const MB = 1024 * 1024;

let a: AdminApp;
afterEach(() => closeAdminApp(a));

async function listening(limits = SLOW_CLIENT_LIMITS) {
  a = await startAdminApp({ build: { slowClientLimits: limits } });
  await a.t.app.listen({ port: 0, host: '127.0.0.1' });
  return (a.t.app.server.address() as { port: number }).port;
}

/**
 * Sends the request head and the whole body, and only then reads the answer, as many clients do;
 * what it read, and the errors its socket met (an EPIPE or a reset is the bug).
 */
function sendAllThenRead(port: number, head: string, body: Buffer): Promise<{ answer: string; errors: string[] }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const errors: string[] = [];
    let answer = '';
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    socket.on('close', () => resolve({ answer, errors }));
    socket.write(head);
    socket.write(body, () => {
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.end();
    });
  });
}

const jsonHead = (url: string, token: string, length: string) =>
  `POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n${length}\r\n`;

describe('an answer given before its body arrived', () => {
  it('reaches a client that sends a body of several MB whole before it reads, whether or not it asked to keep the connection', async () => {
    const port = await listening();
    const body = Buffer.alloc(8 * MB, ' ');
    const chunked = Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]);
    for (let round = 0; round < 3; round++) {
      for (const connection of ['', 'Connection: close\r\n', 'Connection: keep-alive\r\n']) {
        const declared = await sendAllThenRead(port, `${jsonHead('/api/admin/users', a.adminToken, `Content-Length: ${body.length}`)}${connection}\r\n`, body);
        expect(declared, connection).toEqual({ answer: expect.stringMatching(/^HTTP\/1\.1 413 .*\r\nconnection: close\r\n/is), errors: [] });
        // Read up to the limit by Fastify's parser first, then refused.
        const streamed = await sendAllThenRead(port, `${jsonHead('/api/admin/users', a.adminToken, 'Transfer-Encoding: chunked')}${connection}\r\n`, chunked);
        expect(streamed, connection).toEqual({ answer: expect.stringMatching(/^HTTP\/1\.1 413 /), errors: [] });
      }
    }
  });

  it('reaches a client whose upload is refused at its first file while the next several MB follow', async () => {
    const port = await listening();
    const body = Buffer.concat([
      fieldPart('mediaType', 'image'),
      fieldPart('basePath', ''),
      fileHead('setup.exe', 'application/octet-stream'),
      Buffer.from('MZ'),
      CRLF,
      // Nobody reads this file: the upload's parser, left alone, would hold the body back here.
      fileHead('big.png'),
      Buffer.alloc(8 * MB),
      CRLF,
      CLOSING,
    ]);
    for (let round = 0; round < 3; round++) {
      const head = `POST /api/media/upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.adminToken}\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${body.length}\r\n\r\n`;
      const { answer, errors } = await sendAllThenRead(port, head, body);
      expect(errors).toEqual([]);
      expect(answer).toMatch(/^HTTP\/1\.1 415 /);
      expect(answer).toContain('"message":"Invalid file types: setup.exe. Please select valid images files."');
    }
  });

  it('reads no more of the rest than the limit in bytes, however long the client would go on', async () => {
    const port = await listening({ ...SLOW_CLIENT_LIMITS, lingerMs: 60_000, lingerBytes: MB });
    // Half open: it goes on sending after the answer and its end.
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    socket.on('error', () => {});
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.write(`${jsonHead('/api/admin/users', a.adminToken, `Content-Length: ${256 * MB}`)}\r\n`);
    const started = Date.now();
    let sent = 0;
    while (!socket.destroyed && Date.now() - started < 8_000) {
      sent += 64 * 1024;
      socket.write(Buffer.alloc(64 * 1024, ' '));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // Closed by the server long before its time limit (and this loop's 8 s), once a little more
    // than the limit in bytes had gone: what the kernels' buffers held came on top of it.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(sent).toBeGreaterThan(MB);
    expect(sent).toBeLessThan(32 * MB);
  });
});
