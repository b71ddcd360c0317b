// The course search's letters index (decision 037) through the REST façade, on a real database
// (SQLite, and PostgreSQL in the postgres project): a 2-character search answers what reading
// every cue answered, in the same order, and the index stays exactly what a count by brute force
// says after every kind of write, writes at once, and a back-fill of lessons never indexed.
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAppForEachTest } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { expectExactGrams, gramsInIndex } from '../../../tests/support/lesson-grams';
import { courseCaptionCues, courseLessonGrams, courseLessonTexts } from '../../db/schema';
import { backfillLessonGrams } from './search-grams';

const site = adminAppForEachTest();
const course = courseSite(site);

const db = () => site.db.db;
/** Every row of the index gone, every lesson with it: as a database from before the index, or one a tool filled, has it. */
const emptyIndex = () => db().delete(courseLessonGrams).where(isNotNull(courseLessonGrams.lessonId));
const search = async (q: string, token = site.adminToken) => {
  const res = await course.api('GET', `/api/course/search?q=${encodeURIComponent(q)}`, undefined, token);
  expect(res.status, res.raw).toBe(200);
  return (res.body.results as Array<{ lessonTitle: string; snippet: string; at: number | null }>).map((hit) => `${hit.lessonTitle} ${hit.at} ${hit.snippet}`);
};
const captions = (lessonId: string, vtt: string) =>
  course.uploadFile(lessonId, { role: 'captions', lang: 'en', label: 'English' }, { name: 'talk.vtt', type: 'text/vtt', content: Buffer.from(vtt) });
const time = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
const transcript = (texts: string[]) => ['WEBVTT', ...texts.map((text, i) => `${time(i * 2)} --> ${time(i * 2 + 1)}\n${text}`)].join('\n\n');

/** A cue's words for lesson `i`, cue `j`: "Zq" in some, "ab" in most, a non-ASCII pair in a few. */
const cueText = (i: number, j: number) =>
  [`Lesson ${i} cue ${j}`, (i + j) % 3 === 0 ? 'the Zq mark' : 'nothing', j % 4 !== 3 ? 'absorb' : '', (i * j) % 5 === 1 ? 'Élan 🌟✨' : ''].join(' ');

/**
 * What reading every row answers: for each open lesson in course order, its text if it holds the
 * fragment, then its cues that do in time order; the first 20. Read from the tables, not the index.
 */
async function byReadingEveryRow(lessons: Array<{ _id: string; title: string }>, q: string): Promise<string[]> {
  const fold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const hits: string[] = [];
  for (const lesson of lessons) {
    const [text] = await db().select().from(courseLessonTexts).where(eq(courseLessonTexts.lessonId, lesson._id));
    if (text && fold(text.text).includes(fold(q))) hits.push(`${lesson.title} null`);
    const cues = await db().select().from(courseCaptionCues).where(eq(courseCaptionCues.lessonId, lesson._id));
    cues.sort((a, b) => a.startSeconds - b.startSeconds);
    for (const cue of cues) if (fold(cue.text).includes(fold(q))) hits.push(`${lesson.title} ${cue.startSeconds}`);
  }
  return hits.slice(0, 20);
}

describe('a 2-character search', () => {
  it('answers through the index what reading every cue answers, in course order, for lessons uploaded out of it; a miss is empty', async () => {
    const module = await course.createModule({ title: 'Foundations', published: true });
    const lessons = [];
    for (let i = 0; i < 8; i++)
      lessons.push(await course.createLesson({ moduleId: module._id, title: `Talk ${i}`, kind: 'video', body: i === 5 ? 'A zq in the text' : 'Plain' }));
    const draft = await course.createLesson({ moduleId: module._id, title: 'Draft', kind: 'video', published: false });
    // Last lesson first: neither upload order nor the index's is course order.
    for (const [i, lesson] of [...lessons.entries()].reverse()) await captions(lesson._id, transcript(Array.from({ length: 12 }, (_, j) => cueText(i, j))));
    await captions(draft._id, transcript(['Zq in a draft']));
    const architect = await course.member('architect@example.com', true);
    await expectExactGrams(db(), 9);

    const answered = async (q: string) => (await search(q, architect.token)).map((hit) => hit.split(' ').slice(0, 3).join(' '));
    // "zq": 32 cues and a text, spread over every lesson; "Él" and the emoji pair in a few; "ab" in most cues.
    for (const q of ['zq', 'ZQ', 'Él', '🌟✨', 'ab', 'n ']) {
      const expected = await byReadingEveryRow(lessons, q);
      expect(expected.length, q).toBeGreaterThan(0);
      expect(await answered(q), q).toEqual(expected);
    }
    // Folded as the rows are: ASCII only.
    expect(await answered('él')).toEqual([]);
    expect(await answered('xj')).toEqual([]);
    // The draft's cue for the admin, who may open it, after the open lessons' in course order.
    expect((await search('zq')).length).toBe(20);

    // The same answers, snippets and all, with the index emptied: each lesson read as it was before the index.
    const before = await Promise.all(['zq', 'Él', 'ab', 'xj'].map((q) => search(q, architect.token)));
    await emptyIndex();
    expect(await Promise.all(['zq', 'Él', 'ab', 'xj'].map((q) => search(q, architect.token)))).toEqual(before);
  });
});

describe('the letters index', () => {
  it('stays exact through lesson and caption writes, writes at once, and deletions', async () => {
    const module = await course.createModule({ title: 'Foundations', published: true });
    const a = await course.createLesson({ moduleId: module._id, title: 'Alpha', kind: 'video', summary: 'First', body: 'Body of **alpha**' });
    const b = await course.createLesson({ moduleId: module._id, title: 'Beta', kind: 'video' });
    await expectExactGrams(db(), 2);
    const first = await captions(a._id, transcript(['Hello World', 'hello again', 'Ωmega ß']));
    await expectExactGrams(db(), 2);
    // A second captions file of the same lesson: its cues count as well.
    const second = await captions(a._id, transcript(['Hola mundo', 'hello']));
    await captions(b._id, transcript(['beta only']));
    await expectExactGrams(db(), 2);
    expect((await course.api('PUT', `/api/admin/course/lessons/${a._id}`, { body: 'A new body: zebra' })).status).toBe(200);
    await expectExactGrams(db(), 2);
    expect((await search('ze')).map((hit) => hit.split(' ')[0])).toEqual(['Alpha']);
    // Not the text: the grams are left as they are, and still exact.
    expect((await course.api('PUT', `/api/admin/course/lessons/${a._id}`, { published: false })).status).toBe(200);
    expect((await course.api('DELETE', `/api/admin/course/files/${first}`)).status).toBe(200);
    await expectExactGrams(db(), 2);
    expect(await search('wo')).toEqual([]);

    // Uploads, a deletion and edits of one lesson at once.
    const answers = await Promise.all([
      captions(a._id, transcript(['at once one'])),
      course.api('PUT', `/api/admin/course/lessons/${a._id}`, { title: 'Alpha at once' }),
      captions(a._id, transcript(['at once two', 'Zz'])),
      course.api('DELETE', `/api/admin/course/files/${second}`),
      course.api('PUT', `/api/admin/course/lessons/${a._id}`, { summary: 'Summary at once' }),
      captions(b._id, transcript(['beta at once'])),
    ]);
    expect(answers.map((answer) => (typeof answer === 'string' ? 201 : answer.status))).toEqual([201, 200, 201, 200, 200, 201]);
    await expectExactGrams(db(), 2);
    expect((await search('zz')).map((hit) => hit.split(' ')[0])).toEqual(['Alpha']);

    expect((await course.api('DELETE', `/api/admin/course/lessons/${a._id}`)).status).toBe(200);
    await expectExactGrams(db(), 1);
    expect(new Set((await gramsInIndex(db())).map((row) => row.lessonId))).toEqual(new Set([b._id]));
    expect((await course.api('DELETE', `/api/admin/course/lessons/${b._id}`)).status).toBe(200);
    expect(await gramsInIndex(db())).toEqual([]);
  });

  it('takes in lessons never indexed, once, when two back-fills run at once', async () => {
    const module = await course.createModule({ title: 'Foundations', published: true });
    for (let i = 0; i < 30; i++) {
      const lesson = await course.createLesson({ moduleId: module._id, title: `Talk ${i}`, kind: 'video', body: `Body ${i}` });
      if (i % 3 === 0) await captions(lesson._id, transcript([`cue of ${i}`, 'Zq']));
    }
    const before = await search('zq');
    expect(before).toHaveLength(10);
    // As a database from before the index, or one a tool filled, has it.
    await emptyIndex();
    expect(await search('zq')).toEqual(before);
    const [x, y] = await Promise.all([backfillLessonGrams(db()), backfillLessonGrams(db())]);
    expect(x + y).toBe(30);
    await expectExactGrams(db(), 30);
    expect(await backfillLessonGrams(db())).toBe(0);
    expect(await search('zq')).toEqual(before);
  });
});
