// Issue 33, finding 2: no link token and no signature in the request log (DESIGN "Security habits":
// never log a token or a reset link). A mailed link's token sits in a page's path (the SPA
// fallback answers it) or an API route's; a signed file URL's signature sits in its query. The
// paths are read from where they are declared, the client's routes and the OpenAPI document, so a
// new link added there is held to the rule without this file knowing its name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { courseSite } from '../../tests/support/course-site';
import { projectRoot } from '../paths';

const SECRET = 'Zq9secretTOKENvalue_-4242';

let site: AdminApp | undefined;
afterEach(async () => {
  if (site) await closeAdminApp(site);
  site = undefined;
});

/** The client's page paths that take a token (`…/:token`), as the router declares them. */
function tokenPagePaths(): string[] {
  const routes = readFileSync(path.join(projectRoot, 'client/src/app/routes.tsx'), 'utf8');
  return [...routes.matchAll(/path: '([^']*:token[^']*)'/g)].map((match) => `/${match[1]!}`);
}

describe('the request log', () => {
  it('holds no token of a mailed link, on its page or its API route, however the URL is written', async () => {
    site = await startAdminApp();
    const pages = tokenPagePaths();
    expect(pages).toEqual(expect.arrayContaining(['/reset-password/:token', '/verify-email/:token', '/confirm-email/:token']));
    const document = (await site.t.app.inject('/api/openapi.json')).json<{ paths: Record<string, Record<string, unknown>> }>();
    const apiRoutes = Object.entries(document.paths)
      .filter(([url]) => url.includes('{token}'))
      .flatMap(([url, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), url: url.replace('{token}', ':token') })));
    expect(apiRoutes.map((route) => route.url)).toContain('/api/auth/reset-password/:token');

    const requests = [
      ...pages.flatMap((page) =>
        [page, `${page}?utm_source=mail`, page.toUpperCase().replace(':TOKEN', ':token'), page.replace('-', '%2D')].map((url) => ({ method: 'GET', url })),
      ),
      ...apiRoutes,
    ].map(({ method, url }) => ({ method, url: url.replace(':token', SECRET) }));
    const before = site.t.logs.lines.length;
    for (const { method, url } of requests) {
      await site.t.app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: { password: 'a new password' } }) });
    }

    const logged = site.t.logs.lines
      .slice(before)
      .map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url)
      .filter((url): url is string => url !== undefined);
    expect(logged).toHaveLength(requests.length);
    expect(site.t.logs.text).not.toContain(SECRET);
    // What the line is for stays: which page or route it was.
    expect(logged).toContain('/verify-email/[redacted]');
    expect(logged).toContain('/confirm-email/[redacted]?utm_source=mail');
  });

  it('holds no signature of a course file URL', async () => {
    site = await startAdminApp();
    const course = courseSite(site);
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'L' });
    await course.uploadFile(lesson._id, { role: 'attachment' }, { name: 'notes.txt', content: Buffer.from('some notes\n') });
    const reading = await course.api('GET', `/api/course/lessons/${lesson._id}`);
    const url = (reading.body.lesson as { attachments: Array<{ url: string }> }).attachments[0]!.url;
    const signature = new URL(url, 'http://site.test').searchParams.get('s')!;
    expect(signature.length).toBeGreaterThan(20);

    expect((await site.t.app.inject(url)).statusCode).toBe(200);
    // A signature given twice goes as well (and is refused: 403).
    await site.t.app.inject(`${url}&s=${signature}`);
    // Its name percent-encoded, as the route's query parser reads it all the same.
    expect((await site.t.app.inject(url.replace('&s=', '&%73='))).statusCode).toBe(200);

    expect(site.t.logs.text).not.toContain(signature);
    expect(site.t.logs.text).toContain('&s=[redacted]');
  });
});
