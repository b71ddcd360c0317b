// GET /api/openapi.json (CONTRACT §3 "Operators"): a valid OpenAPI 3.1 document that describes
// every /api route Fastify has, no route it lacks, and each route's refusals as the route gives them.
import { compileErrors, validate } from '@readme/openapi-parser';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callJson, createTestApp, type TestApp } from '../../tests/support/test-app';
import { asIs, inData } from '../http/answers';
import { DEFAULT_ERROR_STYLE } from '../http/error-bodies';
import { buildOpenApiDocument, type DocumentedRoute } from './document';

interface Operation {
  security: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }>;
}
interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  const?: unknown;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestApp;
let doc: Document;
const registered: Array<{ method: string; url: string }> = [];

beforeAll(async () => {
  const collect = (route: RouteOptions) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  };
  t = await createTestApp({ env: { ADMIN_EMAIL: 'root@example.com', ADMIN_PASSWORD: 'root password' }, build: { onRoute: collect } });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
const resolve = (schema: Schema): Schema => (schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()!]! : schema);
const jsonSchemaOf = (operation: Operation, status: string) => {
  const schema = operation.responses[status]?.content?.['application/json']?.schema;
  return schema && resolve(schema);
};
/** /api/playlists/{id} → /api/playlists/x: a url of the path, with every parameter filled in. */
const sampleUrl = (path: string) => path.replace(/\{\w+\}/g, 'x');

describe('the document', () => {
  it('is public, served as JSON, and a valid OpenAPI 3.1 document', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('has every /api route Fastify has, with its methods, and no route Fastify does not have', () => {
    // Fastify adds a HEAD beside each GET by itself; it answers as the GET does. A HEAD of its own (tus's) is a route.
    const gets = new Set(registered.filter(({ method }) => method === 'GET').map(({ url }) => url));
    const routes = registered.filter(({ method, url }) => url.startsWith('/api/') && (method !== 'HEAD' || !gets.has(url)));
    const fastifyHas = routes.map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, '{$1}')}`);
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect(fastifyHas.length).toBeGreaterThan(20);
    expect(
      fastifyHas.filter((route) => !documented.includes(route)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      documented.filter((route) => !fastifyHas.includes(route)),
      'documented but not routes',
    ).toEqual([]);
    expect(documented.length, 'each once').toBe(new Set(fastifyHas).size);
    for (const { method, path } of operations()) {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${path}`).toBe(true);
    }
  });

  it('gives each refusal the body style of its route: success false exactly where the success body has success', () => {
    for (const { method, path, operation } of operations()) {
      const [success, ...refusals] = Object.keys(operation.responses).filter((status) => status !== '304');
      const hasSuccessFlag = 'success' in (jsonSchemaOf(operation, success!)?.properties ?? {});
      const msgStyle = ['/api/auth/register', '/api/auth/login', '/api/auth/login/2fa'].includes(path);
      expect(refusals.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const status of refusals) {
        const schema = jsonSchemaOf(operation, status)!;
        expect(Object.keys(schema.properties!).sort(), `${method} ${path} ${status}`).toEqual(
          [msgStyle ? 'msg' : 'message', ...(hasSuccessFlag ? ['success'] : [])].sort(),
        );
        if (hasSuccessFlag) expect(schema.properties!.success!.const).toBe(false);
      }
    }
  });

  it('says which routes need a token, as the routes enforce it: 401 without one, 403 for a member where only admins may, and for a suspended member where members may', async () => {
    const register = async (email: string) =>
      (await callJson(t.app, 'POST', '/api/auth/register', { name: 'M', email, password: 'member password' })).body.token as string;
    const member = await register('member@example.com');
    const suspended = await register('suspended@example.com');
    const admin = (await callJson(t.app, 'POST', '/api/auth/login', { email: 'root@example.com', password: 'root password' })).body.token as string;
    const suspendedId = ((await callJson(t.app, 'GET', '/api/admin/users?search=suspended', undefined, admin)).body.data as Array<{ _id: string }>)[0]!._id;
    const suspension = { name: 'M', email: 'suspended@example.com', role: 'user', membershipTier: 'free', status: 'suspended' };
    expect((await callJson(t.app, 'PUT', `/api/admin/users/${suspendedId}`, suspension, admin)).status).toBe(200);
    // Routes open to any member (signing out) get a token of their own, so as not to end `member`'s.
    await register('other@example.com');
    const otherMember = async () =>
      (await callJson(t.app, 'POST', '/api/auth/login', { email: 'other@example.com', password: 'member password' })).body.token as string;
    for (const { method, path, operation } of operations()) {
      const request = (token?: string) =>
        t.app.inject({
          method: method as 'GET',
          url: sampleUrl(path),
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(operation.requestBody?.content['application/json'] ? { payload: {} } : {}),
        });
      const label = `${method} ${path}`;
      const anonymous = await request();
      if (operation.security.length === 0) {
        expect(anonymous.statusCode, label).not.toBe(401);
        expect(anonymous.statusCode, label).not.toBe(403);
        continue;
      }
      expect(operation.security, label).toEqual([{ bearer: [] }]);
      expect(anonymous.statusCode, label).toBe(401);
      expect(operation.responses['401'], label).toBeDefined();
      const forbidden = operation.responses['403']?.description;
      if (forbidden?.startsWith('The account is suspended')) expect((await request(suspended)).statusCode, label).toBe(403);
      else if (forbidden) expect((await request(member)).statusCode, label).toBe(403);
      else expect((await request(await otherMember())).statusCode, label).toBeLessThan(400);
    }
  });

  it('gives the limited routes a 429 with Retry-After', () => {
    const limited = operations().filter(({ operation }) => operation.responses['429']);
    expect(limited.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'DELETE /api/account',
      'GET /api/course/lessons/{id}/comments/events',
      'GET /api/course/search',
      'POST /api/account/email',
      'POST /api/account/verification',
      'POST /api/auth/2fa/disable',
      'POST /api/auth/2fa/enable',
      'POST /api/auth/forgot-password',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
      'POST /api/auth/register',
      'POST /api/course/lessons/{id}/attempts',
      'POST /api/course/lessons/{id}/comments',
      'PUT /api/account/password',
      'PUT /api/auth/reset-password/{token}',
    ]);
    for (const { operation } of limited) expect(operation.responses['429']!.headers).toHaveProperty('Retry-After');
  });
});

describe('buildOpenApiDocument', () => {
  it('writes out a schema that is one answer and part of another in both places, leaving no reference to it', async () => {
    const note = z.object({ text: z.string() });
    const route = (url: string, json: z.ZodType): DocumentedRoute => ({
      method: 'GET',
      url,
      errorStyle: DEFAULT_ERROR_STYLE,
      doc: { tag: 'Notes', summary: url, access: 'public', success: { json } },
    });
    const built = buildOpenApiDocument([route('/api/note', asIs(note).schema), route('/api/wrapped', inData(note).schema)], { title: 't', version: '1' });
    const answerOf = (path: string) => (built.paths[path]!.get as Operation).responses['200']!.content!['application/json']!.schema;
    const written = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false };
    expect(answerOf('/api/note')).toEqual(written);
    expect(answerOf('/api/wrapped')!.properties!.data).toEqual(written);
    expect(Object.keys(built.components.schemas)).toEqual(['User', 'MediaFile', 'Playlist', 'SliderConfig', 'Error']);
    expect((await validate(structuredClone(built) as never)).valid).toBe(true);
  });
});
