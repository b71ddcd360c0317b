// The course search's shortcuts (decision 034's amendment "one statement, the first lesson first")
// through the REST façade, on SQLite and PostgreSQL (the postgres project): each answers exactly
// what the plain ways (course-progress-rest.test.ts "the search") answer. The first lesson holding
// 20 hits answers alone; a long phrase is looked up by its longest word and checked whole.
import { describe, expect, it } from 'vitest';
import { adminAppForEachTest } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { WALK_FROM_MATCHES } from './search';

const site = adminAppForEachTest();
const course = courseSite(site);

type Hit = { lessonId: string; lessonTitle: string; moduleTitle: string; snippet: string; at: number | null };

const found = async (q: string, token: string) => {
  const res = await course.api('GET', `/api/course/search?q=${encodeURIComponent(q)}`, undefined, token);
  expect(res.status, res.raw).toBe(200);
  return res.body.results as Hit[];
};
const places = async (q: string, token: string) => (await found(q, token)).map((hit) => `${hit.lessonTitle} ${hit.at}`);

/** A WebVTT file of one cue a second, each of `texts` in turn. */
const transcript = (texts: string[]) => {
  const time = (s: number) => `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return ['WEBVTT', ...texts.map((text, i) => `${time(i)}.000 --> ${time(i)}.500\n${text}`)].join('\n\n');
};
const captions = (lessonId: string, texts: string[]) =>
  course.uploadFile(
    lessonId,
    { role: 'captions', lang: 'en', label: 'English' },
    { name: 'talk.vtt', type: 'text/vtt', content: Buffer.from(transcript(texts)) },
  );

/** A published module "Rhythm" with the lessons First (whose text says "drum") and Second (a free preview), in this course order. */
async function firstAndSecond() {
  const module = await course.createModule({ title: 'Rhythm', published: true });
  const first = await course.createLesson({ moduleId: module._id, title: 'First', kind: 'video', body: 'A drum solo.' });
  const second = await course.createLesson({ moduleId: module._id, title: 'Second', kind: 'video', freePreview: true });
  return { first, second };
}

describe('the search', () => {
  it('answers from the first lesson when it holds 20 cue hits, after its own text, as a sort would', async () => {
    const { first, second } = await firstAndSecond();
    const architect = await course.member('architect@example.com', true);
    const explorer = await course.member('explorer@example.com');
    // 24 hits in the first lesson, fewer in the second; the second's captions go up first, so
    // that neither upload order nor the index's order is course order.
    await captions(second._id, ['a drum', 'the drum again', 'drumming', 'drum beat 2']);
    await captions(
      first._id,
      Array.from({ length: 25 }, (_, i) => (i === 3 ? 'silence' : `Drum beat ${i}`)),
    );
    const firstAt = (at: number[]) => at.map((s) => `First ${s}`);
    const beats = [0, 1, 2, ...Array.from({ length: 21 }, (_, i) => i + 4)];

    // The lesson's own text comes first, then 19 of its cues in time order.
    expect(await places('drum', architect.token)).toEqual(['First null', ...firstAt(beats.slice(0, 19))]);
    // Three characters (the trigram index) and two (the letters index) alike.
    expect(await places('RUM', architect.token)).toEqual(['First null', ...firstAt(beats.slice(0, 19))]);
    expect(await places('dr', architect.token)).toEqual(['First null', ...firstAt(beats.slice(0, 19))]);
    // Only in the cues: 20 of them.
    expect(await places('beat', architect.token)).toEqual(firstAt(beats.slice(0, 20)));
    // The first lesson holding fewer than 20: the second's follow, as before.
    expect(await places('beat 2', architect.token)).toEqual([...firstAt([2, 20, 21, 22, 23, 24]), 'Second 3']);
    expect(await places('the drum', architect.token)).toEqual(['Second 1']);
    expect(await places('silence', architect.token)).toEqual(['First 3']);
    // An Explorer may open the second lesson alone (a free preview): their first lesson.
    expect(await places('drum', explorer.token)).toEqual(['Second 0', 'Second 1', 'Second 2', 'Second 3']);
    expect(await found('beat 7', architect.token)).toEqual([
      { lessonId: first._id, lessonTitle: 'First', moduleTitle: 'Rhythm', snippet: 'Drum beat 7', at: 7 },
    ]);
  });

  it('finds a phrase of several words whose longest word alone is in other cues, with quotes and non-ASCII letters inside', async () => {
    const { first, second } = await firstAndSecond();
    const architect = await course.member('architect@example.com', true);
    const phrase = `the "Überstarlight" o'clock chorus, née Zoë`;
    // The longest word, "Überstarlight", is in cues that do not hold the phrase; only ASCII letters
    // fold (as in the users' search), so Ü and ü, É and é are different letters.
    await captions(first._id, ['Überstarlight is near', `"Überstarlight" o'clock`, `the "überstarlight" o'clock chorus, née zoë`]);
    await captions(second._id, [`sing ${phrase} tonight`, 'nothing', `again: THE "ÜBERSTARLIGHT" O'CLOCK CHORUS, NÉE ZOË!`]);
    expect(await found(phrase, architect.token)).toEqual([
      { lessonId: second._id, lessonTitle: 'Second', moduleTitle: 'Rhythm', snippet: `sing ${phrase} tonight`, at: 0 },
    ]);
    expect(await places(`THE "ÜBERSTARLIGHT" O'CLOCK`, architect.token)).toEqual(['Second 0', 'Second 2']);
    expect(await places(`"Überstarlight" o'clock`, architect.token)).toEqual(['First 1', 'Second 0', 'Second 2']);
    expect(await places(`"überstarlight" o'clock chorus`, architect.token)).toEqual(['First 2']);
    expect(await places('Überstarlight is', architect.token)).toEqual(['First 0']);
    expect(await places('Überstarlight was', architect.token)).toEqual([]);
  });

  it(`looks a phrase up whole when its longest word is in ${WALK_FROM_MATCHES} cues or more`, async () => {
    const { first, second } = await firstAndSecond();
    const architect = await course.member('architect@example.com', true);
    await captions(
      second._id,
      Array.from({ length: WALK_FROM_MATCHES }, (_, i) => `starlight number ${i}`),
    );
    await captions(first._id, ['no match', 'starlight number 17 first']);
    const secondAt = (at: number[]) => at.map((s) => `Second ${s}`);
    expect(await places('starlight number 17', architect.token)).toEqual(['First 1', ...secondAt([17, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179])]);
    expect(await places('number 17 first', architect.token)).toEqual(['First 1']);
    expect(await places('starlight number 2000', architect.token)).toEqual([]);
  });
});
