// CONTRACT §6 "Becoming an Architect" from outside, on a real database (SQLite, and PostgreSQL in
// the postgres project): the checkout call, and Stripe's webhook with events signed by the stripe
// package's own helper: the signature's refusals, each event applied once (twice at once too), the
// upgrade with its welcome mail and audit entry, the refund with and without a downgrade, and the
// events the site does not act on.
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { formatBytes } from '../../shared/media';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { chargeRefunded, checkoutCompleted, PAYMENTS_ENV, signed, TEST_PAYMENT_LINK, WEBHOOK_PATH } from '../../tests/support/stripe-events';
import { callJson, TEST_APP_URL } from '../../tests/support/test-app';
import { SITE_NAME } from '../../shared/constants';
import { SIGNATURE_REFUSALS } from './stripe-signature';
import { WEBHOOK_BODY_LIMIT_BYTES } from './webhook-route';

let site: AdminApp | undefined;
afterEach(async () => {
  if (site) await closeAdminApp(site);
  site = undefined;
});

async function start(env: Record<string, string> = PAYMENTS_ENV) {
  site = await startAdminApp({ env, smtp: true });
  return site;
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token = site!.adminToken) => callJson(site!.t.app, method, url, body, token);

interface User {
  _id: string;
  email: string;
  membershipTier: string;
  paidSince: string | null;
  paidVia: string | null;
  checkoutSessionId: string | null;
}

let members = 0;
/** A member signed up through the routes: their token and id, once the sign-up's own mail (the address's verification) is in. */
async function member(email = `member${++members}@example.com`) {
  const res = await api('POST', '/api/auth/register', { name: 'Mia <Member>', email, password: 'member password' }, '');
  expect(res.status, res.raw).toBe(201);
  const user = await userByEmail(email);
  await site!.t.smtp!.waitForMail(user.email);
  return { token: res.body.token as string, id: user._id, email, mailsBefore: site!.t.smtp!.mails.length };
}

/** The mails to the member since they signed up: what billing sent them. */
const billingMails = (member: { email: string; mailsBefore: number }) =>
  site!.t.smtp!.mails.slice(member.mailsBefore).filter((mail) => mail.to.includes(member.email));

/** The member as their own session reads them (tRPC's auth.me, what the dashboard asks). */
async function me(token: string) {
  const res = await site!.t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, user: (res.json() as { result?: { data: User } }).result?.data };
}

async function userByEmail(email: string): Promise<User> {
  const res = await api('GET', `/api/admin/users?search=${encodeURIComponent(email)}`);
  return (res.body.data as User[]).find((user) => user.email === email.toLowerCase())!;
}

function deliver(payload: unknown, options: { secret?: string; timestamp?: number; signature?: string | null; body?: string; contentType?: string } = {}) {
  const made = signed(payload, options);
  const signature = options.signature === undefined ? made.signature : options.signature;
  return site!.t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': options.contentType ?? 'application/json', ...(signature !== null && { 'stripe-signature': signature }) },
    payload: options.body ?? made.body,
  });
}

async function auditOf(action: string) {
  const res = await api('GET', `/api/admin/audit?action=${action}`);
  return res.body.data as Array<{ actor: { id: string | null }; target: { type: string; id: string }; summary: string }>;
}

describe('the checkout call', () => {
  it('sends a member to the Payment Link with their id and email', async () => {
    await start();
    const mia = await member('Mia.Checkout@example.com');
    const res = await api('POST', '/api/billing/checkout', undefined, mia.token);
    expect(res.status, res.raw).toBe(200);
    const url = new URL(res.body.url as string);
    expect(url.origin + url.pathname).toBe(TEST_PAYMENT_LINK);
    expect(url.searchParams.get('client_reference_id')).toBe(mia.id);
    expect(url.searchParams.get('prefilled_email')).toBe('mia.checkout@example.com');
  });

  it('refuses visitors, Architects, and every member while payments are not set up', async () => {
    await start();
    expect((await api('POST', '/api/billing/checkout', undefined, '')).status).toBe(401);
    const mia = await member();
    await api('PUT', `/api/admin/users/${mia.id}`, { membershipTier: 'paid' });
    const paid = await api('POST', '/api/billing/checkout', undefined, mia.token);
    expect([paid.status, paid.body]).toEqual([409, { message: 'You are already an Architect' }]);
    await closeAdminApp(site!);

    await start({});
    const other = await member();
    const off = await api('POST', '/api/billing/checkout', undefined, other.token);
    expect([off.status, off.body]).toEqual([404, { message: 'Payments are not set up' }]);
    const webhook = await deliver(checkoutCompleted({ userId: other.id }).event);
    expect([webhook.statusCode, webhook.json()]).toEqual([404, { message: 'Payments are not set up' }]);
    expect((await userByEmail(other.email)).membershipTier).toBe('free');
  });
});

describe('the webhook signature', () => {
  it('refuses a missing header, a wrong secret, a stale timestamp and a body changed after signing, and nothing happens', async () => {
    await start();
    const mia = await member();
    const { event } = checkoutCompleted({ userId: mia.id });
    const made = signed(event);
    const refusals = [
      [await deliver(event, { signature: null }), SIGNATURE_REFUSALS.missing],
      [await deliver(event, { secret: 'whsec_someone_elses_secret' }), SIGNATURE_REFUSALS.mismatch],
      [await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }), SIGNATURE_REFUSALS.stale],
      [await deliver(event, { signature: made.signature, body: made.body.replace(mia.id, 'someone-else') }), SIGNATURE_REFUSALS.mismatch],
      [await deliver(event, { signature: 't=1,v1=00' }), SIGNATURE_REFUSALS.mismatch],
    ] as const;
    for (const [res, message] of refusals) expect([res.statusCode, res.json()], message).toEqual([400, { message }]);
    expect((await userByEmail(mia.email)).membershipTier).toBe('free');
    expect(await auditOf('billing.upgrade')).toEqual([]);
    // None of them was kept as seen: the genuine delivery still applies.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await userByEmail(mia.email)).membershipTier).toBe('paid');
  });

  it('answers a replayed event 200 and changes nothing the second time', async () => {
    await start();
    const mia = await member();
    const { event } = checkoutCompleted({ userId: mia.id });
    const request = signed(event);
    const first = await deliver(event, { signature: request.signature, body: request.body });
    const paidSince = (await userByEmail(mia.email)).paidSince;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replay = await deliver(event, { signature: request.signature, body: request.body });
    expect([first.statusCode, first.json(), replay.statusCode, replay.json()]).toEqual([200, { received: true }, 200, { received: true }]);
    expect((await userByEmail(mia.email)).paidSince).toBe(paidSince);
    expect(await auditOf('billing.upgrade')).toHaveLength(1);
    expect(billingMails(mia)).toHaveLength(1);
  });

  it('takes JSON only, and no more than its own cap, refused from the headers', async () => {
    await start();
    const mia = await member();
    const { event } = checkoutCompleted({ userId: mia.id });
    const text = await deliver(event, { contentType: 'text/plain' });
    expect(text.statusCode).toBe(415);
    const huge = { ...event, padding: 'x'.repeat(WEBHOOK_BODY_LIMIT_BYTES) };
    const tooLarge = await deliver(huge);
    expect([tooLarge.statusCode, tooLarge.json()]).toEqual([413, { message: `Request body too large (at most ${formatBytes(WEBHOOK_BODY_LIMIT_BYTES)})` }]);
    // Sent in chunks with no length to refuse it by: stopped as it streams past the cap.
    const body = JSON.stringify(huge);
    const chunked = await site!.t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed(huge).signature },
      payload: Readable.from([body.slice(0, 1000), body.slice(1000)]),
    });
    expect(chunked.statusCode).toBe(413);
    expect((await userByEmail(mia.email)).membershipTier).toBe('free');
  });
});

describe('checkout.session.completed', () => {
  it('makes the member an Architect since now, keeps their session, mails them and records Stripe’s ids', async () => {
    await start();
    const mia = await member();
    const before = Date.now();
    const { event, session } = checkoutCompleted({ userId: mia.id });
    const res = await deliver(event);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);

    const user = await userByEmail(mia.email);
    expect(user).toMatchObject({ membershipTier: 'paid', paidVia: 'stripe', checkoutSessionId: session.id });
    expect(Date.parse(user.paidSince!)).toBeGreaterThanOrEqual(before);
    // The member's own token keeps working, and its next call sees the new tier.
    const own = await me(mia.token);
    expect(own.status).toBe(200);
    expect(own.user).toMatchObject({ membershipTier: 'paid', paidSince: user.paidSince, paidVia: 'stripe' });
    expect((await api('POST', '/api/billing/checkout', undefined, mia.token)).status).toBe(409);
    const stats = await api('GET', '/api/admin/stats');
    expect(stats.body.data).toMatchObject({ paidMembers: 1, freeMembers: 1 });

    const mail = await site!.t.smtp!.waitForMail(mia.email, { after: mia.mailsBefore });
    expect(mail.body).toContain('Content-Type: text/plain');
    expect(mail.body).toContain(SITE_NAME);
    expect(mail.body).toContain('http://site.test/dashboard');
    // The member's name is theirs to choose: text in the HTML part, never markup.
    expect(mail.body).toContain('<p>Dear Mia &#60;Member&#62;,</p>');

    const [entry, ...more] = await auditOf('billing.upgrade');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ actor: { id: null }, target: { type: 'user', id: mia.id } });
    expect(entry!.summary).toContain(session.id);
    expect(entry!.summary).toContain(session.paymentIntent);
    expect(entry!.summary).toContain(event.id);
  });

  it('is applied once when Stripe delivers the same event several times at once', async () => {
    await start();
    const mia = await member();
    const { event } = checkoutCompleted({ userId: mia.id });
    const request = signed(event);
    const answers = await Promise.all(Array.from({ length: 4 }, () => deliver(event, { signature: request.signature, body: request.body })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await auditOf('billing.upgrade')).toHaveLength(1);
    await site!.t.smtp!.waitForMail(mia.email, { after: mia.mailsBefore });
    expect(billingMails(mia)).toHaveLength(1);
  });

  it('finds the member by the customer email, once verified, when the session has no client_reference_id', async () => {
    await start();
    const mia = await member('found.by.email@example.com');
    // The fallback matches a verified address only (event-cases-rest.test.ts has the unverified one).
    const link = new RegExp(`${TEST_APP_URL}/verify-email/([\\w-]+)`).exec(site!.t.smtp!.mails.filter((mail) => mail.to.includes(mia.email)).at(-1)!.body)![1]!;
    expect((await api('POST', '/api/auth/verify-email', { token: link }, '')).status).toBe(200);
    const res = await deliver(checkoutCompleted({ userId: null, email: 'Found.By.Email@example.com' }).event);
    expect(res.statusCode).toBe(200);
    expect((await userByEmail(mia.email)).membershipTier).toBe('paid');
  });

  it('answers 200 and changes nothing for an unknown member, an unpaid session or a type it does not act on', async () => {
    await start();
    const mia = await member();
    const unknown = await deliver(checkoutCompleted({ userId: 'no-such-user', email: 'stranger@example.com' }).event);
    const unpaid = await deliver(checkoutCompleted({ userId: mia.id, paymentStatus: 'unpaid' }).event);
    const otherType = await deliver({ id: 'evt_test_other', type: 'customer.created', data: { object: { id: 'cus_1', email: mia.email } } });
    const oddObject = await deliver({ id: 'evt_test_odd', type: 'checkout.session.completed', data: { object: { nothing: true } } });
    // Text PostgreSQL cannot hold (U+0000), even signed, reaches no query: read as absent.
    const nul = await deliver(checkoutCompleted({ userId: `${mia.id}\u0000`, email: `${mia.email}\u0000` }).event);
    for (const res of [unknown, unpaid, otherType, oddObject, nul]) expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
    const badId = await deliver({ id: 'evt_\u0000', type: 'checkout.session.completed', data: { object: {} } });
    expect([badId.statusCode, badId.json()]).toEqual([400, { message: SIGNATURE_REFUSALS.notAnEvent }]);
    expect((await userByEmail(mia.email)).membershipTier).toBe('free');
    expect(await auditOf('billing.upgrade')).toEqual([]);
    expect(site!.t.logs.text).toContain('no member has its client_reference_id or its email');
  });

  it('keeps an Architect made by hand as they were, shown as by hand', async () => {
    await start();
    const mia = await member();
    await api('PUT', `/api/admin/users/${mia.id}`, { membershipTier: 'paid' });
    const byHand = await userByEmail(mia.email);
    expect(byHand).toMatchObject({ membershipTier: 'paid', paidVia: 'hand', checkoutSessionId: null });
    await deliver(checkoutCompleted({ userId: mia.id }).event);
    expect(await userByEmail(mia.email)).toMatchObject({ paidSince: byHand.paidSince, paidVia: 'hand' });
    expect((await auditOf('billing.upgrade'))[0]!.summary).toContain('already an Architect');
  });
});

describe('charge.refunded', () => {
  async function paidThroughStripe() {
    const mia = await member();
    const { event, session } = checkoutCompleted({ userId: mia.id });
    expect((await deliver(event)).statusCode).toBe(200);
    return { mia, session };
  }

  it('makes the member an Explorer again after a full refund, and records it with Stripe’s ids and no card detail', async () => {
    await start();
    const { mia, session } = await paidThroughStripe();
    expect((await deliver(chargeRefunded(session.paymentIntent, 4000))).statusCode).toBe(200);
    expect((await userByEmail(mia.email)).membershipTier).toBe('paid');

    const refund = chargeRefunded(session.paymentIntent);
    expect((await deliver(refund)).statusCode).toBe(200);
    expect(await userByEmail(mia.email)).toMatchObject({ membershipTier: 'free', paidSince: null, paidVia: null, checkoutSessionId: null });
    expect((await me(mia.token)).user).toMatchObject({ membershipTier: 'free' });
    const [entry] = await auditOf('billing.refund');
    expect(entry).toMatchObject({ target: { type: 'user', id: mia.id } });
    expect(entry!.summary).toContain((refund.data.object as { id: string }).id);
    expect(entry!.summary).toContain(session.id);
    expect(entry!.summary).not.toMatch(/\b4242\b|visa|\b2030\b/i);
  });

  it('keeps the member an Architect when STRIPE_REFUNDS_DOWNGRADE is false, and says so in the audit trail', async () => {
    await start({ ...PAYMENTS_ENV, STRIPE_REFUNDS_DOWNGRADE: 'false' });
    const { mia, session } = await paidThroughStripe();
    expect((await deliver(chargeRefunded(session.paymentIntent))).statusCode).toBe(200);
    expect((await userByEmail(mia.email)).membershipTier).toBe('paid');
    expect((await auditOf('billing.refund'))[0]!.summary).toContain('refunds do not downgrade');
  });

  it('answers 200 and changes nothing for a refund of a payment the site never recorded', async () => {
    await start();
    const { mia } = await paidThroughStripe();
    expect((await deliver(chargeRefunded('pi_test_unknown'))).statusCode).toBe(200);
    expect((await userByEmail(mia.email)).membershipTier).toBe('paid');
    expect(await auditOf('billing.refund')).toEqual([]);
  });
});
