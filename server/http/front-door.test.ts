// The front door answers only what it was given, exactly as asked, and hands everything else to
// Fastify untouched: on a real server and real connections, since app.inject() never passes it.
import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FrontDoor } from './front-door';

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

/** A Fastify behind a door that answers 'door' on /ready while `ready` says so; Fastify answers 'fastify' to everything. */
async function start(ready: () => boolean = () => true) {
  app = Fastify();
  const door = FrontDoor.mountedOn(app);
  app.all('/*', async (request) => `fastify ${request.method} ${request.url}`);
  door.add('/ready', (_request, response) => {
    if (!ready()) return false;
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 4 }).end('door');
    return true;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { door, url, call: async (path: string, init?: RequestInit) => (await fetch(url + path, init)).text() };
}

/** Sends `request` as it is on a fresh connection; the answer's body. */
async function rawBody(request: string): Promise<string> {
  const socket = connect((app.server.address() as { port: number }).port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  socket.end(request);
  await new Promise((resolve) => socket.once('close', resolve));
  return answer.slice(answer.indexOf('\r\n\r\n') + 4);
}

describe('front door', () => {
  it('answers GET and HEAD on its exact path, with or without a query', async () => {
    const { call, url } = await start();
    expect(await call('/ready')).toBe('door');
    expect(await call('/ready?x=1&y')).toBe('door');
    const head = await fetch(`${url}/ready`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('hands Fastify every other path, method, and any request with a body', async () => {
    const { call } = await start();
    expect(await call('/ready/')).toBe('fastify GET /ready/');
    expect(await call('/Ready')).toBe('fastify GET /Ready');
    expect(await call('/%72eady')).toBe('fastify GET /%72eady');
    expect(await call('/ready', { method: 'POST', body: '{}' })).toBe('fastify POST /ready');
    expect(await call('/ready', { method: 'DELETE' })).toBe('fastify DELETE /ready');
    expect(await call('/ready', { method: 'OPTIONS' })).toBe('fastify OPTIONS /ready');
    // A GET with a body goes through Fastify's body rules, never around them.
    expect(await rawBody('GET /ready HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}')).toBe('fastify GET /ready');
    expect(await rawBody('GET /ready HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toBe('door');
  });

  it('hands Fastify the request when the answer is not ready, and everything once it closes', async () => {
    let ready = false;
    const { door, call } = await start(() => ready);
    expect(await call('/ready')).toBe('fastify GET /ready');
    ready = true;
    expect(await call('/ready')).toBe('door');
    door.close();
    expect(await call('/ready')).toBe('fastify GET /ready');
  });
});
