// The HTTP shell around the procedures: health, headers, 404s, the SPA fallback, hidden 5xx.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { dialect, sqlRun, withAppDatabase } from '../../tests/support/test-database';
import { compressClient } from '../../scripts/compress-client.mjs';
import { callJson, createTestApp, TEST_JWT_SECRET, type TestApp } from '../../tests/support/test-app';
import { buildApp } from '../app';
import { parseConfig } from '../config';

let t: TestApp | undefined;
// A fake build: dist/ with client/ (and pages/ beside it when a test prerenders some).
let distDir: string | undefined;
afterEach(async () => {
  await t?.close();
  if (distDir) rmSync(distDir, { recursive: true, force: true });
  t = distDir = undefined;
});

function fakeClient() {
  distDir = mkdtempSync(path.join(tmpdir(), 'qc-dist-'));
  const clientDir = path.join(distDir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"><meta name="trpc-max-batch" content="TRPC_MAX_BATCH_PLACEHOLDER"><title>site</title>',
  );
  writeFileSync(path.join(clientDir, 'assets', 'app-123.js'), 'console.log(1)');
  return clientDir;
}

describe('the HTTP shell', () => {
  it('GET /healthz answers {status: ok}', async () => {
    t = await createTestApp();
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('logs one line per request, once it is answered: method, url, status and time', async () => {
    t = await createTestApp();
    await t.app.inject('/healthz?probe=1');
    const lines = t.logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId !== undefined);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/healthz?probe=1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('sends the security headers on every response, errors included: the page policy on HTML, load-nothing on data', async () => {
    t = await createTestApp({ build: { clientDir: fakeClient() } });
    for (const url of ['/', '/courses', '/healthz', '/api/nothing', '/trpc/auth.me', '/api/slider/public']) {
      const res = await t.app.inject(url);
      const isPage = String(res.headers['content-type']).startsWith('text/html');
      expect(res.headers['content-security-policy'], url).toMatch(isPage ? /script-src 'self'/ : /^default-src 'none'; frame-ancestors 'none'$/);
      expect(res.headers['content-security-policy'], url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['content-security-policy'], url).not.toMatch(/unsafe-inline/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
      expect(res.headers['permissions-policy'], url).toBe(isPage ? 'camera=(), microphone=(), geolocation=(), payment=()' : undefined);
    }
    expect((await t.app.inject('/')).headers['content-type']).toMatch(/^text\/html/);
  });

  it('gives every page response its own style nonce, in the page and in its CSP alike', async () => {
    t = await createTestApp({ build: { clientDir: fakeClient() } });
    const nonces = [];
    for (const url of ['/', '/courses', '/index.html']) {
      const page = await t.app.inject(url);
      const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(page.headers['content-security-policy'], url).toContain(`style-src 'self' 'nonce-${nonce}'`);
      nonces.push(nonce);
    }
    expect(new Set(nonces).size).toBe(3);
  });

  it('tells the client’s batch link how many calls a batch may hold (TRPC_MAX_BATCH)', async () => {
    t = await createTestApp({ env: { TRPC_MAX_BATCH: '4' }, build: { clientDir: fakeClient() } });
    for (const url of ['/', '/login']) expect((await t.app.inject(url)).body, url).toContain('<meta name="trpc-max-batch" content="4">');
  });

  it('serves the client with a fallback to index.html, but unknown /api and /trpc paths are JSON 404s', async () => {
    t = await createTestApp({ build: { clientDir: fakeClient() } });
    for (const url of ['/', '/reset-password/abc', '/courses?from=mail']) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }

    const asset = await t.app.inject('/assets/app-123.js');
    expect(asset.headers['cache-control']).toMatch(/immutable/);

    for (const url of ['/api/unknown', '/api', '/trpc/unknown.proc', '/media/nothing.png', '/assets/gone-456.js', '/favicon.ico']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
    const post = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not Found' });
  });

  it('sends the build’s brotli or gzip copy of an asset to a browser that asks for it, and no source map', async () => {
    const dir = fakeClient();
    const script = `export const words = ${JSON.stringify('luminous night sky '.repeat(400))};`;
    writeFileSync(path.join(dir, 'assets', 'big-789.js'), script);
    writeFileSync(path.join(dir, 'assets', 'big-789.js.map'), '{"version":3}');
    await compressClient(dir, path.join(distDir!, 'sourcemaps'));
    t = await createTestApp({ build: { clientDir: dir } });
    const get = (encoding?: string) => t!.app.inject({ url: '/assets/big-789.js', headers: encoding ? { 'accept-encoding': encoding } : {} });

    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.headers['content-type']).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toMatch(/immutable/);
    }
    expect((await t.app.inject('/assets/big-789.js.map')).statusCode).toBe(404);
  });

  it('sends a visitor page the build prerendered with its own nonce, and the empty shell for other paths', async () => {
    const dir = fakeClient();
    mkdirSync(path.join(distDir!, 'pages'));
    const prerendered = (text: string) =>
      `<!doctype html><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"><meta name="trpc-max-batch" content="TRPC_MAX_BATCH_PLACEHOLDER"><div id="root"><h1>${text}</h1></div>`;
    writeFileSync(path.join(distDir!, 'pages', 'index.html'), prerendered('Landing'));
    writeFileSync(path.join(distDir!, 'pages', 'courses.html'), prerendered('Courses'));
    t = await createTestApp({ env: { TRPC_MAX_BATCH: '7' }, build: { clientDir: dir } });
    for (const [url, text] of [
      ['/', 'Landing'],
      ['/courses', 'Courses'],
      ['/courses?from=mail', 'Courses'],
    ] as const) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(`<h1>${text}</h1>`);
      const nonce = /nonce="([^"]+)"/.exec(page.body)?.[1];
      expect(page.headers['content-security-policy'], url).toContain(`'nonce-${nonce}'`);
      expect(page.body, url).toContain('<meta name="trpc-max-batch" content="7">');
    }
    for (const url of ['/dashboard', '/courses/extra', '/login']) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<title>site</title>');
      expect(page.body, url).not.toContain('<h1>');
    }
    expect((await t.app.inject('/pages/courses.html')).statusCode).toBe(404);
  });

  it('sends a page gzipped to a browser that asks, the same page with its own nonce, and plain to one that does not', async () => {
    const dir = fakeClient();
    mkdirSync(path.join(distDir!, 'pages'));
    const landing = `<!doctype html><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"><link rel="stylesheet" nonce="CSP_NONCE_PLACEHOLDER" href="/assets/a.css"><div id="root"><h1>Landing</h1><p>${'A calm, luminous night sky. '.repeat(200)}</p></div><script nonce="CSP_NONCE_PLACEHOLDER" src="/assets/a.js"></script>`;
    writeFileSync(path.join(distDir!, 'pages', 'index.html'), landing);
    t = await createTestApp({ build: { clientDir: dir } });
    const get = (url: string, encoding?: string, method: 'GET' | 'HEAD' = 'GET') =>
      t!.app.inject({ method, url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const nonceOf = (answer: { headers: Record<string, unknown> }) => /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))![1]!;

    for (const [url, template] of [
      ['/', landing],
      ['/dashboard', '<!doctype html><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER"><meta name="trpc-max-batch" content="10"><title>site</title>'],
    ] as const) {
      const zipped = await get(url, 'br, gzip');
      expect(zipped.statusCode, url).toBe(200);
      expect(zipped.headers['content-encoding'], url).toBe('gzip');
      expect(zipped.headers['content-type'], url).toMatch(/^text\/html/);
      expect(Number(zipped.headers['content-length']), url).toBe(zipped.rawPayload.length);
      const nonce = nonceOf(zipped);
      expect(gunzipSync(zipped.rawPayload).toString(), url).toBe(template.replaceAll('CSP_NONCE_PLACEHOLDER', nonce));

      const plain = await get(url);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toBe(template.replaceAll('CSP_NONCE_PLACEHOLDER', nonceOf(plain)));
      expect(nonceOf(plain), url).not.toBe(nonce);
      for (const answer of [zipped, plain]) expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
    }
    const landingZipped = await get('/', 'gzip, deflate, br');
    expect(landingZipped.rawPayload.length).toBeLessThan(landing.length / 4);
    // A browser that refuses gzip gets the page as it is; a HEAD says what a GET would send.
    expect((await get('/', 'br, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    const head = await get('/', 'gzip', 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers a prerendered form the browser sent before the script took over with the page again, reading and logging none of it', async () => {
    const dir = fakeClient();
    mkdirSync(path.join(distDir!, 'pages'));
    writeFileSync(path.join(distDir!, 'pages', 'login.html'), '<!doctype html><div id="root"><form method="post"></form></div>');
    t = await createTestApp({ build: { clientDir: dir } });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ada%40example.com&password=hunter2-secret',
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/login');
    expect(t.logs.text).not.toContain('hunter2-secret');
    // Only pages with a prerendered form: any other POST is still a 404.
    expect((await t.app.inject({ method: 'POST', url: '/dashboard', payload: 'x=1' })).statusCode).toBe(404);
  });

  it('answers an unexpected failure with a bare 500: no SQL, stack or path', async () => {
    t = await createTestApp();
    await withAppDatabase(t.config, async (db) => {
      await sqlRun(db, sql`drop table password_resets`);
      // PostgreSQL drops the foreign keys of the other tables only when told to.
      await sqlRun(db, { sqlite: sql`drop table users`, postgres: sql`drop table users cascade` });
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co', password: 'whatever' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe(JSON.stringify({ msg: 'Internal Server Error' }));
    const forgot = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@b.co' } });
    expect(forgot.statusCode).toBe(500);
    expect(forgot.json()).toEqual({ message: 'Internal Server Error' });
    expect(t.logs.text).toContain(dialect === 'sqlite' ? 'no such table' : 'relation \\"users\\" does not exist');
  });

  it('keeps member data out of caches (no-store) while the public slider data keeps its ETag', async () => {
    t = await createTestApp();
    const { body } = await callJson(t.app, 'POST', '/api/auth/register', { name: 'Cai', email: 'cai@example.com', password: 'cai password' });
    const me = await t.app.inject({ url: '/trpc/auth.me', headers: { authorization: `Bearer ${String(body.token)}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const slider = await t.app.inject('/api/slider/public');
    expect(slider.headers['cache-control']).toBe('no-cache');
    expect(slider.headers.etag).toMatch(/^"/);
    expect(slider.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends Strict-Transport-Security when APP_URL is https', async () => {
    t = await createTestApp({ env: { APP_URL: 'https://courses.example.com' } });
    for (const url of ['/healthz', '/api/slider/public', '/api/nothing']) {
      expect((await t.app.inject(url)).headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('creates DATA_DIR readable by the site’s user only (0700) and app.db 0600', async () => {
    t = await createTestApp();
    const parent = mkdtempSync(path.join(tmpdir(), 'qc-modes-'));
    const dataDir = path.join(parent, 'site');
    const app = await buildApp(parseConfig({ ...t.databaseEnv, DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent' }), {
      clientDir: undefined,
    });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      // On PostgreSQL the data is in the database server's own files.
      if (dialect === 'sqlite') expect(statSync(path.join(dataDir, 'app.db')).mode & 0o777).toBe(0o600);
    } finally {
      await app.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
