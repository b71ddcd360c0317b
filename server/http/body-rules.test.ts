// CONTRACT §3 "request bodies": JSON only on /trpc and /api, at most BODY_LIMIT_BYTES, refused
// from the headers; and connections that trickle their headers or body are closed.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOT_ADMIN, signIn } from '../../tests/support/admin-app';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { SLOW_CLIENT_LIMITS } from './slow-clients';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

/** Opens a raw connection to the listening app; `answer` collects everything the server sends. */
async function rawConnection(app: TestApp['app']) {
  const address = app.server.address() as { port: number };
  const socket: Socket = connect(address.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(Date.now())));
  return { socket, closed, answer: () => answer };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('request bodies', () => {
  it.each([
    ['/trpc/auth.login', 'multipart/form-data; boundary=x', 'message'],
    ['/api/auth/login', 'text/plain', 'msg'],
    ['/api/auth/forgot-password', 'application/x-www-form-urlencoded', 'message'],
    ['/trpc/auth.register', undefined, 'message'],
    // The router decodes the path: the rule follows the route it reaches, not the letters sent.
    ['/%61pi/auth/login', 'text/plain', 'msg'],
    ['/%74rpc/auth.login?batch=1', 'text/plain', 'message'],
  ])('POST %s with %s is a 415 in the route’s error style', async (url, contentType, key) => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'POST', url, payload: 'email=a%40b.co', headers: contentType ? { 'content-type': contentType } : {} });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ [key]: 'Request bodies must be JSON (Content-Type: application/json)' });
  });

  it('a JSON body over BODY_LIMIT_BYTES is a 413, and one at the limit is read', async () => {
    t = await createTestApp();
    const padded = (bytes: number) => {
      const body = JSON.stringify({ email: 'a@b.co', pad: '' });
      return body.replace('"pad":""', `"pad":"${'x'.repeat(bytes - body.length)}"`);
    };
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: padded(1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: 'Request body too large (at most 1.0 MB)' });
    const at = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: padded(1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(at.statusCode).toBe(200);
  });

  it('BODY_LIMIT_BYTES sets the limit', async () => {
    t = await createTestApp({ env: { BODY_LIMIT_BYTES: '100' } });
    const res = await t.app.inject({ method: 'POST', url: '/trpc/auth.forgotPassword', payload: { email: `${'a'.repeat(100)}@b.co` } });
    expect(res.statusCode).toBe(413);
  });

  it('a chunked JSON body that claims no length is stopped at the limit as it streams in', async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { socket, closed, answer } = await rawConnection(t.app);
    socket.write('POST /trpc/auth.login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
    const chunk = Buffer.alloc(256 * 1024, 'x');
    for (let i = 0; i < 8 && !socket.destroyed; i++) {
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write('\r\n');
      await sleep(10);
    }
    await Promise.race([closed, sleep(3000)]);
    expect(answer()).toMatch(/^HTTP\/1\.1 413/);
    socket.destroy();
  });

  it('a 256 MB multipart body to /trpc is refused from its headers; the rest is thrown away for a moment only, then the connection is closed', async () => {
    t = await createTestApp({ build: { slowClientLimits: { ...SLOW_CLIENT_LIMITS, lingerMs: 300 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { socket, closed, answer } = await rawConnection(t.app);
    socket.write(`POST /trpc/auth.login HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${256 * 1024 * 1024}\r\n\r\n`);
    socket.write('--b\r\nContent-Disposition: form-data; name="f"; filename="big.bin"\r\n\r\n');
    // The attacker goes on sending, slowly enough for the test to watch, and never stops by itself.
    const started = Date.now();
    const chunk = Buffer.alloc(64 * 1024);
    while (!socket.destroyed && Date.now() - started < 5000) {
      socket.write(chunk);
      await sleep(20);
    }
    await closed;
    expect(answer()).toMatch(/^HTTP\/1\.1 415/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('an empty JSON body', () => {
  /** A call with Content-Type: application/json and nothing after it, as many clients send every call. */
  const emptyJson = async (method: 'POST' | 'DELETE', url: string, token?: string) => {
    const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
    const res = await t.app.inject({ method, url, headers, payload: '' });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('is no body to a call that takes none, over REST and tRPC', async () => {
    t = await createTestApp({ env: { ADMIN_EMAIL: ROOT_ADMIN.email, ADMIN_PASSWORD: ROOT_ADMIN.password, ADMIN_NAME: ROOT_ADMIN.name } });
    const admin = await signIn(t, ROOT_ADMIN.email, ROOT_ADMIN.password);
    const created = await callJson(t.app, 'POST', '/api/admin/users', { name: 'Pat', email: 'pat@example.com', password: 'pat password' }, admin);
    const id = (created.body.data as { _id: string })._id;
    expect(await emptyJson('DELETE', `/api/admin/users/${id}`, admin)).toEqual({ status: 200, body: { success: true, message: expect.any(String) } });
    expect(await emptyJson('POST', '/api/auth/logout', await signIn(t, ROOT_ADMIN.email, ROOT_ADMIN.password))).toEqual({
      status: 200,
      body: { message: 'Signed out' },
    });
    expect(await emptyJson('POST', '/trpc/auth.logout', await signIn(t, ROOT_ADMIN.email, ROOT_ADMIN.password))).toMatchObject({ status: 200 });
    expect(await emptyJson('POST', '/api/auth/logout-all', admin)).toEqual({ status: 200, body: { message: 'Signed out everywhere' } });
    expect(await emptyJson('POST', '/trpc/auth.logoutAll', await signIn(t, ROOT_ADMIN.email, ROOT_ADMIN.password))).toMatchObject({ status: 200 });
  });

  it('is no body to a call that takes one either: its answer names the first missing field', async () => {
    t = await createTestApp();
    expect(await emptyJson('POST', '/api/auth/register')).toEqual({ status: 400, body: { msg: 'Name is required' } });
    expect(await emptyJson('POST', '/api/auth/forgot-password')).toEqual({ status: 400, body: { message: expect.stringMatching(/^Email/) } });
  });

  it('leaves any other JSON body to Fastify’s parser, which refuses a __proto__ key', async () => {
    t = await createTestApp();
    const payload = '{"name":"A","email":"a@example.com","password":"a password","__proto__":{"role":"admin"}}';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload });
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
      status: 400,
      body: { msg: "Body is not valid JSON but content-type is set to 'application/json'" },
    });
  });
});

describe('slow clients', () => {
  const slow = { ...SLOW_CLIENT_LIMITS, headersTimeoutMs: 600, checkIntervalMs: 100, bodyWindowMs: 300, minBodyBytesPerWindow: 100, lingerMs: 300 };

  it('stops watching a body as soon as it has arrived, so no request outlives its answer', async () => {
    t = await createTestApp();
    const url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/auth/forgot-password`;
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    try {
      for (let i = 0; i < 20; i++) {
        await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co' }) })).text();
      }
      const watches = setInterval.mock.calls.flatMap((call, i) => (call[1] === SLOW_CLIENT_LIMITS.bodyWindowMs ? [setInterval.mock.results[i]!.value] : []));
      const stopped = new Set(clearInterval.mock.calls.map((call) => call[0]));
      expect(watches).toHaveLength(20);
      expect(watches.filter((watch) => !stopped.has(watch))).toEqual([]);
    } finally {
      setInterval.mockRestore();
      clearInterval.mockRestore();
    }
  });

  it('a connection that trickles its headers is closed at the headers timeout', async () => {
    t = await createTestApp({ build: { slowClientLimits: slow } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { socket, closed } = await rawConnection(t.app);
    const started = Date.now();
    const headers = 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(200);
    for (const char of headers) {
      if (socket.destroyed) break;
      socket.write(char);
      await sleep(20);
    }
    const at = await Promise.race([closed, sleep(5000).then(() => Infinity)]);
    expect(at - started).toBeLessThan(2000);
  });

  it('a connection that trickles its body is closed, and a slow but steady one is answered', async () => {
    t = await createTestApp({ build: { slowClientLimits: slow } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'x'.repeat(200) });
    const send = async (bytesPer50ms: number) => {
      const { socket, closed, answer } = await rawConnection(t.app);
      socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
      for (let at = 0; at < body.length && !socket.destroyed; at += bytesPer50ms) {
        socket.write(body.slice(at, at + bytesPer50ms));
        await sleep(50);
      }
      await Promise.race([closed, sleep(3000)]);
      socket.destroy();
      return answer();
    };
    // 1 byte every 50 ms is 6 a window, under the floor of 100: closed without an answer.
    expect(await send(1)).toBe('');
    expect(t.logs.text).toContain('closing a connection whose body trickles');
    // 50 bytes every 50 ms is 300 a window: slow, but over the floor.
    expect(await send(50)).toMatch(/^HTTP\/1\.1 401/);
  });
});
