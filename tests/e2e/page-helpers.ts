// What the end-to-end tests share about a page: signing in through the form, opening an admin
// section from the sidebar, and collecting what the page logs as an error.
import type { Page } from '@playwright/test';
import { expect, type Site } from './fixtures';

/**
 * Collects what the page logs as an error, and every answer of 500 or more. Two kinds of console
 * noise are left out: a refused call (4xx), which Chromium reports as a failed resource (a 5xx is
 * caught from the response itself), and the trace recorder (trace: retain-on-failure) fetching
 * blob: previews for its snapshots, which the page's CSP (connect-src 'self') blocks; the page
 * itself never fetches a blob.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.url()}`);
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' || text.startsWith('Failed to load resource') || text.startsWith("Connecting to 'blob:")) return;
    problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Fills in and sends the sign-in form. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** Signs in as the site's first admin and opens `section` from the sidebar. */
export async function openAdminSection(page: Page, site: Site, section: { link: string; query: string }) {
  await signIn(page, site.admin.email, site.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: section.link }).click();
  await expect(page).toHaveURL(new RegExp(`\\?section=${section.query}$`));
  await expect(page.getByRole('heading', { name: section.link, level: 2 })).toBeVisible();
}
