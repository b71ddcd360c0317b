// Issue 35's story, in Chromium at 1280 and 360 px: an admin writes (through the REST calls) a quiz
// whose first question points to a moment of a video lesson; an Architect fails it, follows Rewatch
// to that second (the player stops at the passage's end), comes back, finds the answers of a
// reload kept, retries and passes; the course percent and the certificate move; axe finds nothing.
import type { APIRequestContext, Page } from '@playwright/test';
import { architect, publishedModule } from './course-api';
import { axeViolations } from './axe';
import { expect, test, type Site } from './fixtures';
import { signIn, watchConsole } from './page-helpers';
import { testClip } from '../support/media-clips';

const CLIP_SECONDS = 20;
const PASSAGE = { startSeconds: 4, endSeconds: 7 };

/** A published module: a video lesson, then a quiz of two questions (the first taught by the video at PASSAGE). */
async function buildQuiz(request: APIRequestContext, site: Site) {
  const { headers, title, lesson, remove } = await publishedModule(request, site, 'Orbits');
  const video = await lesson({ title: `${title}: the observer`, kind: 'video', body: 'Watch.' });
  const uploaded = await request.post(`/api/admin/course/lessons/${video}/files`, {
    headers,
    multipart: { role: 'media', file: { name: 'observer.webm', mimeType: 'video/webm', buffer: (await testClip('webm', CLIP_SECONDS)).bytes } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  const quiz = await lesson({ title: `${title}: check`, kind: 'quiz', body: 'Two questions on what you watched.' });
  const settings = await request.put(`/api/admin/course/lessons/${quiz}`, {
    headers,
    data: { quiz: { passPercent: 100, attemptsAllowed: 3, retryAfterMinutes: 0 } },
  });
  expect(settings.status(), await settings.text()).toBe(200);
  const ask = async (data: Record<string, unknown>) => {
    const res = await request.post(`/api/admin/course/lessons/${quiz}/questions`, { headers, data });
    expect(res.status(), await res.text()).toBe(201);
  };
  await ask({
    kind: 'single',
    prompt: 'Who is the operator?',
    options: [
      { text: 'The observer', correct: true },
      { text: 'Nobody at all', correct: false },
    ],
    explanation: 'The observer is the operator:\nthe lesson says so at 0:04.',
    taught: { lessonId: video, ...PASSAGE },
  });
  await ask({ kind: 'text', prompt: 'Name the planet we orbit from.', answers: ['Earth'], points: 1 });
  return { title, video, quiz, remove };
}

const videoTime = (page: Page) => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);

for (const width of [1280, 360]) {
  test(`at ${width} px an Architect fails a quiz, rewatches the moment that teaches the answer, retries and passes`, async ({ page, request, site }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    const problems = watchConsole(page);
    const { title, video, quiz, remove } = await buildQuiz(request, site);
    try {
      const member = await architect(request, site);
      await signIn(page, member.email, member.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('0% of the course complete')).toBeVisible();

      // The quiz's facts, and no Mark complete: only a pass completes a quiz.
      await page.goto(`/course/${quiz}`);
      await expect(page.getByRole('heading', { name: `${title}: check`, level: 1 })).toBeVisible();
      const panel = page.getByRole('region', { name: 'Quiz' });
      await expect(panel.getByText('Pass mark')).toBeVisible();
      await expect(panel).toContainText('100 %');
      await expect(panel).toContainText('3 of 3 attempts left');
      await expect(panel).toContainText('None yet');
      await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      // Attempt 1: the wrong option, the text question left empty; Submit asks first.
      await panel.getByRole('button', { name: 'Start' }).click();
      await expect(panel.getByRole('heading', { name: 'Attempt 1' })).toBeFocused();
      const first = panel.getByRole('group', { name: /Question 1 of 2/ });
      await first.getByRole('radio', { name: 'Nobody at all' }).check();
      await expect(panel.getByText('1 of 2 answered')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await panel.getByRole('button', { name: 'Submit' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Submit with questions unanswered?' });
      await expect(confirm).toContainText('Unanswered: question 2.');
      await confirm.getByRole('button', { name: 'Submit anyway' }).click();

      // The result, announced by focus on its heading, with the right answer and the Rewatch link.
      const heading = panel.getByRole('heading', { name: 'You scored 0 %: not a pass this time' });
      await expect(heading).toBeFocused();
      await expect(panel).toContainText('The observer is the operator:');
      const rewatch = panel.getByRole('link', { name: `Rewatch 0:04–0:07 in ${title}: the observer` });
      await expect(rewatch).toBeVisible();
      await expect(panel.getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      // Rewatch opens the video at the passage's second, and Play stops at its end.
      await rewatch.click();
      await expect(page.getByRole('heading', { name: `${title}: the observer`, level: 1 })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/course/${video}$`));
      await expect.poll(() => page.locator('video').evaluate((element: HTMLVideoElement) => element.duration)).toBeCloseTo(CLIP_SECONDS, 0);
      await expect.poll(() => videoTime(page)).toBeCloseTo(PASSAGE.startSeconds, 0);
      const controls = page.getByRole('group', { name: 'Player controls' });
      await controls.getByRole('button', { name: 'Play' }).click();
      // Playing first (the button says Pause), then stopped again by the passage's end: read at once
      // after the click, Play could still be the label from before it.
      await expect(controls.getByRole('button', { name: 'Pause' })).toBeVisible();
      await expect(controls.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: 10_000 });
      const stopped = await videoTime(page);
      expect(stopped).toBeGreaterThanOrEqual(PASSAGE.endSeconds);
      expect(stopped).toBeLessThan(PASSAGE.endSeconds + 1);

      // Back at the quiz: one attempt used, its score the best so far; Try again starts afresh.
      await page.goto(`/course/${quiz}`);
      await expect(panel).toContainText('2 of 3 attempts left');
      await expect(panel).toContainText('0 %, not passed yet');
      await panel.getByRole('button', { name: 'Start' }).click();
      await expect(panel.getByRole('heading', { name: 'Attempt 2' })).toBeFocused();
      await expect(panel.getByText('0 of 2 answered')).toBeVisible();
      await panel.getByRole('radio', { name: 'The observer' }).check();

      // Saved as given: a reload shows the answer, and Continue goes on with it.
      const saved = page.waitForRequest((sent) => sent.url().includes('course.quiz.saveAnswer') && (sent.postData() ?? '').includes('"text":"earth"'));
      await panel.getByRole('textbox', { name: 'Your answer' }).fill('earth');
      expect((await (await saved).response())?.ok()).toBe(true);
      await page.reload();
      await panel.getByRole('button', { name: 'Continue' }).click();
      await expect(panel.getByRole('radio', { name: 'The observer' })).toBeChecked();
      await expect(panel.getByRole('textbox', { name: 'Your answer' })).toHaveValue('earth');
      await expect(panel.getByText('2 of 2 answered')).toBeVisible();

      // Everything answered: Submit does not ask.
      await panel.getByRole('button', { name: 'Submit' }).click();
      await expect(panel.getByRole('heading', { name: 'You passed with 100 %' })).toBeFocused();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(panel.getByRole('link', { name: /^Rewatch/ })).toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // The pass completed the lesson: the course percent moves (one of its two lessons); with the
      // video marked complete too, the certificate is earned.
      await page.goto('/dashboard');
      await expect(page.getByText('50% of the course complete')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Your certificate' })).toHaveCount(0);
      await page.goto(`/course/${video}`);
      await page.getByRole('button', { name: 'Mark complete' }).click();
      await expect(page.getByRole('button', { name: 'Mark incomplete' })).toBeVisible();
      await page.goto('/dashboard');
      await expect(page.getByText('100% of the course complete')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Your certificate' })).toBeVisible();
      expect(problems).toEqual([]);
    } finally {
      await remove();
    }
  });
}
