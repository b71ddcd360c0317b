// Issue 36's story, in Chromium at 1280 and 360 px with axe: a member pins a question to 12:04 of a
// video lesson, and is told it waits for a review; the admin lets it through from the Discussions
// section's held queue; another member, who has the lesson open, sees it arrive without a reload,
// clicks its mark on the player's timeline and the video seeks to 12:04, then replies; the first
// member's reply mail arrives, and its one-click unsubscribe turns reply mails off.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { sourceClip } from '../support/media-clips';
import type { CaughtMail } from '../support/smtp-catcher';
import { axeViolations } from './axe';
import { architect, publishedModule } from './course-api';
import { expect, startSite, test as base, type Site } from './fixtures';
import { signIn, watchConsole } from './page-helpers';
import { readFileSync } from 'node:fs';

// A site of its own that transcodes nothing: the members play the 13-minute original, and the
// other specs' site is not kept busy with its ladder.
const test = base.extend<object, { site: Awaited<ReturnType<typeof startSite>> }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const site = await startSite({ TRANSCODE_CONCURRENCY: '0' });
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker' },
  ],
});

const MOMENT = 12 * 60 + 4;
const CLIP_SECONDS = 13 * 60;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** An Architect whose address is proved through the link sign-up mailed (posting needs it). */
async function verifiedArchitect(request: APIRequestContext, site: Site, name: string) {
  const member = await architect(request, site, name);
  const mail = await site.smtp.waitForMail(member.email);
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  expect(token, `a verification link for ${member.email}`).toBeDefined();
  expect((await request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  return { ...member, token: await tokenOf(request, member.email, member.password) };
}

/** The unsubscribe URL a caught mail's List-Unsubscribe header names (RFC 8058). */
function unsubscribeUrl(mail: CaughtMail): string {
  const match = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(mail.raw.replace(/\r?\n[ \t]+/g, ''));
  expect(match?.[1], 'a List-Unsubscribe header').toBeDefined();
  expect(mail.raw).toMatch(/^List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/m);
  return match![1]!;
}

async function memberPage(browser: Browser, site: Site, width: number, member: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.url, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const videoTime = (page: Page) => page.locator('video').evaluate((element: HTMLVideoElement) => element.currentTime);

for (const width of [1280, 360]) {
  test(`at ${width} px a question pinned to 12:04 is let through, arrives live at another member's player, seeks it, and its reply mail unsubscribes in one click`, async ({
    browser,
    page,
    request,
    site,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const { headers, title, lesson, remove } = await publishedModule(request, site, 'Talks');
    const video = await lesson({ title: `${title}: the long talk`, kind: 'video', body: 'Thirteen minutes on attention.' });
    const clip = await sourceClip({ width: 160, height: 120, seconds: CLIP_SECONDS, fps: 1, faststart: true });
    const uploaded = await request.post(`/api/admin/course/lessons/${video}/files`, {
      headers,
      multipart: { role: 'media', file: { name: 'talk.mp4', mimeType: 'video/mp4', buffer: readFileSync(clip) } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    const asker = await verifiedArchitect(request, site, 'Quinn Asker');
    const reader = await verifiedArchitect(request, site, 'Rae Reader');
    // The reader has been let through before: their reply shows at once.
    const earlier = await request.post(`/api/course/lessons/${video}/comments`, { headers: bearer(reader.token), data: { body: 'Glad to be here.' } });
    expect(earlier.status(), await earlier.text()).toBe(201);
    const earlierId = ((await earlier.json()) as { comment: { _id: string } }).comment._id;
    expect((await request.put(`/api/admin/comments/${earlierId}`, { headers, data: { status: 'visible' } })).status()).toBe(200);

    const readerPage = await memberPage(browser, site, width, reader);
    const askerPage = await memberPage(browser, site, width, asker);
    const problems = [...watchConsole(readerPage), ...watchConsole(askerPage), ...watchConsole(page)];
    try {
      // The reader has the lesson open: its discussion holds their earlier comment.
      await readerPage.goto(`/course/${video}`);
      const readerDiscussion = readerPage.getByRole('region', { name: 'Discussion' });
      await expect(readerDiscussion.getByText('Glad to be here.')).toBeVisible();

      // 1. The asker opens the lesson at 12:04 and pins a question there; it waits for a review.
      await askerPage.goto(`/course/${video}?t=${MOMENT}`);
      await expect.poll(() => videoTime(askerPage)).toBeCloseTo(MOMENT, 0);
      const askerDiscussion = askerPage.getByRole('region', { name: 'Discussion' });
      await askerDiscussion.getByRole('textbox', { name: 'Your comment' }).fill('Why does **attention** collapse the wave here?');
      await askerDiscussion.getByRole('checkbox', { name: 'at 12:04', exact: true }).check();
      await askerDiscussion.getByRole('button', { name: 'Post comment' }).click();
      await expect(askerDiscussion.getByText('Thanks! Your comment waits for a review by an admin before others see it.')).toBeVisible();
      await expect(askerDiscussion.getByText('Why does attention collapse the wave here?')).toBeVisible();
      expect(await axeViolations(askerPage)).toEqual([]);
      // Held: the reader does not see it.
      await expect(readerDiscussion.getByText('Why does attention collapse the wave here?')).toHaveCount(0);

      // 2. The admin lets it through from the held queue.
      await signIn(page, site.admin.email, site.admin.password);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Discussions' }).click();
      await expect(page).toHaveURL(/\?section=discussions$/);
      await expect(page.getByRole('tab', { name: 'Held' })).toHaveAttribute('aria-selected', 'true');
      const item = page.getByRole('tabpanel', { name: 'Held' }).getByRole('article').filter({ hasText: 'Why does attention collapse the wave here?' });
      await expect(item).toContainText(`${title}: the long talk`);
      await expect(item).toContainText('12:04');
      await expect(item).toContainText(asker.email);
      expect(await axeViolations(page)).toEqual([]);
      await item.getByRole('button', { name: 'Let through' }).click();
      await expect(page.getByText('Comment let through.')).toBeVisible();
      await expect(item).toHaveCount(0);

      // 3. The reader sees it arrive without a reload, and its mark on the timeline seeks to 12:04.
      await expect(readerDiscussion.getByText('Why does attention collapse the wave here?')).toBeVisible({ timeout: 5_000 });
      const mark = readerPage.getByRole('button', { name: 'Comment at 12:04' });
      await expect(mark).toBeVisible();
      expect(await axeViolations(readerPage)).toEqual([]);
      await mark.click();
      await expect.poll(() => videoTime(readerPage)).toBeCloseTo(MOMENT, 0);

      // 4. The reader replies; the asker's mail arrives, and one click unsubscribes them from replies.
      const mailsBefore = site.smtp.mails.length;
      const thread = readerDiscussion.getByRole('article', { name: 'Comment by Quinn Asker' });
      await thread.getByRole('button', { name: 'Reply' }).click();
      await thread.getByRole('textbox', { name: 'Your reply' }).fill('Because the observer is the operator.');
      await thread.getByRole('button', { name: 'Post reply' }).click();
      await expect(thread.getByRole('article', { name: 'Reply by Rae Reader' })).toContainText('Because the observer is the operator.');
      await expect(thread.getByRole('textbox', { name: 'Your reply' })).toHaveCount(0);

      const mail = await site.smtp.waitForMail(asker.email, { after: mailsBefore, timeoutMs: 20_000 });
      expect(mail.body).toContain('Rae Reader replied to your comment');
      // Its link leads to the lesson, at the thread, with the reply in it.
      const link = new RegExp(`${site.url}(/course/${video}#comment-[\\w-]+)`).exec(mail.body)?.[1];
      expect(link, 'a link to the thread in the mail').toBeDefined();
      // As a mail client opens it: a new tab, a whole page load.
      const fromMail = await askerPage.context().newPage();
      await fromMail.goto(link!);
      const own = fromMail.getByRole('region', { name: 'Discussion' }).getByRole('article', { name: 'Comment by Quinn Asker' });
      await expect(own).toBeFocused();
      await expect(own.getByRole('article', { name: 'Reply by Rae Reader' })).toContainText('Because the observer is the operator.');
      await askerPage.goto(unsubscribeUrl(mail));
      await askerPage.getByRole('button').click();
      await expect(askerPage.getByText('You are unsubscribed')).toBeVisible();
      const settings = await request.get('/api/account/mail', { headers: bearer(asker.token) });
      expect(await settings.json()).toEqual({ replies: false, courseUpdates: true });
      expect(problems).toEqual([]);
    } finally {
      await readerPage.context().close();
      await askerPage.context().close();
      await remove();
    }
  });
}
