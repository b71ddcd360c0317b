// Spec §2, §4, §5 and §8: joining, signing in and out, the guard, and password recovery.
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures';
import { signIn } from './page-helpers';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('joining with the card fields filled stores a token, goes home, and sends no card data anywhere', async ({ page }) => {
  // What the page sends (not the addresses it asks for: a port or an asset's hash may hold "987").
  const bodies: string[] = [];
  page.on('request', (request) => bodies.push(request.postData() ?? ''));
  const email = uniqueEmail('joiner');

  await page.goto('/join');
  await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
  await page.getByLabel('Name').fill('Jo Joiner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('joiner password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('987');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeTruthy();
  const sent = bodies.join('\n');
  expect(sent).toContain(email);
  // The email carries the test process's id, which may hold any digits.
  const rest = sent.replaceAll(email, '');
  for (const secret of ['4242', '12 / 34', '987']) expect(rest).not.toContain(secret);
});

test('the browser checks the registration form and the server’s refusal shows in red under it', async ({ page, request }) => {
  const email = uniqueEmail('taken');
  await request.post('/api/auth/register', { data: { name: 'First', email, password: 'first password' } });

  await page.goto('/join');
  await page.getByLabel('Name').fill('Second');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Password', { exact: true }).fill('12345');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // Too short for the browser's minlength check: nothing was sent, we are still here.
  await expect(page).toHaveURL(/\/join$/);
  expect(await page.getByLabel('Password', { exact: true }).evaluate((el: HTMLInputElement) => el.validity.tooShort)).toBe(true);

  await page.getByLabel('Password', { exact: true }).fill('second password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('An account with that email already exists');
  const [red, green, blue] = (await alert.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)!.map(Number);
  expect(red).toBeGreaterThan(Math.max(green!, blue!) + 60);
});

test('the guard sends a visitor without a token to the sign-in page', async ({ page }) => {
  for (const path of ['/dashboard', '/admin/dashboard']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a member signs in to the dashboard, sees the course outline, and logs out', async ({ page, request }) => {
  const email = uniqueEmail('member');
  await request.post('/api/auth/register', { data: { name: 'Mia Member', email, password: 'member password' } });

  await signIn(page, email, 'wrong password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await signIn(page, email, 'member password');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Mia Member' })).toBeVisible();
  const course = page.getByRole('list', { name: 'Your course' });
  // The outline of GET /api/course: the ten modules of a fresh install first (another test of this
  // worker's server may have added more after them; course.spec.ts covers the locked lessons).
  await expect(course.getByRole('heading').first()).toHaveText('Beyond Newton');
  await expect(course.getByRole('heading').nth(9)).toHaveText('Living in Sovereignty: Embodiment and Service');
  await expect(page.getByRole('link', { name: 'Become an Architect' })).toBeVisible();

  // A member who opens the admin panel is sent to their dashboard.
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);

  const token = await storedToken(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  // Logout ended the token on the server too: a copy kept elsewhere no longer works.
  const me = await request.get('/trpc/auth.me', { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
});

test('"Sign out everywhere" on the dashboard ends the member’s session in every browser', async ({ page, browser, request }) => {
  const email = uniqueEmail('everywhere');
  await request.post('/api/auth/register', { data: { name: 'Eve Everywhere', email, password: 'everywhere password' } });
  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await signIn(other, email, 'everywhere password');
    await expect(other.getByRole('heading', { name: 'Welcome, Eve Everywhere' })).toBeVisible();

    await signIn(page, email, 'everywhere password');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedToken(page)).toBeNull();

    // The other browser still holds its token, but the server no longer takes it.
    await other.reload();
    await expect(other).toHaveURL(/\/login$/);
    await expect(other.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  } finally {
    await laptop.close();
  }
});

test('an admin signs in to the admin panel and logs out', async ({ page, site }) => {
  await signIn(page, site.admin.email, site.admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await storedToken(page)).toBeNull();
});

test('forgot password: the mailed link resets the password and the member signs in with the new one', async ({ page, request, site }) => {
  const email = uniqueEmail('forgetful');
  await request.post('/api/auth/register', { data: { name: 'Fay Forgetful', email, password: 'old password' } });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const before = site.smtp.mails.length;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account with that email exists, a password reset link has been sent.')).toBeVisible();
  await expect(page).toHaveURL(/\/forgot-password$/);

  const mail = await site.smtp.waitForMail(email, { after: before });
  const link = /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.body)![0];
  expect(link.startsWith(site.url)).toBe(true);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Enter New Password' })).toBeVisible();
  await page.getByLabel('New Password').fill('new password');
  await page.getByLabel('Confirm Password').fill('different password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill('new password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
  // The message stays a moment (spec: 3 s) before the page moves on to sign-in.
  await expect(page).toHaveURL(/\/reset-password\//);
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

  await signIn(page, email, 'old password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, email, 'new password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a used reset link says so', async ({ page }) => {
  await page.goto('/reset-password/not-a-real-token');
  await page.getByLabel('New Password').fill('whatever1');
  await page.getByLabel('Confirm Password').fill('whatever1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This password reset link is invalid or has expired. Please request a new one.');
});
