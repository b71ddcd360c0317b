// Issue 33, finding 11: each process keeps the course tree in memory and reads it again when a
// 'course-changed' event says so. An event that never arrives (a publish to Redis that failed, a
// second process on the SQLite file, a tool) left the tree stale for good: an unpublished lesson
// stayed in the outline and searchable. The tree now also asks the database, now and then, whether
// the course changed. The other process's write is made here on a connection of the test's own,
// which tells the app nothing; the app's clock is moved, never waited for. On SQLite and PostgreSQL
// (the postgres project).
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { courseLessons, courseModules } from '../../db/schema';
import { TREE_CHECK_MS } from './outline-cache';

let site: AdminApp | undefined;
afterEach(async () => {
  if (site) await closeAdminApp(site);
  site = undefined;
});

describe('the course tree', () => {
  it('drops a lesson unpublished by another process whose event was lost, within a check of the database', async () => {
    let ahead = 0;
    site = await startAdminApp({ build: { clock: () => Date.now() + ahead } });
    const course = courseSite(site);
    const module = await course.createModule({ title: 'Optics', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'Lenses', body: 'Refraction through a prism.' });
    const architect = await course.member('ada@example.com', true);
    const titles = async () =>
      ((await course.api('GET', '/api/course', undefined, architect.token)).body.modules as Array<{ lessons: Array<{ title: string }> }>).flatMap((m) =>
        m.lessons.map((l) => l.title),
      );
    const found = async (q: string) => {
      const res = await course.api('GET', `/api/course/search?q=${encodeURIComponent(q)}`, undefined, architect.token);
      expect(res.status, res.raw).toBe(200);
      return (res.body.results as Array<{ lessonTitle: string }>).map((hit) => hit.lessonTitle);
    };
    expect(await titles()).toEqual(['Lenses']);
    expect(await found('prism')).toEqual(['Lenses']);

    await site.db.db.update(courseLessons).set({ published: false }).where(eq(courseLessons.id, lesson._id));
    await site.db.db.update(courseModules).set({ title: 'Light' }).where(eq(courseModules.id, module._id));
    ahead += TREE_CHECK_MS + 1;

    expect(await titles()).toEqual([]);
    expect(await found('prism')).toEqual([]);
    const outline = await course.api('GET', '/api/course', undefined, architect.token);
    expect((outline.body.modules as Array<{ title: string }>).map((m) => m.title)).toContain('Light');
    // Opening it is refused as it always was: the lesson call reads the row itself.
    expect((await course.api('GET', `/api/course/lessons/${lesson._id}`, undefined, architect.token)).status).toBe(404);
  });
});
