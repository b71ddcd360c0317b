// Issue 33, finding 8: a long lesson was rendered again on every read (a 200,000-character body of
// tables or image runs took 300 to 500 ms a GET). Its HTML is rendered once per version of its
// body, and each reader's signed image URLs are filled in after (decision 042). A version is the
// body itself, so an edit, whoever made it and through whichever process, is never answered with
// the HTML of the body before it. Real app and database; markdown-it's parse is counted, not
// replaced. On SQLite and PostgreSQL (the postgres project).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import markdownIt from 'markdown-it';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { adminAppForEachTest } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';
import { courseLessons } from '../../db/schema';

let PNG: Buffer;
beforeAll(async () => {
  PNG = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#204060' } })
    .png()
    .toBuffer();
});
let parse: MockInstance<typeof markdownIt.prototype.parse> | undefined;
afterEach(() => {
  parse?.mockRestore();
  parse = undefined;
});

const site = adminAppForEachTest();
const course = courseSite(site);

/** A body no other test renders (the rendered HTML is kept per process, by body). */
const bodyOf = (words: string) =>
  [
    `# ${words} ${randomUUID()}`,
    '',
    '| Step | Picture |',
    '|:--|--:|',
    '| one | ![The plan](plan.png) |',
    '',
    'Not ours: ![Remote](https://example.com/a.png).',
  ].join('\n');

const html = async (lessonId: string, token: string) => {
  const res = await course.api('GET', `/api/course/lessons/${lessonId}`, undefined, token);
  expect(res.status, res.raw).toBe(200);
  return (res.body.lesson as { html: string }).html;
};
const imageUrl = (text: string) => /<img src="([^"]*)"/.exec(text)?.[1]?.replaceAll('&amp;', '&');

describe('a lesson body', () => {
  it('is rendered once for all its readers, each still getting image URLs signed for them', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'Long', body: bodyOf('first') });
    await course.uploadFile(lesson._id, { role: 'attachment' }, { name: 'plan.png', content: PNG });
    const ada = await course.member('ada@example.com', true);
    const bo = await course.member('bo@example.com', true);
    parse = vi.spyOn(markdownIt.prototype, 'parse');

    const [first, again, theirs] = [await html(lesson._id, ada.token), await html(lesson._id, ada.token), await html(lesson._id, bo.token)];
    expect(parse).toHaveBeenCalledTimes(1);
    expect(first).toContain('<td class="align-right">');
    expect(first).toContain('Not ours: Remote.');
    for (const [text, member] of [
      [first, ada],
      [again, ada],
      [theirs, bo],
    ] as const) {
      const url = imageUrl(text)!;
      expect(new URL(url, 'http://site.test').searchParams.get('u')).toBe(member.id);
      expect((await site.t.app.inject(url)).statusCode).toBe(200);
      // Apart from the reader's URL, one HTML.
      expect(text.replace(/<img src="[^"]*"/, '<img src=""')).toBe(first.replace(/<img src="[^"]*"/, '<img src=""'));
    }
  });

  it('is rendered again once it changes, through the admin’s call or behind this process’s back', async () => {
    const module = await course.createModule({ title: 'M', published: true });
    const lesson = await course.createLesson({ moduleId: module._id, title: 'Long', body: bodyOf('first') });
    const ada = await course.member('ada@example.com', true);
    expect(await html(lesson._id, ada.token)).toContain('first');

    const edited = await course.api('PUT', `/api/admin/course/lessons/${lesson._id}`, { body: bodyOf('second') });
    expect(edited.status, edited.raw).toBe(200);
    parse = vi.spyOn(markdownIt.prototype, 'parse');
    expect(await html(lesson._id, ada.token)).toContain('second');
    expect(await html(lesson._id, ada.token)).toContain('second');
    expect(parse).toHaveBeenCalledTimes(1);

    // Another process's edit, which this one hears nothing of: the row alone changes.
    await site.db.db
      .update(courseLessons)
      .set({ body: bodyOf('third') })
      .where(eq(courseLessons.id, lesson._id));
    expect(await html(lesson._id, ada.token)).toContain('third');
  });
});
