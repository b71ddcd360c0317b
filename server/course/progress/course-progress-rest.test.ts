// CONTRACT §4's member calls of the progress slice through the REST façade, on a real database
// (SQLite, and PostgreSQL in the postgres project): saving progress and its rules, the progress
// over the course, the certificate, the search, who may call each, and the races (two completions
// at once issue one certificate; a save racing the lesson's deletion leaves no row and no 500).
import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_NAME, PROGRESS_SECONDS_MAX } from '../../../shared/course';
import { DAY_MS } from '../../../shared/constants';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../../tests/support/admin-app';
import { courseSite, type CourseSite } from '../../../tests/support/course-site';
import { courseCertificates, courseLessons, courseProgress } from '../../db/schema';
import { saveProgress } from './progress-data';
import { WALK_FROM_MATCHES } from '../search/search';

let site: AdminApp;
let course: CourseSite;
/** How far the app's clock runs ahead of the real one. */
let ahead = 0;
const clock = () => Date.now() + ahead;

beforeEach(async () => {
  ahead = 0;
  site = await startAdminApp({ build: { clock } });
  course = courseSite(site);
});
afterEach(async () => {
  await closeAdminApp(site);
});

const api: CourseSite['api'] = (...call) => course.api(...call);
const createModule = (body: Record<string, unknown>) => course.createModule(body);
const createLesson = (body: Record<string, unknown>) => course.createLesson(body);
const setUser = (email: string, changes: Record<string, unknown>) => course.setUser(email, changes);
const member = (email: string, paid = false) => course.member(email, paid);

interface Progress {
  positionSeconds: number;
  playedSeconds: number;
  completedAt: string | null;
}

const save = (lessonId: string, body: Record<string, unknown>, token: string) => api('PUT', `/api/course/lessons/${lessonId}/progress`, body, token);
const saved = async (lessonId: string, body: Record<string, unknown>, token: string) => {
  const res = await save(lessonId, body, token);
  expect(res.status, res.raw).toBe(200);
  return res.body as unknown as Progress;
};

/**
 * A video lesson of `seconds`. Durations come from the media file (the files slice); here the
 * column is written directly, and an admin's edit makes every outline cache read it again.
 */
async function videoLesson(moduleId: string, seconds: number, title = 'Watch') {
  const lesson = await createLesson({ moduleId, title, kind: 'video' });
  await site.db.db.update(courseLessons).set({ durationSeconds: seconds }).where(eq(courseLessons.id, lesson._id));
  expect((await api('PUT', `/api/admin/course/lessons/${lesson._id}`, { summary: `${seconds} s` })).status).toBe(200);
  return lesson;
}

const progressRows = async (lessonId: string) =>
  (await site.db.db.select({ n: count() }).from(courseProgress).where(eq(courseProgress.lessonId, lessonId)))[0]!.n;

describe('saving progress', () => {
  it('keeps whole seconds, reads back in the lesson, and is marked complete and undone by the member', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const lesson = await createLesson({ moduleId: module._id, title: 'Read me' });
    const architect = await member('architect@example.com', true);
    // Nothing to play in a text lesson: played stays 0, whatever is sent.
    expect(await saved(lesson._id, { positionSeconds: 12.7, playedSeconds: 30 }, architect.token)).toEqual({
      positionSeconds: 12,
      playedSeconds: 0,
      completedAt: null,
    });
    expect((await api('GET', `/api/course/lessons/${lesson._id}`, undefined, architect.token)).body.progress).toEqual({
      positionSeconds: 12,
      playedSeconds: 0,
      completedAt: null,
    });

    const done = await saved(lesson._id, { positionSeconds: 12, completed: true }, architect.token);
    expect(done.completedAt).toBe(new Date(done.completedAt!).toISOString());
    // Completing again keeps the first completion's time; a plain save keeps it too.
    ahead = 60_000;
    expect((await saved(lesson._id, { positionSeconds: 3, completed: true }, architect.token)).completedAt).toBe(done.completedAt);
    expect(await saved(lesson._id, { positionSeconds: 4 }, architect.token)).toEqual({ positionSeconds: 4, playedSeconds: 0, completedAt: done.completedAt });
    expect((await saved(lesson._id, { positionSeconds: 4, completed: false }, architect.token)).completedAt).toBeNull();
  });

  it('a video lesson completes by itself at 90 % of unique seconds played; played never goes down nor past the duration; an undo stays', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const lesson = await videoLesson(module._id, 100);
    const architect = await member('architect@example.com', true);
    // Seeking to the end is a position, not seconds played.
    expect(await saved(lesson._id, { positionSeconds: 99, playedSeconds: 10 }, architect.token)).toEqual({
      positionSeconds: 99,
      playedSeconds: 10,
      completedAt: null,
    });
    expect((await saved(lesson._id, { positionSeconds: 50, playedSeconds: 89.9 }, architect.token)).completedAt).toBeNull();
    const auto = await saved(lesson._id, { positionSeconds: 60, playedSeconds: 90 }, architect.token);
    expect(auto).toMatchObject({ positionSeconds: 60, playedSeconds: 90 });
    expect(auto.completedAt).not.toBeNull();
    // A save that played less keeps the most played; a position or played time past the end is the end.
    expect(await saved(lesson._id, { positionSeconds: 5, playedSeconds: 20 }, architect.token)).toEqual({ ...auto, positionSeconds: 5 });
    expect(await saved(lesson._id, { positionSeconds: 500, playedSeconds: 500 }, architect.token)).toEqual({
      ...auto,
      positionSeconds: 100,
      playedSeconds: 100,
    });
    // Undone, it stays undone while the member plays what they had played; marked again, it is complete.
    expect((await saved(lesson._id, { positionSeconds: 10, completed: false }, architect.token)).completedAt).toBeNull();
    expect((await saved(lesson._id, { positionSeconds: 100, playedSeconds: 100 }, architect.token)).completedAt).toBeNull();
    expect((await saved(lesson._id, { positionSeconds: 100, completed: true }, architect.token)).completedAt).not.toBeNull();
    // A first save past the mark completes at once.
    const other = await videoLesson(module._id, 40, 'Short');
    expect((await saved(other._id, { positionSeconds: 40, playedSeconds: 36 }, architect.token)).completedAt).not.toBeNull();
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const lesson = await createLesson({ moduleId: module._id, title: 'Read me' });
    const architect = await member('architect@example.com', true);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{}, 'positionSeconds'],
      [{ positionSeconds: -1 }, 'positionSeconds'],
      [{ positionSeconds: '12' }, 'positionSeconds'],
      [{ positionSeconds: PROGRESS_SECONDS_MAX + 1 }, 'positionSeconds'],
      [{ positionSeconds: 1, playedSeconds: -5 }, 'playedSeconds'],
      [{ positionSeconds: 1, playedSeconds: null }, 'playedSeconds'],
      [{ positionSeconds: 1, completed: 'yes' }, 'completed'],
    ];
    for (const [body, field] of refusals) {
      const res = await save(lesson._id, body, architect.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toContain(field);
    }
    // A JSON body that is not an object is refused as well.
    expect((await api('PUT', `/api/course/lessons/${lesson._id}/progress`, [1], architect.token)).status).toBe(400);
    expect(await progressRows(lesson._id)).toBe(0);
  });

  it('asks the one access rule: visitor 401, suspended 403, Explorer only a free preview, drip, drafts and unknown ids 404, admins everything', async () => {
    const module = await createModule({ title: 'Foundations', published: true, opensAfterDays: 3 });
    const preview = await createLesson({ moduleId: module._id, title: 'Welcome', freePreview: true });
    const plain = await createLesson({ moduleId: module._id, title: 'Deeper' });
    const draft = await createLesson({ moduleId: module._id, title: 'Not yet', published: false });
    const explorer = await member('explorer@example.com');
    const architect = await member('architect@example.com', true);
    const suspended = await member('suspended@example.com', true);
    await setUser('suspended@example.com', { status: 'suspended' });
    const body = { positionSeconds: 1 };

    expect((await save(plain._id, body, '')).status).toBe(401);
    expect((await save(plain._id, body, 'not-a-token')).status).toBe(401);
    expect((await save(preview._id, body, suspended.token)).status).toBe(403);
    expect((await save(preview._id, body, explorer.token)).status).toBe(200);
    expect(await save(plain._id, body, explorer.token)).toMatchObject({ status: 403, body: { message: 'This lesson is for Architects' } });
    const opensOn = await course.opensOn(architect.id, 3);
    expect(await save(plain._id, body, architect.token)).toMatchObject({ status: 403, body: { message: `This module opens on ${opensOn}` } });
    for (const id of [draft._id, 'no-such-lesson', 'x'.repeat(100)]) {
      expect(await save(id, body, architect.token)).toMatchObject({ status: 404, body: { message: `No lesson with id '${id}'` } });
    }
    expect((await save(draft._id, body, site.adminToken)).status).toBe(200);
    ahead = 3 * DAY_MS;
    expect((await save(plain._id, body, architect.token)).status).toBe(200);
    expect(await progressRows(plain._id)).toBe(1);
    expect(await progressRows(preview._id)).toBe(1);
  });

  it('a save racing the deletion of its lesson leaves no row behind and never a 500', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const architect = await member('architect@example.com', true);
    for (let round = 0; round < 4; round++) {
      const lesson = await createLesson({ moduleId: module._id, title: `Doomed ${round}` });
      await saved(lesson._id, { positionSeconds: 1 }, architect.token);
      const [saving, deleting] = await Promise.all([
        save(lesson._id, { positionSeconds: 2, completed: true }, architect.token),
        api('DELETE', `/api/admin/course/lessons/${lesson._id}`),
      ]);
      expect(deleting.status).toBe(200);
      expect([200, 404]).toContain(saving.status);
      expect(await progressRows(lesson._id)).toBe(0);
      // After the deletion, a save is a plain 404.
      expect((await save(lesson._id, { positionSeconds: 3 }, architect.token)).status).toBe(404);
      expect(await progressRows(lesson._id)).toBe(0);
    }
    // The write that comes after the deletion is refused by the foreign key, whatever the caller read before it.
    const write = { userId: architect.id, lessonId: 'deleted-meanwhile', positionSeconds: 1, playedSeconds: 0, completion: 'complete' as const, completeAt: 0 };
    expect(await saveProgress(site.db.db, write, Date.now())).toBe('no-lesson');
  });
});

describe('the progress over the course', () => {
  it('counts published lessons only, percent rounded down, each module, and resumes where the member left off', async () => {
    const first = await createModule({ title: 'First', published: true });
    const a = await createLesson({ moduleId: first._id, title: 'A', freePreview: true });
    const b = await createLesson({ moduleId: first._id, title: 'B' });
    await createLesson({ moduleId: first._id, title: 'Draft', published: false });
    const second = await createModule({ title: 'Second', published: true });
    const c = await createLesson({ moduleId: second._id, title: 'C' });
    const hidden = await createModule({ title: 'Hidden' });
    await createLesson({ moduleId: hidden._id, title: 'In a draft module' });
    const architect = await member('architect@example.com', true);
    const explorer = await member('explorer@example.com');
    const progress = async (token: string) => (await api('GET', '/api/course/progress', undefined, token)).body;

    const untouched = await progress(architect.token);
    expect(untouched).toMatchObject({ completedLessons: 0, totalLessons: 3, percent: 0, resume: { lessonId: a._id, positionSeconds: 0 } });
    const modules = untouched.modules as Array<{ _id: string; completedLessons: number; totalLessons: number }>;
    // The ten seeded modules, empty, then the two published ones; never the draft module.
    expect(modules).toHaveLength(12);
    expect(modules.slice(-2)).toEqual([
      { _id: first._id, completedLessons: 0, totalLessons: 2 },
      { _id: second._id, completedLessons: 0, totalLessons: 1 },
    ]);

    await saved(a._id, { positionSeconds: 5, completed: true }, architect.token);
    await saved(c._id, { positionSeconds: 42 }, architect.token);
    ahead = 1000;
    await saved(b._id, { positionSeconds: 7 }, architect.token);
    // The incomplete lesson touched last.
    expect(await progress(architect.token)).toMatchObject({
      completedLessons: 1,
      totalLessons: 3,
      percent: 33,
      resume: { lessonId: b._id, positionSeconds: 7 },
    });
    ahead = 2000;
    await saved(c._id, { positionSeconds: 43 }, architect.token);
    expect((await progress(architect.token)).resume).toEqual({ lessonId: c._id, positionSeconds: 43 });
    await saved(c._id, { positionSeconds: 43, completed: true }, architect.token);
    expect(await progress(architect.token)).toMatchObject({ completedLessons: 2, percent: 66, resume: { lessonId: b._id, positionSeconds: 7 } });
    await saved(b._id, { positionSeconds: 9, completed: true }, architect.token);
    expect(await progress(architect.token)).toMatchObject({ completedLessons: 3, percent: 100, resume: null });

    // An Explorer may open only the preview: untouched, that is where to start; done, nothing is left to open.
    expect(await progress(explorer.token)).toMatchObject({ totalLessons: 3, resume: { lessonId: a._id, positionSeconds: 0 } });
    await saved(a._id, { positionSeconds: 1, completed: true }, explorer.token);
    expect(await progress(explorer.token)).toMatchObject({ completedLessons: 1, percent: 33, resume: null });
    expect((await api('GET', '/api/course/progress', undefined, '')).status).toBe(401);
  });

  it("deleting a lesson deletes every member's progress on it; deleting a member deletes their progress and certificate", async () => {
    const module = await createModule({ title: 'Only', published: true });
    const lesson = await createLesson({ moduleId: module._id, title: 'All of it' });
    const keep = await createLesson({ moduleId: module._id, title: 'Kept', published: false });
    const architect = await member('architect@example.com', true);
    const other = await member('other@example.com', true);
    await saved(lesson._id, { positionSeconds: 1, completed: true }, architect.token);
    expect((await api('GET', '/api/course/certificate', undefined, architect.token)).status).toBe(200);
    await saved(lesson._id, { positionSeconds: 1 }, other.token);
    await saved(keep._id, { positionSeconds: 1 }, site.adminToken);
    expect(await progressRows(lesson._id)).toBe(2);

    expect((await api('DELETE', `/api/admin/users/${architect.id}`)).status).toBe(200);
    expect(await progressRows(lesson._id)).toBe(1);
    expect(await site.db.db.select().from(courseCertificates)).toEqual([]);
    expect((await api('DELETE', `/api/admin/course/lessons/${lesson._id}`)).status).toBe(200);
    expect(await progressRows(lesson._id)).toBe(0);
    expect(await progressRows(keep._id)).toBe(1);
  });
});

describe('the certificate', () => {
  it('is earned once every published lesson is complete, kept thereafter, and its page is public', async () => {
    const module = await createModule({ title: 'Only', published: true });
    const one = await createLesson({ moduleId: module._id, title: 'One' });
    const two = await createLesson({ moduleId: module._id, title: 'Two' });
    await createLesson({ moduleId: module._id, title: 'Draft', published: false });
    const architect = await member('ada@example.com', true);
    await setUser('ada@example.com', { name: 'Ada Lovelace' });
    const notYet = { status: 404, body: { message: 'Complete every lesson to earn the certificate' } };
    expect(await api('GET', '/api/course/certificate', undefined, architect.token)).toMatchObject(notYet);
    await saved(one._id, { positionSeconds: 0, completed: true }, architect.token);
    expect(await api('GET', '/api/course/certificate', undefined, architect.token)).toMatchObject(notYet);
    ahead = 5000;
    const last = await saved(two._id, { positionSeconds: 0, completed: true }, architect.token);

    const earned = await api('GET', '/api/course/certificate', undefined, architect.token);
    expect(earned.status).toBe(200);
    const { _id, url } = earned.body as { _id: string; url: string };
    expect(_id).toMatch(/^[\w-]{22}$/);
    expect(url).toBe(`/certificates/${_id}`);
    const page = await api('GET', `/api/certificates/${_id}`, undefined, '');
    expect(page).toMatchObject({ status: 200, body: { name: 'Ada Lovelace', course: COURSE_NAME, completedAt: last.completedAt } });

    // Kept: a new lesson, an undone completion or a new name change nothing.
    await createLesson({ moduleId: module._id, title: 'Three' });
    await saved(one._id, { positionSeconds: 0, completed: false }, architect.token);
    await setUser('ada@example.com', { name: 'Ada King' });
    expect((await api('GET', '/api/course/certificate', undefined, architect.token)).body).toEqual({ _id, url });
    expect((await api('GET', `/api/certificates/${_id}`, undefined, '')).body).toMatchObject({ name: 'Ada Lovelace' });

    for (const id of ['nope', _id.toUpperCase(), 'x'.repeat(100)]) expect((await api('GET', `/api/certificates/${id}`, undefined, '')).status).toBe(404);
    expect((await api('GET', '/api/course/certificate', undefined, '')).status).toBe(401);
  });

  it('no certificate for a course with no published lesson', async () => {
    const architect = await member('architect@example.com', true);
    expect((await api('GET', '/api/course/certificate', undefined, architect.token)).status).toBe(404);
  });

  it('two completions at once issue one certificate', async () => {
    const module = await createModule({ title: 'Only', published: true });
    const one = await createLesson({ moduleId: module._id, title: 'One' });
    const two = await createLesson({ moduleId: module._id, title: 'Two' });
    const architect = await member('architect@example.com', true);
    await saved(one._id, { positionSeconds: 0 }, architect.token);
    await saved(two._id, { positionSeconds: 0 }, architect.token);
    const answers = await Promise.all([
      save(one._id, { positionSeconds: 0, completed: true }, architect.token),
      save(two._id, { positionSeconds: 0, completed: true }, architect.token),
      api('GET', '/api/course/certificate', undefined, architect.token),
      api('GET', '/api/course/certificate', undefined, architect.token),
    ]);
    expect(answers.slice(0, 2).map((res) => res.status)).toEqual([200, 200]);
    const certificates = await site.db.db.select().from(courseCertificates);
    expect(certificates).toHaveLength(1);
    expect((await api('GET', '/api/course/certificate', undefined, architect.token)).body).toMatchObject({ _id: certificates[0]!.id });
    // The reads racing the completions saw either no certificate yet or this one.
    for (const res of answers.slice(2)) expect(res.status === 404 || res.body._id === certificates[0]!.id).toBe(true);
  });
});

describe('the search', () => {
  const search = (q: string, token: string) => api('GET', `/api/course/search?q=${encodeURIComponent(q)}`, undefined, token);
  const found = async (q: string, token: string) => {
    const res = await search(q, token);
    expect(res.status, res.raw).toBe(200);
    return res.body.results as Array<{ lessonId: string; lessonTitle: string; moduleTitle: string; snippet: string; at: number | null }>;
  };
  /** Uploads a captions file to the lesson, as an admin; its id. */
  const captions = (lessonId: string, vtt: string) =>
    course.uploadFile(lessonId, { role: 'captions', lang: 'en', label: 'English' }, { name: 'talk.vtt', type: 'text/vtt', content: Buffer.from(vtt) });

  it('finds a case-insensitive substring of title, summary and body text, taken literally, with the text around it', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const fields = await createLesson({
      moduleId: module._id,
      title: 'The Observer',
      summary: 'A summary about 100% attention',
      body: 'Before the match there is a long stretch of words that the snippet cuts away.\n\nThe **quantum** field is _open_ to "you" and file_name.txt too.',
    });
    await createLesson({ moduleId: module._id, title: 'Plain', body: 'Nothing of note: 100 percent, filename.txt, quantumfield.' });
    const architect = await member('architect@example.com', true);
    const ids = async (q: string) => (await found(q, architect.token)).map((result) => result.lessonTitle);

    expect(await ids('observer')).toEqual(['The Observer']);
    expect(await ids('QUANTUM FIELD')).toEqual(['The Observer']);
    // LIKE's wildcards and quotes are plain characters.
    expect(await ids('100%')).toEqual(['The Observer']);
    expect(await ids('0%')).toEqual(['The Observer']);
    expect(await ids('%%')).toEqual([]);
    expect(await ids('e_n')).toEqual(['The Observer']);
    expect(await ids('"you"')).toEqual(['The Observer']);
    expect(await ids("'s")).toEqual([]);
    // Markdown's marks are not text.
    expect(await ids('**')).toEqual([]);
    expect(await ids('quantumfield')).toEqual(['Plain']);
    // Two characters, too short for trigrams, still match.
    expect(await ids('fi')).toEqual(['The Observer', 'Plain']);
    const [hit] = await found('Quantum', architect.token);
    expect(hit).toEqual({
      lessonId: fields._id,
      lessonTitle: 'The Observer',
      moduleTitle: 'Foundations',
      snippet: expect.stringContaining('The quantum field is open'),
      at: null,
    });
    expect(hit!.snippet.startsWith('… ')).toBe(true);
    expect(hit!.snippet).not.toContain('\n');
  });

  it('searches the lessons the caller may open only, in course order, at most 20; an edit is searched at once', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const preview = await createLesson({ moduleId: module._id, title: 'Preview', freePreview: true, body: 'needle' });
    await createLesson({ moduleId: module._id, title: 'Paid', body: 'needle' });
    const draft = await createLesson({ moduleId: module._id, title: 'Draft', published: false, body: 'needle' });
    const later = await createModule({ title: 'Later', published: true, opensAfterDays: 5 });
    await createLesson({ moduleId: later._id, title: 'Dripped', body: 'needle' });
    const explorer = await member('explorer@example.com');
    const architect = await member('architect@example.com', true);
    const titles = async (token: string) => (await found('needle', token)).map((result) => result.lessonTitle);
    expect(await titles(explorer.token)).toEqual(['Preview']);
    expect(await titles(architect.token)).toEqual(['Preview', 'Paid']);
    expect(await titles(site.adminToken)).toEqual(['Preview', 'Paid', 'Draft', 'Dripped']);
    ahead = 5 * DAY_MS;
    expect(await titles(architect.token)).toEqual(['Preview', 'Paid', 'Dripped']);

    await api('PUT', `/api/admin/course/lessons/${preview._id}`, { body: 'no longer' });
    expect(await titles(explorer.token)).toEqual([]);
    await api('PUT', `/api/admin/course/lessons/${draft._id}`, { published: true });
    expect(await titles(architect.token)).toEqual(['Paid', 'Draft', 'Dripped']);

    for (let i = 0; i < 22; i++) await createLesson({ moduleId: module._id, title: `Many ${i}`, body: 'haystack' });
    const many = await found('haystack', architect.token);
    expect(many.map((result) => result.lessonTitle)).toEqual(Array.from({ length: 20 }, (_, i) => `Many ${i}`));
  });

  it("finds a phrase spoken in a caption cue, at its start, after the lesson's own text; removing the captions removes their hits", async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const video = await createLesson({ moduleId: module._id, title: 'The talk', kind: 'video', body: 'Notes on the quantum lattice.' });
    const draft = await createLesson({ moduleId: module._id, title: 'Draft talk', kind: 'video', published: false });
    const vtt = 'WEBVTT\n\n00:05.000 --> 00:07.000\nWelcome to the <b>Quantum</b> lattice\n\n01:02.500 --> 01:04.000\nthe quantum lattice again, 100% & more\n';
    const fileId = await captions(video._id, vtt);
    await captions(draft._id, vtt);
    const architect = await member('architect@example.com', true);
    const explorer = await member('explorer@example.com');

    expect(await found('QUANTUM LATTICE', architect.token)).toEqual([
      { lessonId: video._id, lessonTitle: 'The talk', moduleTitle: 'Foundations', snippet: expect.stringContaining('quantum lattice'), at: null },
      { lessonId: video._id, lessonTitle: 'The talk', moduleTitle: 'Foundations', snippet: 'Welcome to the Quantum lattice', at: 5 },
      { lessonId: video._id, lessonTitle: 'The talk', moduleTitle: 'Foundations', snippet: 'the quantum lattice again, 100% & more', at: 62.5 },
    ]);
    // Literal, in cues too; two characters as well.
    expect((await found('0% &', architect.token)).map((hit) => hit.at)).toEqual([62.5]);
    expect((await found('%&', architect.token)).map((hit) => hit.at)).toEqual([]);
    expect((await found('& ', architect.token)).map((hit) => hit.at)).toEqual([62.5]);
    // Never from a lesson the caller may not open.
    expect(await found('lattice', explorer.token)).toEqual([]);
    expect((await found('lattice', site.adminToken)).map((hit) => hit.lessonTitle)).toEqual(['The talk', 'The talk', 'The talk', 'Draft talk', 'Draft talk']);

    expect((await api('DELETE', `/api/admin/course/files/${fileId}`)).status).toBe(200);
    expect((await found('lattice', architect.token)).map((hit) => hit.at)).toEqual([null]);
  });

  it(`walks the lessons in course order when ${WALK_FROM_MATCHES} cues or more match, with the same answers`, async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    const first = await createLesson({ moduleId: module._id, title: 'First', kind: 'video', freePreview: true });
    const later = await createLesson({ moduleId: module._id, title: 'Later', kind: 'video' });
    const architect = await member('architect@example.com', true);
    const explorer = await member('explorer@example.com');
    const cue = (i: number, text: string) =>
      `${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.000 --> ${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.500\n${text}`;
    const transcript = (texts: string[]) => ['WEBVTT', ...texts.map((text, i) => cue(i, text))].join('\n\n');
    const echoTexts = Array.from({ length: WALK_FROM_MATCHES }, (_, i) => `Echo number ${i}`);
    // The later lesson in course order gets its many cues first, so that neither upload order nor the index's order is course order.
    await captions(later._id, transcript(echoTexts));
    const echoes = async (q: string, token: string) => (await found(q, token)).map((hit) => `${hit.lessonTitle} ${hit.at}`);
    const laterAt = (from: number, n: number) => Array.from({ length: n }, (_, i) => `Later ${from + i}`);

    // Only the later lesson matches yet: its first 20 cues, in time order; an Explorer may open the first lesson alone.
    expect(await echoes('echo', architect.token)).toEqual(laterAt(0, 20));
    expect(await echoes('echo', explorer.token)).toEqual([]);
    await captions(first._id, transcript(['no match', 'an ECHO here', 'silence', 'echo again', 'ec']));
    // The first lesson's hits come first, in time order; 2 characters (no index) walk alike.
    expect(await echoes('echo', architect.token)).toEqual(['First 1', 'First 3', ...laterAt(0, 18)]);
    expect(await echoes('ec', architect.token)).toEqual(['First 1', 'First 3', 'First 4', ...laterAt(0, 17)]);
    expect(await echoes('echo', explorer.token)).toEqual(['First 1', 'First 3']);
    // A rarer fragment among the same cues is sorted whole: the same order.
    const rarer = echoTexts.flatMap((text, i) => (text.includes('number 1') ? [`Later ${i}`] : []));
    expect(rarer.length).toBeLessThan(WALK_FROM_MATCHES);
    expect(await echoes('number 1', architect.token)).toEqual(rarer.slice(0, 20));
    expect(await echoes('silence', architect.token)).toEqual(['First 2']);
  });

  it('takes 2 to 100 characters, members only', async () => {
    const architect = await member('architect@example.com', true);
    for (const q of ['', 'a', 'x'.repeat(101), 'a\u0000b']) {
      const res = await search(q, architect.token);
      expect(res.status, q).toBe(400);
      expect(res.body.message).toMatch(/^q /);
    }
    expect((await api('GET', '/api/course/search', undefined, architect.token)).status).toBe(400);
    expect((await search('x'.repeat(100), architect.token)).status).toBe(200);
    expect((await search('ab', '')).status).toBe(401);
  });

  it('at most 30 searches a minute per member, counted exactly when they come at once: then 429 with Retry-After within the minute; others search on', async () => {
    const module = await createModule({ title: 'Foundations', published: true });
    await createLesson({ moduleId: module._id, title: 'Presence', body: 'Breathe in presence.', published: true });
    const architect = await member('architect@example.com', true);
    const statuses = await Promise.all(Array.from({ length: 40 }, () => search('presence', architect.token)));
    expect(statuses.filter((res) => res.status === 200)).toHaveLength(30);
    const refused = statuses.filter((res) => res.status === 429);
    expect(refused).toHaveLength(10);
    for (const res of refused) {
      expect(res.body.message).toMatch(/^Too many searches\. Please try again in (\d+ seconds?|1 minute)\.$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // A member's count is their own: the admin still finds the lesson.
    expect((await found('presence', site.adminToken)).map((hit) => hit.lessonTitle)).toEqual(['Presence']);
  });
});
