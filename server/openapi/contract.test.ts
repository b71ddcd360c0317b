// The API reference against the real thing: routes driven through the app, on a real database,
// argon2 and media folder, and each real answer (status, body, headers) checked against what
// /api/openapi.json says of it, with ajv (JSON Schema 2020-12, as OpenAPI 3.1).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

interface DocumentedAnswer {
  content?: Record<string, { schema?: unknown }>;
  headers?: Record<string, unknown>;
}
interface Document {
  paths: Record<string, Record<string, { responses: Record<string, DocumentedAnswer> }>>;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON, or text sent as it is. */
  body?: Record<string, unknown> | string;
  form?: FormData;
  token?: string | undefined;
  headers?: Record<string, string>;
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);
const BODY_LIMIT = 2000;

let t: TestApp;
let doc: Document;
let admin: string;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: 'root password',
      // Small limits, so that the 413 and 429 answers are quick to reach.
      BODY_LIMIT_BYTES: String(BODY_LIMIT),
      FORGOT_PER_HOUR: '2',
      LOGIN_FAILURES_FREE: '1',
    },
  });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  ajv.addSchema(doc, 'openapi.json');
  admin = (await answer('POST', '/api/auth/login', 200, { body: { email: 'root@example.com', password: 'root password' } })).token as string;
});
afterAll(async () => {
  await t.close();
});

/** The JSON pointer of a documented answer's schema, as a fragment of the document's $id. */
const schemaPointer = (template: string, method: Method, status: number) =>
  ['paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema']
    .map((part) => encodeURIComponent(part.replaceAll('~', '~0').replaceAll('/', '~1')))
    .join('/');

async function send(method: Method, template: string, call: Call) {
  const url =
    template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(call.params![name]!)) + (call.query ? `?${new URLSearchParams(call.query)}` : '');
  const headers: Record<string, string> = { ...call.headers, ...(call.token ? { authorization: `Bearer ${call.token}` } : {}) };
  if (call.form) {
    // The multipart body exactly as a browser's fetch would send it.
    const request = new Request('http://site.test', { method, body: call.form });
    headers['content-type'] = request.headers.get('content-type')!;
    return t.app.inject({ method, url, headers, payload: Buffer.from(await request.arrayBuffer()) });
  }
  return t.app.inject({ method, url, headers, ...(call.body !== undefined ? { payload: call.body as Record<string, unknown> | string } : {}) });
}

/**
 * Calls a route (its path as the document writes it), expects `status`, and checks the answer
 * against the document: the status is documented, the body fits its schema, and the headers it
 * names are there. Returns the body.
 */
async function answer(method: Method, template: string, status: number, call: Call = {}): Promise<Record<string, unknown>> {
  const response = await send(method, template, { token: admin, ...call });
  const label = `${method} ${template} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, label).toBe(status);
  const documented = doc.paths[template]?.[method.toLowerCase()]?.responses[String(status)];
  expect(documented, `${label}: not in the document`).toBeDefined();
  for (const header of Object.keys(documented!.headers ?? {})) expect(response.headers[header.toLowerCase()], `${label}: ${header}`).toBeDefined();
  if (!documented!.content?.['application/json']?.schema) return {};
  const body = response.json() as Record<string, unknown>;
  const validate = ajv.getSchema(`openapi.json#/${schemaPointer(template, method, status)}`)!;
  expect(validate(body), `${label}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  return body;
}

function putMedia(relative: string) {
  const file = path.join(t.config.mediaRoot, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, PNG);
}

function uploadForm(fields: Record<string, string>, files: Array<{ name: string; content: Buffer }>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.content)]), file.name);
  return form;
}

describe('Auth', () => {
  const ann = { name: 'Ann Example', email: 'ann@example.com', password: 'ann password' };

  it('register, login, logout and the password reset answer as documented, refusals included', async () => {
    const registered = await answer('POST', '/api/auth/register', 201, { body: ann, token: undefined });
    expect(await answer('POST', '/api/auth/register', 409, { body: ann, token: undefined })).toEqual({ msg: 'An account with that email already exists' });
    await answer('POST', '/api/auth/register', 400, { body: { ...ann, email: 'not an email' }, token: undefined });

    const { token } = await answer('POST', '/api/auth/login', 200, { body: { email: ann.email, password: ann.password }, token: undefined });
    expect(await answer('POST', '/api/auth/login', 401, { body: { email: 'nobody@example.com', password: 'wrong' }, token: undefined })).toEqual({
      msg: 'Invalid email or password',
    });
    // LOGIN_FAILURES_FREE=1: after one failure, that account is locked from this address.
    expect((await answer('POST', '/api/auth/login', 429, { body: { email: 'nobody@example.com', password: 'wrong' }, token: undefined })).msg).toMatch(
      /^Too many/,
    );

    await answer('POST', '/api/auth/forgot-password', 200, { body: { email: ann.email }, token: undefined });
    await answer('POST', '/api/auth/forgot-password', 200, { body: { email: 'nobody@example.com' }, token: undefined });
    // FORGOT_PER_HOUR=2
    await answer('POST', '/api/auth/forgot-password', 429, { body: { email: ann.email }, token: undefined });
    await answer('PUT', '/api/auth/reset-password/{token}', 400, { params: { token: 'no-such-token' }, body: { password: 'new password' }, token: undefined });

    await answer('POST', '/api/auth/logout', 200, { token: registered.token as string });
    await answer('POST', '/api/auth/logout', 401, { token: registered.token as string });
    await answer('POST', '/api/auth/logout-all', 200, { token: token as string });
    await answer('POST', '/api/auth/logout-all', 401, { token: token as string });
  });
});

describe('Users', () => {
  it('stats, the list, create, update and delete answer as documented, refusals included', async () => {
    await answer('GET', '/api/admin/stats', 200);
    await answer('GET', '/api/admin/users', 200, { query: { search: 'root', sortBy: 'email', sortOrder: 'asc', page: '1' } });
    expect(await answer('GET', '/api/admin/users', 400, { query: { sortBy: 'password' } })).toEqual({ message: expect.stringMatching(/^sortBy/) });
    await answer('GET', '/api/admin/stats', 401, { token: undefined });

    const user = { name: 'Bob', email: 'bob@example.com', password: 'bob password', role: 'user', membershipTier: 'paid', status: 'active' };
    const created = (await answer('POST', '/api/admin/users', 201, { body: user })).data as { _id: string };
    expect(await answer('POST', '/api/admin/users', 409, { body: user })).toEqual({ success: false, message: 'An account with that email already exists' });
    await answer('PUT', '/api/admin/users/{id}', 200, { params: { id: created._id }, body: { name: 'Robert', password: '' } });
    await answer('PUT', '/api/admin/users/{id}', 400, { params: { id: created._id }, body: { role: 'owner' } });
    await answer('PUT', '/api/admin/users/{id}', 404, { params: { id: 'no such id' }, body: { name: 'X' } });
    await answer('DELETE', '/api/admin/users/{id}', 200, { params: { id: created._id } });
    await answer('DELETE', '/api/admin/users/{id}', 404, { params: { id: created._id } });
  });
});

describe('Account', () => {
  /** The token of the last link to `path` the mailer wrote to the log (no SMTP_URL here). */
  const loggedLink = (path: string) => {
    const found = [...t.logs.text.matchAll(new RegExp(`/${path}/([A-Za-z0-9_-]+)`, 'g'))].at(-1)?.[1];
    if (!found) throw new Error(`no ${path} link in the log`);
    return found;
  };

  it('every call of CONTRACT §5 answers as documented, refusals included', async () => {
    const cleo = { name: 'Cleo', email: 'cleo@example.com', password: 'cleo password' };
    let token = (await answer('POST', '/api/auth/register', 201, { body: cleo, token: undefined })).token as string;
    const verifyLink = loggedLink('verify-email');
    await answer('GET', '/api/account', 200, { token });
    await answer('GET', '/api/account', 401, { token: undefined });
    await answer('PUT', '/api/account/profile', 200, { token, body: { name: 'Cleo Two' } });
    await answer('PUT', '/api/account/profile', 400, { token, body: { name: '' } });
    await answer('POST', '/api/account/verification', 200, { token });
    await answer('POST', '/api/auth/verify-email', 400, { body: { token: verifyLink }, token: undefined });
    await answer('POST', '/api/auth/verify-email', 200, { body: { token: loggedLink('verify-email') }, token: undefined });
    await answer('POST', '/api/account/verification', 400, { token });

    await answer('POST', '/api/account/email', 409, { token, body: { newEmail: 'root@example.com', password: cleo.password } });
    await answer('POST', '/api/account/email', 200, { token, body: { newEmail: 'cleo.new@example.com', password: cleo.password } });
    await answer('POST', '/api/account/email/confirm', 200, { body: { token: loggedLink('confirm-email') }, token: undefined });
    await answer('POST', '/api/account/email/confirm', 400, { body: { token: 'made-up' }, token: undefined });
    await answer('GET', '/api/account', 401, { token });
    token = (await answer('POST', '/api/auth/login', 200, { body: { email: 'cleo.new@example.com', password: cleo.password }, token: undefined }))
      .token as string;

    token = (await answer('PUT', '/api/account/password', 200, { token, body: { currentPassword: cleo.password, newPassword: 'cleo new password' } }))
      .token as string;
    const exported = await send('GET', '/api/account/export', { token });
    expect(exported.statusCode).toBe(200);
    expect(doc.paths['/api/account/export']?.get?.responses['200']).toBeDefined();
    await answer('DELETE', '/api/account', 400, { token, body: { password: 'cleo new password', confirm: 'yes' } });
    await answer('DELETE', '/api/account', 200, { token, body: { password: 'cleo new password', confirm: 'DELETE' } });
    await answer('DELETE', '/api/account', 409, { body: { password: 'root password', confirm: 'DELETE' } });
    // Wrong passwords last: with LOGIN_FAILURES_FREE at 1 here, the second is the lockout's 429.
    await answer('PUT', '/api/account/password', 401, { body: { currentPassword: 'wrong', newPassword: 'whatever new' } });
    await answer('POST', '/api/account/email', 429, { body: { newEmail: 'x@example.com', password: 'wrong' } });
  });
});

describe('Media', () => {
  it('the lists, scan, delete and upload answer as documented, refusals included', async () => {
    putMedia('image/dawn.png');
    putMedia('video/clip.png');
    await answer('POST', '/api/media/scan-files', 200, { body: {} });
    const { files } = await answer('GET', '/api/media/files', 200);
    expect(files).toHaveLength(1);
    await answer('GET', '/api/media/files/images', 200, { query: { basePath: t.config.mediaRoot } });
    await answer('GET', '/api/media/files/videos', 200);
    await answer('GET', '/api/media/files', 400, { query: { basePath: '../..' } });

    const uploaded = await answer('POST', '/api/media/upload', 200, { form: uploadForm({ mediaType: 'image' }, [{ name: 'sky.png', content: PNG }]) });
    expect(uploaded).toMatchObject({ success: true, uploadedCount: 1 });
    const refused = await answer('POST', '/api/media/upload', 415, {
      form: uploadForm({ mediaType: 'image' }, [{ name: 'notes.txt', content: Buffer.from('hi') }]),
    });
    expect(refused).toEqual({ success: false, message: expect.stringMatching(/^Invalid file types: notes\.txt/) });
    await answer('POST', '/api/media/upload', 400, { form: uploadForm({ mediaType: 'sound' }, [{ name: 'a.png', content: PNG }]) });

    expect(await answer('POST', '/api/media/delete', 200, { body: { paths: ['image/sky.png', '../outside.png'] } })).toMatchObject({
      summary: { requested: 2, deleted: 1, notDeleted: 1 },
    });
    expect(await answer('POST', '/api/media/delete', 400, { body: { paths: [] } })).toEqual({ success: false, message: 'No files selected' });
  });
});

describe('Slider and playlists', () => {
  it('the settings, the playlists and the public data answer as documented, refusals included', async () => {
    const { data: config } = await answer('GET', '/api/slider/config', 200);
    const playlist = (await answer('POST', '/api/playlists', 201, { body: { name: 'Dawn', items: [{ type: 'image', url: '/media/image/dawn.png' }] } }))
      .data as { _id: string };
    await answer('POST', '/api/playlists', 400, { body: { name: ' ' } });
    await answer('GET', '/api/playlists', 200);
    await answer('PUT', '/api/playlists/{id}', 200, { params: { id: playlist._id }, body: { name: 'Dusk', images: ['/media/image/dawn.png'] } });
    await answer('PUT', '/api/playlists/{id}', 404, { params: { id: 'nope' }, body: { name: 'X' } });

    await answer('PUT', '/api/slider/config', 200, { body: { ...(config as object), activePlaylist: playlist._id } });
    await answer('PUT', '/api/slider/config', 400, { body: { ...(config as object), overlayOpacity: 2 } });

    await answer('GET', '/api/slider/public', 200, { token: undefined });
    const etag = (await send('GET', '/api/slider/public', {})).headers.etag as string;
    await answer('GET', '/api/slider/public', 304, { token: undefined, headers: { 'if-none-match': etag } });

    await answer('DELETE', '/api/playlists/{id}', 200, { params: { id: playlist._id } });
    await answer('DELETE', '/api/playlists/{id}', 404, { params: { id: playlist._id } });
  });
});

describe('Course', () => {
  it('the outline, a lesson and the admin calls answer as documented, refusals included', async () => {
    await answer('GET', '/api/course', 200, { token: undefined });
    const { modules } = (await answer('GET', '/api/admin/course', 200)) as { modules: Array<{ _id: string }> };
    const moduleId = modules[0]!._id;
    const { module } = (await answer('POST', '/api/admin/course/modules', 201, { body: { title: 'Extra', opensAfterDays: 3 } })) as { module: { _id: string } };
    await answer('POST', '/api/admin/course/modules', 400, { body: { title: '' } });
    await answer('PUT', '/api/admin/course/modules/{id}', 200, { params: { id: module._id }, body: { published: true } });
    await answer('PUT', '/api/admin/course/modules/{id}', 404, { params: { id: 'nope' }, body: { title: 'X' } });
    const { lesson } = (await answer('POST', '/api/admin/course/lessons', 201, {
      body: { moduleId, title: 'L', kind: 'text', published: true, body: '*hi*' },
    })) as {
      lesson: { _id: string };
    };
    await answer('POST', '/api/admin/course/lessons', 400, { body: { moduleId: 'nope', title: 'L', kind: 'text' } });
    await answer('PUT', '/api/admin/course/lessons/{id}', 200, { params: { id: lesson._id }, body: { freePreview: true } });
    await answer('PUT', '/api/admin/course/lessons/{id}', 404, { params: { id: 'nope' }, body: { title: 'X' } });
    await answer('GET', '/api/course/lessons/{id}', 200, { params: { id: lesson._id } });
    await answer('GET', '/api/course/lessons/{id}', 401, { params: { id: lesson._id }, token: undefined });
    await answer('GET', '/api/course/lessons/{id}', 404, { params: { id: 'nope' } });
    const member = (
      await answer('POST', '/api/auth/register', 201, { body: { name: 'Cleo', email: 'cleo@example.com', password: 'cleo password' }, token: undefined })
    ).token as string;
    await answer('PUT', '/api/admin/course/lessons/{id}', 200, { params: { id: lesson._id }, body: { freePreview: false } });
    expect(await answer('GET', '/api/course/lessons/{id}', 403, { params: { id: lesson._id }, token: member })).toEqual({
      message: 'This lesson is for Architects',
    });
    await answer('GET', '/api/course', 200, { token: member });
    await answer('PUT', '/api/admin/course/modules/{id}/lessons/order', 200, { params: { id: moduleId }, body: { ids: [lesson._id] } });
    await answer('PUT', '/api/admin/course/modules/{id}/lessons/order', 400, { params: { id: moduleId }, body: { ids: [] } });
    await answer('PUT', '/api/admin/course/modules/order', 200, { body: { ids: [module._id, ...modules.map((m) => m._id)] } });
    await answer('PUT', '/api/admin/course/modules/order', 400, { body: { ids: [module._id] } });
    await answer('GET', '/api/admin/course/preview', 200, { query: { tier: 'paid', day: '2' } });
    await answer('GET', '/api/admin/course/preview', 400, { query: { tier: 'gold' } });
    await answer('GET', '/api/admin/course/insights', 200);
    expect(await answer('DELETE', '/api/admin/course/modules/{id}', 409, { params: { id: moduleId } })).toEqual({
      message: 'Move or delete its lessons first',
    });
    await answer('DELETE', '/api/admin/course/lessons/{id}', 200, { params: { id: lesson._id } });
    await answer('DELETE', '/api/admin/course/lessons/{id}', 404, { params: { id: lesson._id } });
    await answer('DELETE', '/api/admin/course/modules/{id}', 200, { params: { id: module._id } });
    await answer('DELETE', '/api/admin/course/modules/{id}', 404, { params: { id: module._id } });
  });

  it('progress, search and the certificate answer as documented, refusals included', async () => {
    const { modules } = (await answer('GET', '/api/admin/course', 200)) as { modules: Array<{ _id: string }> };
    const { lesson } = (await answer('POST', '/api/admin/course/lessons', 201, {
      body: { moduleId: modules[0]!._id, title: 'Only lesson', kind: 'text', published: true, body: 'Find the needle' },
    })) as { lesson: { _id: string } };
    const params = { id: lesson._id };
    await answer('PUT', '/api/course/lessons/{id}/progress', 200, { params, body: { positionSeconds: 4 } });
    await answer('PUT', '/api/course/lessons/{id}/progress', 400, { params, body: { positionSeconds: -4 } });
    await answer('PUT', '/api/course/lessons/{id}/progress', 401, { params, body: { positionSeconds: 4 }, token: undefined });
    await answer('PUT', '/api/course/lessons/{id}/progress', 404, { params: { id: 'nope' }, body: { positionSeconds: 4 } });
    await answer('GET', '/api/course/progress', 200);
    await answer('GET', '/api/course/progress', 401, { token: undefined });
    await answer('GET', '/api/course/search', 200, { query: { q: 'needle' } });
    await answer('GET', '/api/course/search', 400, { query: { q: 'n' } });
    expect(await answer('GET', '/api/course/certificate', 404)).toEqual({ message: 'Complete every lesson to earn the certificate' });
    await answer('PUT', '/api/course/lessons/{id}/progress', 200, { params, body: { positionSeconds: 4, completed: true } });
    const { _id } = (await answer('GET', '/api/course/certificate', 200)) as { _id: string };
    await answer('GET', '/api/certificates/{id}', 200, { params: { id: _id }, token: undefined });
    await answer('GET', '/api/certificates/{id}', 404, { params: { id: 'nope' }, token: undefined });
    await answer('DELETE', '/api/admin/course/lessons/{id}', 200, { params });
  });
});

describe('bodies', () => {
  it('a body that is too big or not JSON gets the documented 413 and 415, in the route style', async () => {
    const big = { paths: ['x'.repeat(BODY_LIMIT)] };
    expect(await answer('POST', '/api/media/delete', 413, { body: big })).toEqual({ success: false, message: expect.stringMatching(/too large/) });
    expect(await answer('POST', '/api/auth/register', 415, { body: 'name=x', headers: { 'content-type': 'text/plain' }, token: undefined })).toEqual({
      msg: expect.stringMatching(/must be JSON/),
    });
  });
});

describe('Reference', () => {
  it('the page and its files are served as documented', async () => {
    await answer('GET', '/api/openapi.json', 200, { token: undefined });
    await answer('GET', '/api/docs', 200, { token: undefined });
    for (const file of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs.js', 'docs.css']) await answer('GET', `/api/docs/${file}`, 200, { token: undefined });
  });
});
