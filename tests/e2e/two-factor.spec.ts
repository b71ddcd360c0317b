// CONTRACT §3 "Two-factor sign-in" in the browser: a member turns it on from their Account page with a
// code computed here from the key on the screen, signs in with the app's code and with a recovery
// code (which then no longer works); an admin clears a member's two-factor from User Management.
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { MESSAGES } from '../../shared/messages';
import { expect, test, uniqueEmail, type Site } from './fixtures';
import { openAdminSection, signIn, watchConsole } from './page-helpers';

const STEP_SECONDS = 30;
const stepNow = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
const codeAtStep = (secret: string, step: number) => generateSync({ secret, epoch: step * STEP_SECONDS });

/**
 * A code the server has not taken yet: each step's code works once, so the step after the last
 * used one, or the current step if time has moved past that. Both are inside the server's ±1
 * window as long as the last used step is not ahead of the clock: one such code per used step.
 */
function nextCode(secret: string, used: { step: number }): string {
  used.step = Math.max(used.step + 1, stepNow());
  return codeAtStep(secret, used.step);
}

async function signInWithCode(page: Page, email: string, password: string, code: string) {
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Proves the address through the newest verification link mailed to it (two-factor asks for a
 * verified address): the one sign-up sent, or the one `request` asks for with this bearer first.
 */
async function verifyByMail(page: Page, site: Site, email: string, request?: { authorization: string }) {
  const after = site.smtp.mails.length;
  if (request) expect((await page.request.post('/api/account/verification', { headers: request })).status()).toBe(200);
  const mail = await site.smtp.waitForMail(email, { after: request ? after : 0 });
  const token = /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  expect(token, `a verification link for ${email}`).toBeDefined();
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
}

/** The member's Account page, where their two-factor settings are (linked from the dashboard). */
async function openAccount(page: Page) {
  await page.getByRole('link', { name: 'Your account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
}

async function logout(page: Page) {
  if (!page.url().endsWith('/dashboard')) await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a member turns two-factor on with a code and the password, then signs in with the app’s code, and once with a recovery code', async ({ page, site }) => {
  // Four sign-ins, each an argon2 check, on a machine that may be busy.
  test.slow();
  const problems = watchConsole(page);
  const email = uniqueEmail('twofa');
  const password = 'two factor password';
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Tia Twofa', email, password } });
  const elsewhere = { authorization: `Bearer ${(await registered.json()).token}` };
  await verifyByMail(page, site, email);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openAccount(page);

  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(panel.getByText('Two-factor sign-in is off')).toBeVisible();
  await panel.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(panel.getByRole('img', { name: /QR code/ })).toBeVisible();
  const key = ((await panel.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/).textContent()) ?? '').replace(/\s/g, '');
  expect(key).toMatch(/^[A-Z2-7]{32}$/);

  // A wrong code first, then a wrong password: each refused where the eye is, and nothing changes.
  const used = { step: stepNow() };
  const code = codeAtStep(key, used.step);
  const passwordField = panel.getByLabel('Password', { exact: true });
  await panel.getByLabel('Code from the app').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
  await passwordField.fill(password);
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Invalid code. Enter the 6-digit code your authenticator app shows for this site.');
  await panel.getByLabel('Code from the app').fill(code);
  await passwordField.fill('not my password');
  // The password can be shown, as on every password field.
  await panel.getByRole('button', { name: 'Show password' }).click();
  await expect(passwordField).toHaveAttribute('type', 'text');
  await panel.getByRole('button', { name: 'Turn on' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Wrong password');
  await expect(page).toHaveURL(/\/account$/);
  await passwordField.fill(password);
  await panel.getByRole('button', { name: 'Turn on' }).click();

  const list = panel.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim());
  for (const recovery of recoveryCodes) expect(recovery).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy codes' }).click();
  await expect(panel.getByRole('status')).toHaveText('The recovery codes were copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recoveryCodes.join('\n'));
  await panel.getByRole('button', { name: 'I have saved them' }).click();
  await expect(panel.getByText('Two-factor sign-in is on')).toBeVisible();
  await expect(panel.getByText('10 recovery codes are left.')).toBeVisible();
  // Every other session ended; this page keeps its own, with the fresh token the answer gave it.
  expect((await page.request.get('/trpc/auth.me', { headers: elsewhere })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('Two-factor sign-in is on')).toBeVisible();
  await logout(page);

  // The password alone no longer signs in: the app's next code finishes it.
  await signInWithCode(page, email, password, nextCode(key, used));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Tia Twofa' })).toBeVisible();
  await logout(page);

  // A recovery code, typed in capitals, works once.
  await signInWithCode(page, email, password, recoveryCodes[0]!.toUpperCase());
  await expect(page).toHaveURL(/\/dashboard$/);
  await openAccount(page);
  await expect(page.getByRole('region', { name: 'Two-factor sign-in' }).getByText('9 recovery codes are left.')).toBeVisible();
  await logout(page);

  await signInWithCode(page, email, password, recoveryCodes[0]!);
  await expect(page.getByRole('alert')).toHaveText('Invalid code. Enter the current 6-digit code from your authenticator app, or an unused recovery code.');
  await expect(page).toHaveURL(/\/login$/);
  expect(problems).toEqual([]);
});

test('a member turns two-factor off with the password and a code, by keyboard', async ({ page, site }) => {
  const email = uniqueEmail('twofa-off');
  const password = 'two factor password';
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Otto Off', email, password } });
  const bearer = { authorization: `Bearer ${(await registered.json()).token}` };
  await verifyByMail(page, site, email);
  const { secret } = await (await page.request.post('/api/auth/2fa/setup', { headers: bearer })).json();
  const used = { step: stepNow() };
  const enabled = await page.request.post('/api/auth/2fa/enable', { headers: bearer, data: { code: codeAtStep(secret, used.step), password } });
  const { recoveryCodes } = (await enabled.json()) as { recoveryCodes: string[] };

  await signInWithCode(page, email, password, nextCode(secret, used));
  await openAccount(page);
  const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
  await panel.getByRole('button', { name: 'Turn off two-factor sign-in' }).focus();
  await page.keyboard.press('Enter');
  // The form replaces the button, and takes the focus with it.
  await expect(panel.getByRole('group', { name: 'Turn off two-factor sign-in' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(password);
  await page.keyboard.press('Tab'); // the show-password toggle
  await page.keyboard.press('Tab');
  await expect(panel.getByLabel('Code')).toBeFocused();
  // The app's next code may be a step ahead of the window now: a recovery code is a code too.
  await page.keyboard.type(recoveryCodes[0]!);
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('status')).toHaveText('Two-factor sign-in turned off');
  await expect(panel.getByText('Two-factor sign-in is off')).toBeVisible();
  await logout(page);

  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin clears a member’s two-factor from User Management, which signs the member out', async ({ page, browser, site }) => {
  const email = uniqueEmail('twofa-lost');
  const password = 'lost my phone';
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Lou Lost', email, password } });
  const registeredBearer = { authorization: `Bearer ${(await registered.json()).token}` };
  await verifyByMail(page, site, email);
  const { secret } = await (await page.request.post('/api/auth/2fa/setup', { headers: registeredBearer })).json();
  const enabled = await page.request.post('/api/auth/2fa/enable', { headers: registeredBearer, data: { code: codeAtStep(secret, stepNow()), password } });
  expect(enabled.status()).toBe(200);
  // Turning it on ended the member's earlier sessions: this is the one they keep.
  const bearer = { authorization: `Bearer ${(await enabled.json()).token}` };
  expect((await page.request.get('/trpc/auth.me', { headers: bearer })).status()).toBe(200);

  const adminContext = await browser.newContext({ baseURL: site.url });
  try {
    const admin = await adminContext.newPage();
    await openAdminSection(admin, site, { link: 'User Management', query: 'users' });
    await admin.getByLabel('Search users').fill(email);
    const row = admin.getByRole('row').filter({ hasText: email });
    await row.getByRole('button', { name: 'Clear 2FA' }).click();
    const dialog = admin.getByRole('alertdialog', { name: 'Clear two-factor sign-in' });
    await expect(dialog).toContainText('Lou Lost');
    await dialog.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Two-factor sign-in cleared' })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Clear 2FA' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Edit' })).toBeVisible();
  } finally {
    await adminContext.close();
  }

  expect((await page.request.get('/trpc/auth.me', { headers: bearer })).status()).toBe(401);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a sign-in that ended while it waited for its code goes back to the password, saying why', async ({ page, site }) => {
  const email = uniqueEmail('twofa-ended');
  const password = 'two factor password';
  const registered = await page.request.post('/api/auth/register', { data: { name: 'Ena Ended', email, password } });
  const registeredBearer = { authorization: `Bearer ${(await registered.json()).token}` };
  await verifyByMail(page, site, email);
  const { secret } = await (await page.request.post('/api/auth/2fa/setup', { headers: registeredBearer })).json();
  const used = { step: stepNow() };
  const enabled = await page.request.post('/api/auth/2fa/enable', { headers: registeredBearer, data: { code: codeAtStep(secret, used.step), password } });
  expect(enabled.status()).toBe(200);
  // The session the member keeps is the fresh one that turning two-factor on handed back.
  const bearer = { authorization: `Bearer ${(await enabled.json()).token}` };

  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page.getByLabel('Code')).toBeFocused();
  // Meanwhile, "Sign out everywhere" from a session the member already had ends this sign-in too.
  expect((await page.request.post('/api/auth/logout-all', { headers: bearer })).status()).toBe(200);
  const code = nextCode(secret, used);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('This sign-in has expired. Please enter your email and password again.');
  // The form kept what was typed: one press starts over, and the code, which the ended sign-in
  // did not use up, finishes it.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin finds their own two-factor sign-in under Account Security, and it fits a 360 px phone', async ({ page, site }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await openAdminSection(page, site, { link: 'Account Security', query: 'security' });
  const section = page.getByRole('region', { name: 'Account Security' });
  await expect(section.getByRole('heading', { name: 'Two-factor sign-in', level: 3 })).toBeVisible();
  await expect(section.getByText('Two-factor sign-in is off')).toBeVisible();

  // Until the address is verified, setting up is refused in words that say what to do.
  const bearer = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` };
  const verified = (await (await page.request.get('/api/account', { headers: bearer })).json()) as { emailVerified: boolean };
  if (!verified.emailVerified) {
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByText(MESSAGES.twoFactorNeedsVerifiedEmail)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await verifyByMail(page, site, site.admin.email, bearer);
  }
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(section.getByLabel('Code from the app')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Leaving the setup unfinished changes nothing: the admin's sign-in stays as it was.
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByText('Two-factor sign-in is off')).toBeVisible();
  await expect(section.getByRole('group', { name: 'Two-factor sign-in is off' })).toBeFocused();
});
