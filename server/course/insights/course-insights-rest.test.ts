// GET /api/admin/course/insights (CONTRACT §4) through the REST façade, on SQLite and on PostgreSQL
// (the postgres project): the running totals that the database's triggers keep (decision 032) held
// to a brute-force count of every row after each step of random histories, and under saves at once.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adminAppForEachTest } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { insightsByScan } from '../../../tests/support/insights-scan';
import { seedUsers } from '../../../tests/support/seed-users';
import { courseLessons, users } from '../../db/schema';
import { issueCertificate } from '../progress/certificate-data';
import { saveProgress, type Completion } from '../progress/progress-data';

const site = adminAppForEachTest();
const course = courseSite(site);

const insights = async () => {
  const res = await course.api('GET', '/api/admin/course/insights');
  expect(res.status, res.raw).toBe(200);
  return res.body;
};

const expectExact = async (step: string) => expect(await insights(), step).toEqual(await insightsByScan(site.db.db));

/** A save as the procedure makes it: played seconds whole and never past the duration (0 without one). */
async function save(userId: string, lessonId: string, played: number, completion: Completion) {
  const [lesson] = await site.db.db.select({ duration: courseLessons.durationSeconds }).from(courseLessons).where(eq(courseLessons.id, lessonId));
  const duration = lesson?.duration ?? 0;
  return saveProgress(
    site.db.db,
    { userId, lessonId, positionSeconds: played, playedSeconds: Math.min(played, duration), completion, completeAt: Math.ceil(duration * 0.9) || 1 },
    Date.now(),
  );
}

describe('GET /api/admin/course/insights', () => {
  it('is for admins only', async () => {
    expect((await course.api('GET', '/api/admin/course/insights', undefined, '')).status).toBe(401);
    const explorer = await course.member('explorer@example.com');
    expect((await course.api('GET', '/api/admin/course/insights', undefined, explorer.token)).status).toBe(403);
  });

  it('counts members, modules and lessons by their definitions, published only, in course order', async () => {
    const [ann, bob, cy] = await seedUsers(site.db, [
      { name: 'Ann', email: 'ann@example.com' },
      { name: 'Bob', email: 'bob@example.com' },
      { name: 'Cy', email: 'cy@example.com' },
    ]);
    // The ten modules of a fresh install come first, empty.
    const before = await insights();
    expect(before).toEqual({ members: { started: 0, completed: 0 }, modules: before.modules, lessons: [] });
    expect(before.modules as unknown[]).toHaveLength(10);

    const module = await course.createModule({ title: 'Practice', published: true });
    const video = await course.createLesson({ moduleId: module._id, title: 'Watch', kind: 'video' });
    await site.db.db.update(courseLessons).set({ durationSeconds: 200 }).where(eq(courseLessons.id, video._id));
    const text = await course.createLesson({ moduleId: module._id, title: 'Read' });
    const draft = await course.createLesson({ moduleId: module._id, title: 'Soon', published: false });
    await save(ann!, video._id, 200, 'auto');
    await save(ann!, text._id, 0, 'complete');
    await save(bob!, video._id, 50, 'auto');
    // A draft's row makes its member one who started, but counts in no module or lesson shown.
    await save(cy!, draft._id, 0, 'complete');
    await issueCertificate(site.db.db, { userId: ann!, name: 'Ann', completedAt: Date.now() }, Date.now());

    const answer = await insights();
    expect(answer.members).toEqual({ started: 3, completed: 1 });
    expect((answer.modules as unknown[]).at(-1)).toEqual({ _id: module._id, started: 2, completed: 1 });
    expect(answer.lessons).toEqual([
      { _id: video._id, started: 2, completed: 1, averagePlayedPercent: 62.5 },
      { _id: text._id, started: 1, completed: 1, averagePlayedPercent: null },
    ]);
    await expectExact('the worked example');

    // Published, the draft joins the module: Ann has not completed it, Cy has it alone.
    expect((await course.api('PUT', `/api/admin/course/lessons/${draft._id}`, { published: true })).status).toBe(200);
    expect(((await insights()).modules as unknown[]).at(-1)).toEqual({ _id: module._id, started: 3, completed: 0 });
    await expectExact('after publishing the draft');

    // A certificate outlives its lessons: with Ann's rows deleted with them, she still counts as
    // started, and never more members finished than started.
    for (const lesson of [video, text, draft]) expect((await course.api('DELETE', `/api/admin/course/lessons/${lesson._id}`)).status).toBe(200);
    expect((await insights()).members).toEqual({ started: 1, completed: 1 });
    await expectExact('after deleting every lesson');
  });

  it('a save that changes only the position writes no total', async () => {
    const [ann] = await seedUsers(site.db, [{ name: 'Ann', email: 'ann@example.com' }]);
    const module = await course.createModule({ title: 'Practice', published: true });
    const video = await course.createLesson({ moduleId: module._id, title: 'Watch', kind: 'video' });
    await site.db.db.update(courseLessons).set({ durationSeconds: 100 }).where(eq(courseLessons.id, video._id));
    await save(ann!, video._id, 30, 'auto');
    const positionOnly = (db: typeof site.db.db) =>
      saveProgress(db, { userId: ann!, lessonId: video._id, positionSeconds: 80, playedSeconds: 30, completion: 'auto', completeAt: 90 }, Date.now());
    const totalChanges = site.db.db.$client.prepare?.('select total_changes() as n');
    if (totalChanges) {
      // SQLite counts the rows written by a statement and by its triggers: here the progress row alone.
      const changes = () => (totalChanges.get() as { n: number }).n;
      const atStart = changes();
      expect(await positionOnly(site.db.db)).toMatchObject({ positionSeconds: 80, playedSeconds: 30 });
      expect(changes() - atStart).toBe(1);
    } else {
      // PostgreSQL counts the rows each table had written by this connection (until it reports them
      // to its statistics): the counts just before and just after the save, on one connection.
      const tables = ['course_progress', 'course_lesson_totals', 'course_member_totals', 'course_member_modules', 'course_module_totals'];
      const query = sql.raw(
        `select ${tables.map((t) => `pg_stat_get_xact_tuples_updated('${t}'::regclass) + pg_stat_get_xact_tuples_inserted('${t}'::regclass) + pg_stat_get_xact_tuples_deleted('${t}'::regclass) as "${t}"`).join(', ')}`,
      );
      const written = await site.db.db.transaction(async (tx) => {
        // Typed as SQLite's; on PostgreSQL it is node-postgres's, which has execute (decision 020).
        const pgTx = tx as unknown as { execute(query: unknown): Promise<{ rows: Array<Record<string, string>> }> };
        const counts = () => pgTx.execute(query);
        const before = (await counts()).rows[0]!;
        expect(await positionOnly(tx as unknown as typeof site.db.db)).toMatchObject({ positionSeconds: 80, playedSeconds: 30 });
        const after = (await counts()).rows[0]!;
        return Object.fromEntries(tables.map((t) => [t, String(Number(after[t]) - Number(before[t]))]));
      });
      // (The upsert's row counts once or twice, as PostgreSQL tallies a conflict; the totals not at all.)
      const { course_progress: progressRows, ...totals } = written!;
      expect(Number(progressRows)).toBeGreaterThan(0);
      expect(totals).toEqual({ course_lesson_totals: '0', course_member_totals: '0', course_member_modules: '0', course_module_totals: '0' });
    }
    await expectExact('after a position-only save');
  });

  it('two saves at once on the same lesson, by the same member and by two, count each member once', async () => {
    const [ann, bob] = await seedUsers(site.db, [
      { name: 'Ann', email: 'ann@example.com' },
      { name: 'Bob', email: 'bob@example.com' },
    ]);
    const module = await course.createModule({ title: 'Practice', published: true });
    const video = await course.createLesson({ moduleId: module._id, title: 'Watch', kind: 'video' });
    await site.db.db.update(courseLessons).set({ durationSeconds: 100 }).where(eq(courseLessons.id, video._id));
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        save(ann!, video._id, 20 + round * 20, 'auto'),
        save(ann!, video._id, 30 + round * 20, 'complete'),
        save(bob!, video._id, 10 + round * 20, 'auto'),
      ]);
      await expectExact(`round ${round}`);
    }
    const lesson = ((await insights()).lessons as Array<{ _id: string; started: number }>).find((row) => row._id === video._id);
    expect(lesson?.started).toBe(2);
  });

  it('a lesson published, moved and deleted while members save stays exact', async () => {
    const members = await seedUsers(
      site.db,
      [0, 1, 2].map((i) => ({ name: `Racer ${i}`, email: `racer${i}@example.com` })),
    );
    const one = await course.createModule({ title: 'One', published: true });
    const two = await course.createModule({ title: 'Two', published: true });
    const kept = await course.createLesson({ moduleId: one._id, title: 'Kept' });
    const racing = await course.createLesson({ moduleId: one._id, title: 'Racing', published: false });
    const saves = (completion: Completion) => members.flatMap((id) => [save(id, kept._id, 0, completion), save(id, racing._id, 0, completion)]);
    const admin = (body: Record<string, unknown>) => course.api('PUT', `/api/admin/course/lessons/${racing._id}`, body);
    await Promise.all([admin({ published: true }), ...saves('complete')]);
    await expectExact('published while saving');
    await Promise.all([admin({ moduleId: two._id }), ...saves('undo')]);
    await expectExact('moved while saving');
    await Promise.all([admin({ published: false }), ...saves('complete')]);
    await expectExact('unpublished while saving');
    await Promise.all([course.api('DELETE', `/api/admin/course/lessons/${racing._id}`), ...saves('undo')]);
    await expectExact('deleted while saving');
  });
});

type Step =
  | { op: 'save'; user: number; lesson: number; played: number; completion: Completion }
  | { op: 'add-lesson'; module: number; video: boolean; published: boolean }
  | { op: 'delete-lesson'; lesson: number }
  | { op: 'move'; lesson: number; module: number }
  | { op: 'toggle-lesson'; lesson: number }
  | { op: 'toggle-module'; module: number }
  | { op: 'add-module' }
  | { op: 'delete-module'; module: number }
  | { op: 'duration'; lesson: number; seconds: number | null }
  | { op: 'delete-member'; user: number }
  | { op: 'certificate'; user: number };

const index = fc.nat({ max: 50 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      op: fc.constant('save' as const),
      user: index,
      lesson: index,
      played: fc.nat({ max: 450 }),
      completion: fc.constantFrom<Completion>('auto', 'auto', 'complete', 'undo', 'keep'),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('add-lesson' as const), module: index, video: fc.boolean(), published: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-lesson' as const), lesson: index }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), lesson: index, module: index }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('toggle-lesson' as const), lesson: index }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('toggle-module' as const), module: index }) },
  { weight: 1, arbitrary: fc.constant({ op: 'add-module' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-module' as const), module: index }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('duration' as const), lesson: index, seconds: fc.constantFrom(null, 50, 100, 200, 400) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete-member' as const), user: index }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('certificate' as const), user: index }) },
);

describe('the running totals', () => {
  it('equal a brute-force count after every step of random saves, undos, moves, publications and deletions', { timeout: 240_000 }, async () => {
    let people = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 30, maxLength: 30 }), async (steps) => {
        // Each history starts from what the ones before it left, with members of its own.
        const userIds = await seedUsers(
          site.db,
          [0, 1, 2].map(() => ({ name: `Member ${++people}`, email: `member${people}@example.com` })),
        );
        const modules = [
          (await course.createModule({ title: 'One', published: true }))._id,
          (await course.createModule({ title: 'Two', published: true }))._id,
        ];
        // Two published lessons a module to start from, so that members hold several rows in one from the first steps.
        const lessons: string[] = [];
        for (const moduleId of modules)
          for (const title of ['First', 'Second']) lessons.push((await course.createLesson({ moduleId, title, kind: 'text', published: true }))._id);
        const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
        for (const [n, step] of steps.entries()) {
          const lesson = 'lesson' in step ? pick(lessons, step.lesson) : undefined;
          const module = 'module' in step ? pick(modules, step.module) : undefined;
          const user = 'user' in step ? pick(userIds, step.user) : undefined;
          switch (step.op) {
            case 'save':
              if (lesson && user) await save(user, lesson, step.played, step.completion);
              break;
            case 'add-lesson':
              if (module) {
                const added = await course.createLesson({
                  moduleId: module,
                  title: `Lesson ${n}`,
                  kind: step.video ? 'video' : 'text',
                  published: step.published,
                });
                if (step.video) await site.db.db.update(courseLessons).set({ durationSeconds: 100 }).where(eq(courseLessons.id, added._id));
                lessons.push(added._id);
              }
              break;
            case 'delete-lesson':
              if (lesson) {
                expect((await course.api('DELETE', `/api/admin/course/lessons/${lesson}`)).status).toBe(200);
                lessons.splice(lessons.indexOf(lesson), 1);
              }
              break;
            case 'move':
              if (lesson && module) expect((await course.api('PUT', `/api/admin/course/lessons/${lesson}`, { moduleId: module })).status).toBe(200);
              break;
            case 'toggle-lesson':
              if (lesson) {
                const [row] = await site.db.db.select({ published: courseLessons.published }).from(courseLessons).where(eq(courseLessons.id, lesson));
                expect((await course.api('PUT', `/api/admin/course/lessons/${lesson}`, { published: !row!.published })).status).toBe(200);
              }
              break;
            case 'toggle-module':
              if (module) {
                const all = (await course.api('GET', '/api/admin/course')).body.modules as Array<{ _id: string; published: boolean }>;
                const published = all.find((m) => m._id === module)!.published;
                expect((await course.api('PUT', `/api/admin/course/modules/${module}`, { published: !published })).status).toBe(200);
              }
              break;
            case 'add-module':
              modules.push((await course.createModule({ title: `Module ${n}`, published: true }))._id);
              break;
            case 'delete-module':
              if (module) {
                const status = (await course.api('DELETE', `/api/admin/course/modules/${module}`)).status;
                expect([200, 409]).toContain(status);
                if (status === 200) modules.splice(modules.indexOf(module), 1);
              }
              break;
            case 'duration':
              if (lesson) await site.db.db.update(courseLessons).set({ durationSeconds: step.seconds }).where(eq(courseLessons.id, lesson));
              break;
            case 'delete-member':
              if (user) {
                await site.db.db.delete(users).where(eq(users.id, user));
                userIds.splice(userIds.indexOf(user), 1);
              }
              break;
            case 'certificate':
              if (user) await issueCertificate(site.db.db, { userId: user, name: 'Member', completedAt: Date.now() }, Date.now());
              break;
          }
          await expectExact(`step ${n}: ${JSON.stringify(step)}`);
        }
      }),
      { numRuns: 8 },
    );
  });
});
