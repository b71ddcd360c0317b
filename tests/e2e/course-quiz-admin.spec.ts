// Issue 35, "What admins get", at 1280 and 360 px: an admin makes a quiz lesson in the Course
// Manager, sets its pass mark, adds a single-choice question (a second right option is refused
// beside the options), picks the moment that teaches it by clicking two lines of an audio lesson's
// transcript, adds a second question and reorders the two by keyboard; axe finds nothing to fix in
// the lesson editor, and the page does not scroll sideways. The course is left as it was.
import type { Page } from '@playwright/test';
import { testClip } from '../support/media-clips';
import { adminCourse, publishedModule, removeModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { openAdminSection, watchConsole } from './page-helpers';

const CLIP_SECONDS = 20;
const CUES = ['Welcome to the breathing lesson.', 'Breathe in slowly.', 'Hold it for a moment.', 'Now breathe out.', 'Rest.'];
const vtt = (lines: readonly string[]) =>
  `WEBVTT\n\n${lines.map((line, index) => `00:${String(index * 4).padStart(2, '0')}.000 --> 00:${String(index * 4 + 4).padStart(2, '0')}.000\n${line}\n`).join('\n')}`;

const status = (page: Page) => page.locator('.cm-status');

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`at ${viewport.width} px an admin writes a quiz whose question points to a moment of an audio lesson`, async ({ page, request, site }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const problems = watchConsole(page);
    const course = await publishedModule(request, site, 'Quizzing');
    const audioTitle = `${course.title} breath`;
    const quizTitle = `${course.title} check`;
    try {
      const audio = await course.lesson({ title: audioTitle, kind: 'audio' });
      const upload = async (fields: Record<string, string>, file: { name: string; mimeType: string; buffer: Buffer }) => {
        const res = await request.post(`/api/admin/course/lessons/${audio}/files`, { headers: course.headers, multipart: { ...fields, file } });
        expect(res.status(), await res.text()).toBe(201);
      };
      await upload({ role: 'media' }, { name: 'breath.mp3', mimeType: 'audio/mpeg', buffer: (await testClip('mp3', CLIP_SECONDS)).bytes });
      await upload({ role: 'captions', lang: 'en', label: 'English' }, { name: 'en.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt(CUES)) });

      await openAdminSection(page, site, { link: 'Course Manager', query: 'course' });
      const card = page.getByRole('article', { name: course.title });
      const editor = page.getByRole('region', { name: /^Edit lesson:/ });

      await test.step('a quiz lesson, and its pass mark', async () => {
        await card.getByLabel(`New lesson in ${course.title}`).fill(quizTitle);
        await card.getByLabel('Kind').selectOption('quiz');
        await card.getByRole('button', { name: 'Add lesson' }).click();
        await expect(editor).toHaveAccessibleName(`Edit lesson: ${quizTitle}`);
        const settings = editor.getByRole('form', { name: 'Quiz settings' });
        await settings.getByLabel('Pass mark (%)').fill('70');
        await settings.getByRole('button', { name: 'Save quiz settings' }).click();
        await expect(status(page)).toHaveText('Quiz settings saved');
        await expect(settings.getByText('Unsaved changes')).toBeHidden();
        await expect(settings.getByLabel('Pass mark (%)')).toHaveValue('70');
      });

      await test.step('a single-choice question: a second right option is refused beside the options', async () => {
        await editor.getByRole('button', { name: 'Add a question' }).click();
        const form = editor.getByRole('form', { name: 'New question' });
        await form.getByLabel('Question kind').selectOption('multiple');
        await form.getByLabel('Question (Markdown)').fill('What do you do first?');
        await form.getByLabel('Option 1', { exact: true }).fill('Breathe in');
        await form.getByLabel('Option 2', { exact: true }).fill('Hold');
        await form.getByRole('checkbox', { name: 'Option 1 is right' }).check();
        await form.getByRole('checkbox', { name: 'Option 2 is right' }).check();
        await form.getByLabel('Question kind').selectOption('single');
        await form.getByRole('button', { name: 'Add question' }).click();
        const first = form.getByRole('radio', { name: 'Option 1 is right' });
        await expect(first).toHaveAttribute('aria-invalid', 'true');
        await expect(first).toHaveAccessibleDescription('options: a single-choice question has exactly one right option');
        await first.click();
        await expect(form.getByRole('radio', { name: 'Option 2 is right' })).not.toBeChecked();
      });

      await test.step('where it is taught: two clicks on the transcript, never a second typed', async () => {
        const form = editor.getByRole('form', { name: 'New question' });
        await form.getByLabel('Teaching lesson').selectOption({ label: `${course.title}: ${audioTitle}` });
        const transcript = form.getByRole('list', { name: `Transcript of ${audioTitle} (English)` });
        await transcript.getByRole('button', { name: /Breathe in slowly\./ }).click();
        await expect(form.getByText('Starts at 0:04: now click the line where it ends.')).toBeVisible();
        await transcript.getByRole('button', { name: /Now breathe out\./ }).click();
        await expect(form.getByRole('status').filter({ hasText: 'Taught at' })).toHaveText(`Taught at 0:04–0:16 in ${audioTitle}.`);
        await expect(transcript.getByRole('button', { pressed: true })).toHaveCount(3);
        expect(await axeViolations(page, '.cm-lesson-editor')).toEqual([]);
        await form.getByRole('button', { name: 'Add question' }).click();
        await expect(status(page)).toHaveText('Question 1 added');
        const list = editor.getByRole('list', { name: 'Questions, in quiz order' });
        await expect(list.getByRole('listitem')).toHaveCount(1);
        await expect(list.getByRole('listitem').first()).toContainText(`Taught at 0:04–0:16 in ${audioTitle}`);
      });

      await test.step('a second question, then the two reordered by keyboard', async () => {
        await editor.getByRole('button', { name: 'Add a question' }).click();
        const form = editor.getByRole('form', { name: 'New question' });
        await form.getByLabel('Question kind').selectOption('text');
        await form.getByLabel('Question (Markdown)').fill('What comes after holding?');
        await form.getByLabel('Accepted answer 1').fill('Breathing out');
        await form.getByRole('button', { name: 'Add question' }).click();
        await expect(status(page)).toHaveText('Question 2 added');

        const handle = editor.getByRole('button', { name: 'Move question 2, position 2 of 2' });
        await handle.focus();
        await page.keyboard.press('Space');
        await page.keyboard.press('ArrowUp');
        await page.keyboard.press('Space');
        await expect(status(page)).toHaveText('Question order saved');
        const titles = editor.getByRole('list', { name: 'Questions, in quiz order' }).locator('.cm-lesson__title');
        await expect(titles).toHaveText(['1. What comes after holding?', '2. What do you do first?']);

        const saved = (await adminCourse(request, site)).modules.find((module) => module.title === course.title)!;
        const quiz = saved.lessons.find((lesson) => lesson.title === quizTitle) as unknown as {
          quiz: { passPercent: number };
          questions: Array<{ prompt: string; options: Array<{ text: string; correct: boolean }>; taught: unknown }>;
        };
        expect(quiz.quiz.passPercent).toBe(70);
        expect(quiz.questions.map((question) => question.prompt)).toEqual(['What comes after holding?', 'What do you do first?']);
        expect(quiz.questions[1]!.options).toMatchObject([
          { text: 'Breathe in', correct: true },
          { text: 'Hold', correct: false },
        ]);
        expect(quiz.questions[1]!.taught).toEqual({ lessonId: audio, startSeconds: 4, endSeconds: 16 });
      });

      await test.step('the admin previews the quiz as a member, scored, and nothing is recorded', async () => {
        await editor.getByRole('button', { name: 'Preview the quiz' }).click();
        const preview = editor.getByRole('region', { name: 'Try the quiz as a member' });
        await expect(preview.getByRole('heading', { name: 'Preview', exact: true })).toBeFocused();
        await preview.getByRole('textbox', { name: 'Your answer' }).fill('breathing  out');
        await preview.getByRole('radio', { name: 'Hold' }).check();
        await expect(preview.getByText('2 of 2 answered')).toBeVisible();
        await preview.getByRole('button', { name: 'Submit' }).click();
        await expect(preview.getByRole('heading', { name: 'You scored 50 %: not a pass this time' })).toBeFocused();
        await expect(preview.getByRole('link', { name: `Rewatch 0:04–0:16 in ${audioTitle}` })).toBeVisible();
        expect(await axeViolations(page, '.cm-lesson-editor')).toEqual([]);
        await preview.getByRole('button', { name: 'Close the preview' }).click();
        await expect(preview.getByRole('button', { name: 'Preview the quiz' })).toBeFocused();
      });

      await test.step('axe finds nothing in the lesson editor, and the page does not scroll sideways', async () => {
        await expect(editor.getByRole('heading', { name: 'Quiz insights' })).toBeVisible();
        await expect(editor.getByText('No member has submitted this quiz yet.')).toBeVisible();
        expect(await axeViolations(page, '.cm-lesson-editor')).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      });
      expect(problems).toEqual([]);
    } finally {
      await removeModule(request, site, course.title);
    }
  });
}
