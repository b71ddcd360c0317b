// CONTRACT §5 in the browser, at 1280 px and at 360 px: a member signs up and verifies through the
// mailed link, changes name and password (a second browser is signed out), moves to a new address
// through the link in the new mailbox (the old one gets the notice), downloads their data, and
// deletes the account. The mail is read from the test SMTP server; axe checks the new pages.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail, type Site } from './fixtures';
import { signIn, watchConsole } from './page-helpers';

// axe-core, as the lighthouse dev dependency installs it. Run through the debugger protocol, so the
// page's CSP (no inline scripts) does not refuse it.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function expectNoAxeViolations(page: Page, what: string) {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  });
  expect(violations, what).toEqual([]);
}

/** The token of the link to `path` in the newest mail to `address` that has one, waiting for it. */
async function linkFromMail(site: Site, address: string, path: 'verify-email' | 'confirm-email', after: number): Promise<string> {
  const mail = await site.smtp.waitForMail(address, { after });
  const match = new RegExp(`/${path}/([A-Za-z0-9_-]+)`).exec(mail.body);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail to ${address}`);
  return `/${path}/${match[1]}`;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 780 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a member verifies, changes name, password and address, downloads their data and deletes the account', async ({ page, browser, site }) => {
      // Several argon2 checks on a busy machine.
      test.slow();
      const problems = watchConsole(page);
      const email = uniqueEmail('acct');
      const newEmail = uniqueEmail('acct-new');
      let password = 'first password';

      // 1. Sign up (signed in at once), then verify through the mailed link.
      const mailsBefore = site.smtp.mails.length;
      await page.goto('/join');
      await page.getByLabel('Name').fill('Avery Account');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL(/\/$/);
      const verifyLink = await linkFromMail(site, email, 'verify-email', mailsBefore);
      await page.goto('/dashboard');
      await page.getByRole('link', { name: 'Your account', exact: true }).click();
      await expect(page).toHaveURL(/\/account$/);
      await expect(page.getByText('It is not verified yet', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page, '/account');
      await page.goto(verifyLink);
      await expect(page.getByRole('status').filter({ hasText: 'Email verified' })).toBeVisible();
      await expectNoAxeViolations(page, '/verify-email');
      // A second time, the link says plainly it is spent.
      await page.reload();
      await expect(page.getByRole('alert')).toContainText('already been used');

      // 2. The name, then the password; a second browser signed in as the member is signed out.
      const other = await browser.newContext({ viewport });
      const otherPage = await other.newPage();
      try {
        await signIn(otherPage, email, password);
        await expect(otherPage).toHaveURL(/\/dashboard$/);

        await page.goto('/account');
        await expect(page.getByText('It is verified.')).toBeVisible();
        const names = page.getByRole('form', { name: 'Your name' });
        await names.getByLabel('Name').fill('Avery Renamed');
        await names.getByRole('button', { name: 'Save name' }).click();
        await expect(names.getByRole('status')).toHaveText('Your name is saved.');
        await expect(page.getByRole('heading', { name: 'Avery Renamed', level: 1 })).toBeVisible();

        const passwords = page.getByRole('form', { name: 'Change your password' });
        await passwords.getByLabel('Current password').fill(password);
        await passwords.getByLabel('New password', { exact: true }).fill('second password');
        await passwords.getByLabel('Confirm new password').fill('second password');
        // Every password field shows and hides what was typed.
        await passwords.getByRole('button', { name: 'Show password' }).first().click();
        await expect(passwords.getByLabel('Current password')).toHaveAttribute('type', 'text');
        await passwords.getByRole('button', { name: 'Change password' }).click();
        await expect(passwords.getByRole('status')).toContainText('Password changed');
        password = 'second password';
        // This browser stays signed in with the fresh token; the other one is sent to sign in.
        await page.reload();
        await expect(page.getByRole('heading', { name: 'Avery Renamed', level: 1 })).toBeVisible();
        await otherPage.reload();
        await expect(otherPage).toHaveURL(/\/login$/);
      } finally {
        await other.close();
      }

      // 3. The address: a link to the new mailbox, a notice (no link) to the old one.
      const beforeChange = site.smtp.mails.length;
      const emails = page.getByRole('form', { name: 'Change your email address' });
      await emails.getByLabel('New email address').fill(newEmail);
      await emails.getByLabel('Password', { exact: true }).fill(password);
      await emails.getByRole('button', { name: 'Change email' }).click();
      await expect(emails.getByRole('status')).toHaveText('Check your new address for a confirmation link');
      await expect(page.getByText(`Waiting for confirmation: open the link we mailed to ${newEmail}`, { exact: false })).toBeVisible();
      const confirmLink = await linkFromMail(site, newEmail, 'confirm-email', beforeChange);
      const notice = await site.smtp.waitForMail(email, { after: beforeChange });
      expect(notice.body).toContain('is being changed to a');
      expect(notice.body).not.toContain('confirm-email');
      await page.goto(confirmLink);
      await expect(page.getByRole('status').filter({ hasText: 'Your email address is changed' })).toBeVisible();
      await expectNoAxeViolations(page, '/confirm-email');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, newEmail, password);
      await expect(page).toHaveURL(/\/dashboard$/);

      // 4. The data.
      await page.getByRole('link', { name: 'Your account', exact: true }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { profile: { email: string; name: string }; auditEntries: unknown[] };
      expect(file.profile).toMatchObject({ email: newEmail, name: 'Avery Renamed' });
      // No hash, and neither password (the trail says a password changed, never what it is).
      expect(JSON.stringify(file)).not.toMatch(/argon2|first password|second password/);

      // 5. Leaving: the dialog says what goes, asks for the password and DELETE typed out.
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
      await expect(dialog.getByText('your course progress and certificate')).toBeVisible();
      await expectNoAxeViolations(page, 'the delete dialog');
      const confirm = dialog.getByRole('button', { name: 'Delete my account' });
      await dialog.getByLabel('Password', { exact: true }).fill(password);
      await dialog.getByLabel('Type DELETE to confirm').fill('delete');
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await confirm.click();
      await expect(page).toHaveURL(/\/$/);
      await signIn(page, newEmail, password);
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
      expect(problems).toEqual([]);
    });
  });
}
