// The central error handler passes a client's mistake on with its status, and its message only
// when the message is one of Fastify's own refusals: any other can hold a path or a value.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

const app = Fastify({ bodyLimit: 100 });
registerErrorHandler(app);
const thrower = (error: Error) => () => Promise.reject(error);
// As @fastify/send's 404 says it (through http-errors), had a route thrown it on.
app.get(
  '/missing-file',
  thrower(Object.assign(new Error("ENOENT: no such file or directory, stat '/srv/site/node_modules/x.js'"), { statusCode: 404, code: 'ENOENT' })),
);
app.get('/conflict', thrower(Object.assign(new Error('row 42 of /srv/site/data/app.db is locked'), { statusCode: 409 })));
app.get('/odd-status', thrower(Object.assign(new Error('/srv/site'), { statusCode: 499 })));
app.get('/failure', thrower(new Error('SQLITE_BUSY at /srv/site/data/app.db')));
app.post('/echo', { config: { errorStyle: { errorKey: 'msg', successFlag: true } } }, (request) => request.body);
beforeAll(() => app.ready());
afterAll(() => app.close());

const answer = async (method: 'GET' | 'POST', url: string, payload?: string) => {
  const res = await app.inject({ method, url, ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }) });
  return { status: res.statusCode, body: res.json() as unknown };
};

describe('the central error handler', () => {
  it('answers any other 4xx with its status’s name only', async () => {
    expect(await answer('GET', '/missing-file')).toEqual({ status: 404, body: { message: 'Not Found' } });
    expect(await answer('GET', '/conflict')).toEqual({ status: 409, body: { message: 'Conflict' } });
    expect(await answer('GET', '/odd-status')).toEqual({ status: 499, body: { message: 'Bad Request' } });
  });

  it('passes on the messages of Fastify’s own refusals, in the route’s error style', async () => {
    expect(await answer('POST', '/echo', '{"a":')).toEqual({
      status: 400,
      body: { success: false, msg: "Body is not valid JSON but content-type is set to 'application/json'" },
    });
    expect(await answer('POST', '/echo', JSON.stringify({ pad: 'x'.repeat(100) }))).toEqual({
      status: 413,
      body: { success: false, msg: 'Request body is too large' },
    });
  });

  it('answers anything else as a bare 500', async () => {
    expect(await answer('GET', '/failure')).toEqual({ status: 500, body: { message: 'Internal Server Error' } });
  });
});
