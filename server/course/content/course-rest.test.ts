// CONTRACT §4 "The course" through the REST façade, on a real database (SQLite, and PostgreSQL in
// the postgres project): the seeded outline, who sees what, the lesson call, the admin's calls with
// their refusals, limits and audit entries, and two admins reordering at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { type CourseOutline } from '../../../shared/course';
import { DAY_MS } from '../../../shared/constants';
import { closeAdminApp, signIn, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { callJson } from '../../../tests/support/test-app';
import { findMembership } from '../../users/data';
import { SPEC_MODULE_TITLES } from '../../../tests/support/spec-module-titles';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Module {
  _id: string;
  title: string;
  position: number;
  published: boolean;
  opensAfterDays: number;
}
interface Lesson {
  _id: string;
  moduleId: string;
  title: string;
  position: number;
}

let site: AdminApp;
/** How far the app's clock runs ahead of the real one (paidSince is written at the real time). */
let ahead = 0;
const clock = () => Date.now() + ahead;

beforeEach(async () => {
  ahead = 0;
  site = await startAdminApp({ build: { clock } });
});
afterEach(async () => {
  await closeAdminApp(site);
});

/** As the admin unless a token is given; '' for none. */
const api = (method: Method, url: string, body?: unknown, token: string = site.adminToken) => callJson(site.t.app, method, url, body, token);
const outline = async (token?: string) => (await api('GET', '/api/course', undefined, token ?? '')).body as unknown as CourseOutline;
const createModule = (body: Record<string, unknown>): Promise<Module> => courseSite(site).createModule(body);
const createLesson = (body: Record<string, unknown>): Promise<Lesson> => courseSite(site).createLesson(body);
/** A member signed up through the routes; made an Architect by the admin when `paid`. */
const member = (email: string, paid = false) => courseSite(site).member(email, paid);

/** A module of the course's own with lessons: a free preview, a plain one, and a draft. */
async function moduleWithLessons(extra: Record<string, unknown> = {}) {
  const module = await createModule({ title: 'Foundations', summary: 'Where it starts', published: true, ...extra });
  const preview = await createLesson({ moduleId: module._id, title: 'Welcome', freePreview: true, body: '# Hello\n\n<script>alert(1)</script>' });
  const plain = await createLesson({ moduleId: module._id, title: 'Deeper', body: 'Paid *text*' });
  const draft = await createLesson({ moduleId: module._id, title: 'Not yet', published: false });
  return { module, preview, plain, draft };
}

describe('the outline', () => {
  it('a fresh install has the ten modules of the spec, in order, published and empty, for anyone', async () => {
    const course = await outline(undefined);
    expect(course.modules.map((module) => module.title)).toEqual(SPEC_MODULE_TITLES);
    expect(course.modules.map((module) => module._id)).toEqual(COURSE_SEED_MODULES.map((module) => module.id));
    for (const [i, module] of course.modules.entries())
      expect(module).toEqual({ _id: module._id, title: module.title, summary: expect.any(String), position: i, opensAt: null, lessons: [] });
    const admin = (await api('GET', '/api/admin/course')).body.modules as Array<Module & { lessons: unknown[] }>;
    expect(admin.every((module) => module.published && module.opensAfterDays === 0 && module.lessons.length === 0)).toBe(true);
  });

  it('shows published modules and lessons only, locked lessons marked with the reason for each caller', async () => {
    const { module, preview, plain } = await moduleWithLessons();
    await createModule({ title: 'Draft module' });
    const explorer = await member('explorer@example.com');
    const architect = await member('architect@example.com', true);
    const suspended = await member('suspended@example.com');
    const users = (await api('GET', '/api/admin/users?search=suspended')).body.data as Array<Record<string, unknown> & { _id: string }>;
    const { _id, createdAt: _created, updatedAt: _updated, ...fields } = users[0]!;
    expect((await api('PUT', `/api/admin/users/${_id}`, { ...fields, status: 'suspended' })).status).toBe(200);

    const lessonsFor = async (token?: string) => {
      const course = await outline(token);
      expect(course.modules.map((m) => m.title)).not.toContain('Draft module');
      return course.modules.find((m) => m._id === module._id)!.lessons.map(({ title, locked, reason }) => ({ title, locked, reason }));
    };
    const visitorView = [
      { title: 'Welcome', locked: true, reason: 'sign-in' },
      { title: 'Deeper', locked: true, reason: 'sign-in' },
    ];
    expect(await lessonsFor(undefined)).toEqual(visitorView);
    // A token that stands for no active member is a visitor's: the outline never fails on a stale one.
    expect(await lessonsFor('not-a-token')).toEqual(visitorView);
    expect(await lessonsFor(suspended.token)).toEqual(visitorView);
    expect(await lessonsFor(explorer.token)).toEqual([
      { title: 'Welcome', locked: false, reason: null },
      { title: 'Deeper', locked: true, reason: 'architect' },
    ]);
    const open = [
      { title: 'Welcome', locked: false, reason: null },
      { title: 'Deeper', locked: false, reason: null },
    ];
    expect(await lessonsFor(architect.token)).toEqual(open);
    expect(await lessonsFor(site.adminToken)).toEqual(open);
    const lesson = (await outline(undefined)).modules.find((m) => m._id === module._id)!.lessons[0]!;
    expect(lesson).toEqual({
      _id: preview._id,
      title: 'Welcome',
      summary: '',
      kind: 'text',
      durationSeconds: null,
      freePreview: true,
      locked: true,
      reason: 'sign-in',
    });
    expect(JSON.stringify(await outline(site.adminToken))).not.toContain('Hello');
    expect(plain._id).toBeDefined();
  });

  it('drip: an Architect sees a module locked until its opening day, then open', async () => {
    const { module, plain } = await moduleWithLessons({ opensAfterDays: 2 });
    const architect = await member('architect@example.com', true);
    const opensOn = await courseSite(site).opensOn(architect.id, 2);
    const mine = async () => (await outline(architect.token)).modules.find((m) => m._id === module._id)!;
    expect(await mine()).toMatchObject({
      opensAt: opensOn,
      lessons: [
        { locked: false, reason: null },
        { locked: true, reason: 'opens' },
      ],
    });
    const refused = await api('GET', `/api/course/lessons/${plain._id}`, undefined, architect.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: `This module opens on ${opensOn}` });
    // Two days on (the app's clock), the module is open.
    ahead = 2 * DAY_MS;
    expect(await mine()).toMatchObject({ opensAt: opensOn, lessons: [{ locked: false }, { locked: false }] });
    expect((await api('GET', `/api/course/lessons/${plain._id}`, undefined, architect.token)).status).toBe(200);
    // The seeded modules open at once: opensAt is the day of paying.
    expect((await outline(architect.token)).modules[0]!.opensAt).toBe(await courseSite(site).opensOn(architect.id, 0));
  });

  it('a change through the admin calls is in the outline at once', async () => {
    const before = await outline();
    const module = await createModule({ title: 'New', published: true });
    expect((await outline()).modules.map((m) => m.title)).toEqual([...before.modules.map((m) => m.title), 'New']);
    await api('PUT', `/api/admin/course/modules/${module._id}`, { title: 'Renamed' });
    expect((await outline()).modules.at(-1)!.title).toBe('Renamed');
    await api('PUT', `/api/admin/course/modules/${module._id}`, { published: false });
    expect((await outline()).modules).toHaveLength(before.modules.length);
  });

  it('is a tRPC query too, the same answer', async () => {
    const res = await site.t.app.inject({ url: '/trpc/course.outline' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: { data: CourseOutline } }>().result.data).toEqual(await outline(undefined));
  });
});

describe('reading a lesson', () => {
  it('answers the rendered body, no media or attachments yet, untouched progress, and its neighbours', async () => {
    const { module, preview, plain } = await moduleWithLessons();
    const architect = await member('architect@example.com', true);
    const res = await api('GET', `/api/course/lessons/${preview._id}`, undefined, architect.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      lesson: {
        _id: preview._id,
        moduleId: module._id,
        title: 'Welcome',
        summary: '',
        kind: 'text',
        durationSeconds: null,
        html: '<h1>Hello</h1>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
        media: null,
        attachments: [],
      },
      progress: { positionSeconds: 0, playedSeconds: 0, completedAt: null },
      // Not a quiz (CONTRACT §8).
      quiz: null,
      previousId: null,
      nextId: plain._id,
    });
    expect((await api('GET', `/api/course/lessons/${plain._id}`, undefined, architect.token)).body).toMatchObject({ previousId: preview._id, nextId: null });
  });

  it('who may read: a visitor 401, an Explorer the free preview only (403 otherwise), a draft 404 for all but admins', async () => {
    const { preview, plain, draft } = await moduleWithLessons();
    const explorer = await member('explorer@example.com');
    const architect = await member('architect@example.com', true);
    const read = (id: string, token?: string) => api('GET', `/api/course/lessons/${id}`, undefined, token ?? '');
    expect((await read(preview._id, undefined)).status).toBe(401);
    expect((await read(preview._id, explorer.token)).status).toBe(200);
    expect(await read(plain._id, explorer.token)).toMatchObject({ status: 403, body: { message: 'This lesson is for Architects' } });
    expect((await read(plain._id, architect.token)).status).toBe(200);
    for (const token of [explorer.token, architect.token]) {
      expect(await read(draft._id, token)).toMatchObject({ status: 404, body: { message: `No lesson with id '${draft._id}'` } });
    }
    expect((await read(draft._id, site.adminToken)).status).toBe(200);
    expect((await read('no-such-lesson', site.adminToken)).status).toBe(404);
    // No refusal carries the body.
    expect(JSON.stringify((await read(plain._id, explorer.token)).body)).not.toContain('Paid');
  });

  it('a lesson of a draft module is a 404 for members, and a lesson made a draft disappears from the outline', async () => {
    const { module, preview } = await moduleWithLessons();
    const architect = await member('architect@example.com', true);
    await api('PUT', `/api/admin/course/modules/${module._id}`, { published: false });
    expect((await api('GET', `/api/course/lessons/${preview._id}`, undefined, architect.token)).status).toBe(404);
    expect((await api('GET', `/api/course/lessons/${preview._id}`)).status).toBe(200);
    await api('PUT', `/api/admin/course/modules/${module._id}`, { published: true });
    await api('PUT', `/api/admin/course/lessons/${preview._id}`, { published: false });
    expect((await outline(architect.token)).modules.find((m) => m._id === module._id)!.lessons.map((l) => l.title)).toEqual(['Deeper']);
  });

  it('previous and next cross modules in course order and skip what the caller may not open', async () => {
    const [first, second] = COURSE_SEED_MODULES;
    const a = await createLesson({ moduleId: first!.id, title: 'A', freePreview: true });
    const b = await createLesson({ moduleId: first!.id, title: 'B' });
    const c = await createLesson({ moduleId: second!.id, title: 'C', freePreview: true });
    const d = await createLesson({ moduleId: second!.id, title: 'D', published: false, freePreview: true });
    const explorer = await member('explorer@example.com');
    const architect = await member('architect@example.com', true);
    const around = async (id: string, token: string) => {
      const { previousId, nextId } = (await api('GET', `/api/course/lessons/${id}`, undefined, token)).body;
      return [previousId, nextId];
    };
    expect(await around(a._id, explorer.token)).toEqual([null, c._id]);
    expect(await around(c._id, explorer.token)).toEqual([a._id, null]);
    expect(await around(b._id, architect.token)).toEqual([a._id, c._id]);
    expect(await around(c._id, architect.token)).toEqual([b._id, null]);
    expect(await around(c._id, site.adminToken)).toEqual([b._id, d._id]);
  });

  it('a suspended member is refused (403); a deleted one 401', async () => {
    const { preview } = await moduleWithLessons();
    const gone = await member('gone@example.com');
    expect((await api('DELETE', `/api/admin/users/${gone.id}`)).status).toBe(200);
    expect((await api('GET', `/api/course/lessons/${preview._id}`, undefined, gone.token)).status).toBe(401);
  });
});

describe("the admin's calls", () => {
  it('every course call of the admin needs an admin', async () => {
    const explorer = await member('explorer@example.com');
    const calls: Array<[Method, string]> = [
      ['GET', '/api/admin/course'],
      ['GET', '/api/admin/course/preview?tier=free'],
      ['POST', '/api/admin/course/modules'],
      ['PUT', '/api/admin/course/modules/order'],
      ['PUT', '/api/admin/course/modules/x'],
      ['DELETE', '/api/admin/course/modules/x'],
      ['PUT', '/api/admin/course/modules/x/lessons/order'],
      ['POST', '/api/admin/course/lessons'],
      ['PUT', '/api/admin/course/lessons/x'],
      ['DELETE', '/api/admin/course/lessons/x'],
      ['POST', '/api/admin/course/lessons/x/files'],
      ['DELETE', '/api/admin/course/files/x'],
    ];
    for (const [method, url] of calls) {
      expect((await api(method, url, {}, '')).status, url).toBe(401);
      expect((await api(method, url, {}, explorer.token)).status, url).toBe(403);
    }
  });

  it('modules: create (201, last, a draft unless said), update, delete when empty, 409 while it has lessons, 404 unknown', async () => {
    const module = await createModule({ title: '  Extra  ' });
    expect(module).toEqual({ _id: expect.any(String), title: 'Extra', summary: '', position: 10, published: false, opensAfterDays: 0 });
    const updated = await api('PUT', `/api/admin/course/modules/${module._id}`, { summary: 'More', opensAfterDays: 14, published: true });
    expect(updated.body).toEqual({ module: { ...module, summary: 'More', opensAfterDays: 14, published: true } });
    const lesson = await createLesson({ moduleId: module._id, title: 'Inside', published: false });
    expect(await api('DELETE', `/api/admin/course/modules/${module._id}`)).toMatchObject({
      status: 409,
      body: { message: 'Move or delete its lessons first' },
    });
    expect(await api('DELETE', `/api/admin/course/lessons/${lesson._id}`)).toMatchObject({ status: 200, body: { message: 'Lesson deleted' } });
    expect(await api('DELETE', `/api/admin/course/modules/${module._id}`)).toMatchObject({ status: 200, body: { message: 'Module deleted' } });
    expect(await api('DELETE', `/api/admin/course/modules/${module._id}`)).toMatchObject({
      status: 404,
      body: { message: `No module with id '${module._id}'` },
    });
    expect((await api('PUT', '/api/admin/course/modules/nope', { title: 'X' })).status).toBe(404);
    expect((await api('DELETE', '/api/admin/course/lessons/nope')).status).toBe(404);
    expect((await api('PUT', '/api/admin/course/lessons/nope', { title: 'X' })).status).toBe(404);
  });

  it('deleting a module closes the gap in the positions', async () => {
    const seeded = (await api('GET', '/api/admin/course')).body.modules as Module[];
    expect((await api('DELETE', `/api/admin/course/modules/${seeded[3]!._id}`)).status).toBe(200);
    const after = (await api('GET', '/api/admin/course')).body.modules as Module[];
    expect(after.map((m) => m.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(after.map((m) => m._id)).toEqual(seeded.filter((_, i) => i !== 3).map((m) => m._id));
  });

  it('lessons: create (201, last in its module, a draft unless said), update, move to the end of another module', async () => {
    const [first, second] = COURSE_SEED_MODULES;
    const created = await api('POST', '/api/admin/course/lessons', { moduleId: first!.id, title: 'One', kind: 'video' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      lesson: {
        _id: expect.any(String),
        moduleId: first!.id,
        title: 'One',
        summary: '',
        position: 0,
        published: false,
        freePreview: false,
        kind: 'video',
        durationSeconds: null,
        body: '',
        quiz: null,
      },
    });
    const one = (created.body as { lesson: Lesson }).lesson;
    const two = await createLesson({ moduleId: first!.id, title: 'Two' });
    const three = await createLesson({ moduleId: first!.id, title: 'Three' });
    const other = await createLesson({ moduleId: second!.id, title: 'Other' });
    expect([two.position, three.position, other.position]).toEqual([1, 2, 0]);
    const changed = await api('PUT', `/api/admin/course/lessons/${two._id}`, { kind: 'audio', summary: 'S', body: 'Line\n\tindented', freePreview: true });
    expect(changed.body).toMatchObject({ lesson: { _id: two._id, kind: 'audio', summary: 'S', body: 'Line\n\tindented', freePreview: true, position: 1 } });
    const moved = await api('PUT', `/api/admin/course/lessons/${one._id}`, { moduleId: second!.id });
    expect(moved.body).toMatchObject({ lesson: { moduleId: second!.id, position: 1 } });
    const content = (await api('GET', '/api/admin/course')).body.modules as Array<Module & { lessons: Array<Lesson & { files: unknown[] }> }>;
    expect(content[0]!.lessons.map((l) => [l.title, l.position])).toEqual([
      ['Two', 0],
      ['Three', 1],
    ]);
    expect(content[1]!.lessons.map((l) => [l.title, l.position])).toEqual([
      ['Other', 0],
      ['One', 1],
    ]);
    expect(content[0]!.lessons[0]!.files).toEqual([]);
    expect(await api('PUT', `/api/admin/course/lessons/${one._id}`, { moduleId: 'nope' })).toMatchObject({
      status: 400,
      body: { message: "moduleId: no module with id 'nope'" },
    });
    expect(await api('POST', '/api/admin/course/lessons', { moduleId: 'nope', title: 'X', kind: 'text' })).toMatchObject({
      status: 400,
      body: { message: "moduleId: no module with id 'nope'" },
    });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const moduleId = COURSE_SEED_MODULES[0]!.id;
    const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
      ['/api/admin/course/modules', {}, /^title/],
      ['/api/admin/course/modules', { title: '   ' }, /^title/],
      ['/api/admin/course/modules', { title: 'x'.repeat(201) }, /^title must be at most 200/],
      ['/api/admin/course/modules', { title: 'T', summary: 'x'.repeat(1001) }, /^summary must be at most 1000/],
      ['/api/admin/course/modules', { title: 'T', opensAfterDays: 3651 }, /^opensAfterDays/],
      ['/api/admin/course/modules', { title: 'T', opensAfterDays: -1 }, /^opensAfterDays/],
      ['/api/admin/course/modules', { title: 'T', opensAfterDays: 1.5 }, /^opensAfterDays/],
      ['/api/admin/course/modules', { title: 'T', opensAfterDays: '3' }, /^opensAfterDays/],
      ['/api/admin/course/modules', { title: 'T', published: 'yes' }, /^published/],
      ['/api/admin/course/lessons', { moduleId, title: 'T' }, /^kind/],
      ['/api/admin/course/lessons', { moduleId, title: 'T', kind: 'pdf' }, /^kind/],
      ['/api/admin/course/lessons', { title: 'T', kind: 'text' }, /^moduleId/],
      ['/api/admin/course/lessons', { moduleId, title: 'x'.repeat(201), kind: 'text' }, /^title/],
      ['/api/admin/course/lessons', { moduleId, title: 'T', kind: 'text', body: 'x'.repeat(200_001) }, /^body must be at most 200000/],
      ['/api/admin/course/lessons', { moduleId, title: 'T', kind: 'text', body: 'a\rb' }, /^body must not contain control characters/],
      ['/api/admin/course/lessons', { moduleId, title: 'T', kind: 'text', freePreview: 1 }, /^freePreview/],
    ];
    for (const [url, body, message] of refusals) {
      const res = await api('POST', url, body);
      expect(res.status, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.body.message, `${url} ${JSON.stringify(body).slice(0, 80)}`).toMatch(message);
    }
    // At the limits, accepted.
    expect((await api('POST', '/api/admin/course/modules', { title: 'x'.repeat(200), summary: 'y'.repeat(1000), opensAfterDays: 3650 })).status).toBe(201);
    expect((await api('POST', '/api/admin/course/lessons', { moduleId, title: 'T', kind: 'text', body: 'x'.repeat(200_000) })).status).toBe(201);
    for (const query of ['tier=gold', 'tier=paid&day=3651', 'tier=paid&day=-1', 'tier=paid&day=1.5', 'day=1']) {
      expect((await api('GET', `/api/admin/course/preview?${query}`)).status, query).toBe(400);
    }
  });

  it('order: modules and lessons take exactly their set of ids, else 400', async () => {
    const ids = COURSE_SEED_MODULES.map((module) => module.id);
    const reversed = [...ids].reverse();
    for (const wrong of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), 'nope'], [...ids, 'extra'], []]) {
      const res = await api('PUT', '/api/admin/course/modules/order', { ids: wrong });
      expect(res.status, JSON.stringify(wrong)).toBe(400);
      expect(res.body.message).toMatch(/^ids /);
    }
    const res = await api('PUT', '/api/admin/course/modules/order', { ids: reversed });
    expect(res.status).toBe(200);
    expect((res.body.modules as Module[]).map((m) => [m._id, m.position])).toEqual(reversed.map((id, i) => [id, i]));
    expect((await outline()).modules.map((m) => m._id)).toEqual(reversed);

    const moduleId = ids[0]!;
    const a = await createLesson({ moduleId, title: 'A' });
    const b = await createLesson({ moduleId, title: 'B' });
    const url = `/api/admin/course/modules/${moduleId}/lessons/order`;
    for (const wrong of [[a._id], [a._id, a._id], [a._id, b._id, 'c']]) expect((await api('PUT', url, { ids: wrong })).status).toBe(400);
    const lessons = await api('PUT', url, { ids: [b._id, a._id] });
    expect((lessons.body.lessons as Lesson[]).map((l) => [l.title, l.position])).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    expect((await api('PUT', '/api/admin/course/modules/nope/lessons/order', { ids: [] })).status).toBe(404);
  });

  it('two admins reordering at once leave one whole order, never a mix', async () => {
    const ids = COURSE_SEED_MODULES.map((module) => module.id);
    for (let round = 0; round < 5; round++) {
      const first = [...ids].reverse();
      const second = [...ids.slice(5), ...ids.slice(0, 5)];
      const [a, b] = await Promise.all([
        api('PUT', '/api/admin/course/modules/order', { ids: first }),
        api('PUT', '/api/admin/course/modules/order', { ids: second }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      const after = (await api('GET', '/api/admin/course')).body.modules as Module[];
      expect(after.map((m) => m.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect([first, second]).toContainEqual(after.map((m) => m._id));
    }
  });

  it('preview: the outline as an Explorer, or an Architect on day N', async () => {
    const { module } = await moduleWithLessons({ opensAfterDays: 3 });
    const lessonsOn = async (query: string) => {
      const res = await api('GET', `/api/admin/course/preview?${query}`);
      expect(res.status).toBe(200);
      return (res.body as unknown as CourseOutline).modules.find((m) => m._id === module._id)!.lessons.map((l) => l.reason);
    };
    expect(await lessonsOn('tier=free&day=0')).toEqual([null, 'architect']);
    expect(await lessonsOn('tier=paid&day=0')).toEqual([null, 'opens']);
    expect(await lessonsOn('tier=paid&day=2')).toEqual([null, 'opens']);
    expect(await lessonsOn('tier=paid&day=3')).toEqual([null, null]);
    expect(await lessonsOn('tier=paid')).toEqual([null, 'opens']);
  });

  it("the editor's body preview (tRPC only) renders an unsaved body as the lesson call does, for admins only, within the body's limit", async () => {
    const render = (body: unknown, token = site.adminToken) =>
      site.t.app.inject({
        method: 'POST',
        url: '/trpc/course.lessons.render',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { body },
      });
    const markdown = '# Hello\n\n<script>alert(1)</script> [x](javascript:alert(1)) ~~old~~';
    const res = await render(markdown);
    expect(res.statusCode, res.body).toBe(200);
    const html = res.json<{ result: { data: { html: string } } }>().result.data.html;
    // The same renderer as members get: saved, the lesson reads back exactly this html.
    const { module } = await moduleWithLessons();
    const lesson = await createLesson({ moduleId: module._id, title: 'Same', body: markdown });
    expect(((await api('GET', `/api/course/lessons/${lesson._id}`)).body as { lesson: { html: string } }).lesson.html).toBe(html);
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('javascript:');
    // Nothing is stored by a preview: the lesson keeps its saved body.
    await render('changed');
    expect(((await api('GET', `/api/course/lessons/${lesson._id}`)).body as { lesson: { html: string } }).lesson.html).toBe(html);

    const over = await render('x'.repeat(200_001));
    expect(over.statusCode).toBe(400);
    expect(over.json<{ error: { message: string } }>().error.message).toMatch(/^body must be at most 200000/);
    expect((await render(42)).statusCode).toBe(400);
    expect((await render('x', '')).statusCode).toBe(401);
    const { token } = await member('reader@example.com', true);
    expect((await render('x', token)).statusCode).toBe(403);
  });

  it('every change is in the audit trail', async () => {
    const module = await createModule({ title: 'Audited' });
    await api('PUT', `/api/admin/course/modules/${module._id}`, { title: 'Audited twice', published: true });
    const lesson = await createLesson({ moduleId: module._id, title: 'L' });
    await api('PUT', `/api/admin/course/lessons/${lesson._id}`, { body: 'New body' });
    await api('PUT', `/api/admin/course/modules/${module._id}/lessons/order`, { ids: [lesson._id] });
    await api('DELETE', `/api/admin/course/lessons/${lesson._id}`);
    await api('PUT', '/api/admin/course/modules/order', { ids: [...COURSE_SEED_MODULES.map((m) => m.id), module._id].reverse() });
    await api('DELETE', `/api/admin/course/modules/${module._id}`);
    const audit = async () =>
      ((await api('GET', '/api/admin/audit')).body.data as Array<{ action: string; summary: string }>).filter((entry) => entry.action.startsWith('course.'));
    const entries = await audit();
    expect(entries.map((entry) => entry.action).reverse()).toEqual([
      'course.module.create',
      'course.module.update',
      'course.lesson.create',
      'course.lesson.update',
      'course.lesson.reorder',
      'course.lesson.delete',
      'course.module.reorder',
      'course.module.delete',
    ]);
    expect(entries.at(-2)!.summary).toBe('“Audited”: changed title “Audited” → “Audited twice”, published no → yes');
    expect(entries.find((e) => e.action === 'course.lesson.update')!.summary).toBe('“L”: changed body (8 characters)');
    // A refused change records nothing.
    await api('PUT', '/api/admin/course/modules/order', { ids: [] });
    expect(await audit()).toEqual(entries);
  });
});

describe('paidSince', () => {
  it('an admin making a member an Architect sets it to now, which the user object shows; free again clears it', async () => {
    const explorer = await member('explorer@example.com');
    expect(await findMembership(site.db.db, explorer.id)).toEqual({ membershipTier: 'free', paidSince: null });
    const users = (await api('GET', '/api/admin/users?search=explorer')).body.data as Array<Record<string, unknown> & { _id: string }>;
    const { _id, createdAt: _created, updatedAt: _updated, ...fields } = users[0]!;
    const before = Date.now();
    const paid = await api('PUT', `/api/admin/users/${_id}`, { ...fields, membershipTier: 'paid' });
    const since = (await findMembership(site.db.db, explorer.id))!.paidSince!;
    expect(since).toBeGreaterThanOrEqual(before);
    expect(since).toBeLessThanOrEqual(Date.now());
    // "Architect since" (CONTRACT §6): by hand, with no Checkout Session.
    expect(paid.body.data).toMatchObject({ paidSince: new Date(since).toISOString(), paidVia: 'hand', checkoutSessionId: null });
    // Saving a paid member again (a name change) keeps their day.
    await api('PUT', `/api/admin/users/${_id}`, { ...fields, name: 'Renamed', membershipTier: 'paid' });
    expect((await findMembership(site.db.db, explorer.id))!.paidSince).toBe(since);
    await api('PUT', `/api/admin/users/${_id}`, { ...fields, membershipTier: 'free' });
    expect((await findMembership(site.db.db, explorer.id))!.paidSince).toBeNull();
  });

  it('a user created paid by an admin is paid since then', async () => {
    const before = Date.now();
    const res = await api('POST', '/api/admin/users', {
      name: 'Pat',
      email: 'pat@example.com',
      password: 'pat password',
      role: 'user',
      membershipTier: 'paid',
      status: 'active',
    });
    const since = (await findMembership(site.db.db, (res.body.data as { _id: string })._id))!.paidSince!;
    expect(since).toBeGreaterThanOrEqual(before);
    await signIn(site.t, 'pat@example.com', 'pat password');
  });
});
