// CONTRACT §6 in a real browser: an Explorer clicks "Become an Architect" and leaves for the Payment
// Link with their id (the navigation is caught by Playwright's routing: no network); Stripe's
// signed checkout.session.completed is delivered to the running server; /welcome, waiting for it,
// then opens the course's first Architect lesson, which plays, and the dashboard says since when.
import { WELCOME_POLL_MS, WELCOME_WAIT_MS } from '../../shared/billing';
import { testClip } from '../support/media-clips';
import { checkoutCompleted, PAYMENTS_ENV, signed, TEST_PAYMENT_LINK, WEBHOOK_PATH } from '../support/stripe-events';
import { expect, startSite, test as base } from './fixtures';
import { openAdminSection, signIn, watchConsole } from './page-helpers';

// A site of its own with payments set up: the other specs' site keeps today's buttons.
const test = base.extend<object, { site: Awaited<ReturnType<typeof startSite>> }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const site = await startSite(PAYMENTS_ENV);
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker' },
  ],
});

test('an Explorer pays through the Payment Link, and /welcome opens the first Architect lesson once Stripe confirms', async ({ page, request, site }) => {
  // Seven page loads, two sign-ins and a video playing: 15 s alone, up to 42 s beside another worker.
  test.slow();
  const problems = watchConsole(page);
  // The course's first lesson, for Architects only, in the first of the ten modules.
  const adminLogin = await request.post('/api/auth/login', { data: site.admin });
  const headers = { Authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };
  const course = (await (await request.get('/api/admin/course', { headers })).json()) as { modules: Array<{ _id: string }> };
  const created = await request.post('/api/admin/course/lessons', {
    headers,
    data: { moduleId: course.modules[0]!._id, title: 'The first Architect lesson', kind: 'video', published: true, body: 'Only for Architects.' },
  });
  expect(created.status()).toBe(201);
  const lessonId = ((await created.json()) as { lesson: { _id: string } }).lesson._id;
  const clip = { name: 'first.webm', mimeType: 'video/webm', buffer: (await testClip('webm')).bytes };
  const uploaded = await request.post(`/api/admin/course/lessons/${lessonId}/files`, { headers, multipart: { role: 'media', file: clip } });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  const email = 'paying.explorer@example.com';
  expect((await request.post('/api/auth/register', { data: { name: 'Pia Payer', email, password: 'explorer password' } })).status()).toBe(201);
  // The sign-up's own mail (the address's verification) first: the welcome mail comes after it.
  await site.smtp.waitForMail(email);
  const mailsBeforePaying = site.smtp.mails.length;
  const users = (await (await request.get(`/api/admin/users?search=${email}`, { headers })).json()) as { data: Array<{ _id: string }> };
  const memberId = users.data[0]!._id;

  // Stripe's checkout page, as far as this browser knows it.
  const checkouts: URL[] = [];
  await page.route('https://buy.stripe.com/**', (route) => {
    checkouts.push(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Pay for the course</h1>' });
  });

  await signIn(page, email, 'explorer password');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Explorer — free membership')).toBeVisible();

  // On /courses, the Architect card's button goes to checkout for a signed-in Explorer, as the locked lesson's does.
  await page.goto('/courses');
  await page.getByRole('link', { name: 'Become an Architect' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for the course' })).toBeVisible();
  await page.goto(`/course/${lessonId}`);
  await expect(page.getByText('This lesson is for Architects')).toBeVisible();
  await page.getByRole('link', { name: 'Become an Architect' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for the course' })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Become an Architect' }).click();
  await expect(page.getByRole('heading', { name: 'Pay for the course' })).toBeVisible();
  expect(checkouts).toHaveLength(3);
  for (const url of checkouts) {
    expect(url.origin + url.pathname).toBe(TEST_PAYMENT_LINK);
    expect(url.searchParams.get('client_reference_id')).toBe(memberId);
    expect(url.searchParams.get('prefilled_email')).toBe(email);
  }

  // Stripe sends the member back before its webhook lands: the page waits for it.
  await page.goto('/welcome');
  await expect(page.getByRole('status')).toContainText('Your payment went through');
  const paid = checkoutCompleted({ userId: checkouts[2]!.searchParams.get('client_reference_id') });
  const payment = { ...signed(paid.event), sessionId: paid.session.id };
  const delivered = await request.post(WEBHOOK_PATH, {
    headers: { 'content-type': 'application/json', 'stripe-signature': payment.signature },
    data: payment.body,
  });
  expect([delivered.status(), await delivered.json()]).toEqual([200, { received: true }]);

  await expect(page).toHaveURL(new RegExp(`/course/${lessonId}$`));
  await expect(page.getByRole('heading', { name: 'The first Architect lesson', level: 1 })).toBeVisible();
  await expect(page.locator('.lesson-body')).toContainText('Only for Architects.');
  // The lesson plays.
  await page.getByRole('group', { name: 'Player controls' }).getByRole('button', { name: 'Play' }).click();
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime)).toBeGreaterThan(0.5);

  // The day of paying, read after it: a payment at midnight may fall on the day before.
  const day = (ms: number) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(ms);
  const paidOn = new Set([day(Date.now() - 60_000), day(Date.now())]);
  await page.goto('/dashboard');
  await expect(page.getByText(new RegExp(`Architect since (${[...paidOn].join('|')})`))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Become an Architect' })).toHaveCount(0);
  const mail = await site.smtp.waitForMail(email, { after: mailsBeforePaying });
  expect(mail.body).toContain(`${site.url}/dashboard`);

  // The admin's user list says how: through Stripe, with the Checkout Session to find there.
  await page.getByRole('button', { name: 'Logout' }).click();
  await openAdminSection(page, site, { link: 'User Management', query: 'users' });
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText(`via Stripe ${payment.sessionId}`);
  expect(problems).toEqual([]);
});

test('/welcome says plainly when Stripe is late, and opens the course once it has confirmed', async ({ page, request, site }) => {
  const problems = watchConsole(page);
  const adminLogin = await request.post('/api/auth/login', { data: site.admin });
  const headers = { Authorization: `Bearer ${((await adminLogin.json()) as { token: string }).token}` };
  const course = (await (await request.get('/api/admin/course', { headers })).json()) as { modules: Array<{ _id: string }> };
  const lesson = { moduleId: course.modules[0]!._id, title: 'A lesson for the late', kind: 'text', published: true };
  expect((await request.post('/api/admin/course/lessons', { headers, data: lesson })).status()).toBe(201);
  const email = 'late.payer@example.com';
  expect((await request.post('/api/auth/register', { data: { name: 'Lou Late', email, password: 'explorer password' } })).status()).toBe(201);
  const users = (await (await request.get(`/api/admin/users?search=${email}`, { headers })).json()) as { data: Array<{ _id: string }> };

  await signIn(page, email, 'explorer password');
  await expect(page).toHaveURL(/\/dashboard$/);
  // The page's own clock, moved past the wait instead of waiting it out.
  await page.clock.install();
  await page.goto('/welcome');
  await expect(page.getByRole('status')).toContainText('Your payment went through');
  await page.clock.runFor(WELCOME_WAIT_MS + WELCOME_POLL_MS);
  await expect(page.getByText('Stripe has not confirmed your payment to us yet.')).toBeVisible();
  await expect(page).toHaveURL(/\/welcome$/);

  const payment = signed(checkoutCompleted({ userId: users.data[0]!._id }).event);
  const delivered = await request.post(WEBHOOK_PATH, {
    headers: { 'content-type': 'application/json', 'stripe-signature': payment.signature },
    data: payment.body,
  });
  expect(delivered.status()).toBe(200);
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page).toHaveURL(/\/course\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
});
