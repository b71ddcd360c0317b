// GET /api/docs and its files: the page runs only scripts of this site, under the site's page
// policy, and nothing else of swagger-ui-dist is served.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the reference page', () => {
  it('is served under the page policy, and its scripts and styles are files of /api/docs', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.headers['content-security-policy']).toMatch(/style-src 'self';/);
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/<style|style="/);
    const files = [...page.body.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((match) => match[1]!);
    expect(files.sort()).toEqual(['/api/docs/docs.css', '/api/docs/docs.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    for (const file of files) {
      const answer = await t.app.inject({ url: file });
      expect(answer.statusCode, file).toBe(200);
      expect(answer.headers['content-type'], file).toMatch(file.endsWith('.js') ? /^text\/javascript; charset=utf-8/ : /^text\/css; charset=utf-8/);
      expect(answer.body.length, file).toBeGreaterThan(100);
    }
  });

  it("serves Swagger UI's files with an ETag, and no other file of its package", async () => {
    const bundle = await t.app.inject({ url: '/api/docs/swagger-ui-bundle.js' });
    const etag = bundle.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({ url: '/api/docs/swagger-ui-bundle.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    for (const url of ['/api/docs/index.html', '/api/docs/swagger-initializer.js', '/api/docs/package.json', '/api/docs/..%2fpackage.json', '/api/docs/']) {
      const answer = await t.app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json(), url).toEqual({ message: 'Not Found' });
    }
  });
});

describe("a file of Swagger UI's that is missing from its folder", () => {
  it("is the site's own 404, which names no path", async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'qc-no-swagger-ui-'));
    const app = await createTestApp({ build: { swaggerUiDir: empty } });
    try {
      const answer = await app.app.inject({ url: '/api/docs/swagger-ui-bundle.js' });
      expect({ status: answer.statusCode, body: answer.json() as unknown }).toEqual({ status: 404, body: { message: 'Not Found' } });
      expect(answer.body).not.toContain('/');
      // Answered as an unknown path is, not taken for a refusal that @fastify/send explains.
      expect(app.logs.text).not.toContain(empty);
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
