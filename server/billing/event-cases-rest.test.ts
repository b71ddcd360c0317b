// CONTRACT §6 where the security read of issue 33 found the webhook wanting: the email fallback
// matches only a verified address (finding 6), a delayed payment method's success upgrades as a
// paid checkout would (finding 7), and a full refund that Stripe delivers before its checkout is
// kept, so that checkout upgrades nobody (finding 5). Real database, real SMTP, events signed by
// the stripe package's own helper (tests/support/stripe-events.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { closeAdminApp, startAdminApp, type AdminApp } from '../../tests/support/admin-app';
import { asyncPaymentSucceeded, chargeRefunded, checkoutCompleted, PAYMENTS_ENV, signed, WEBHOOK_PATH } from '../../tests/support/stripe-events';
import { callJson, TEST_APP_URL } from '../../tests/support/test-app';

let site: AdminApp;
afterEach(() => closeAdminApp(site));

async function start(env: Record<string, string> = PAYMENTS_ENV) {
  site = await startAdminApp({ env, smtp: true });
}

/** Signs up through the routes and, unless told not to, proves the mailbox with the mailed link. */
async function signUp(email: string, { verify = true } = {}) {
  const res = await callJson(site.t.app, 'POST', '/api/auth/register', { name: 'Payer', email, password: 'payer password' });
  expect(res.status, res.raw).toBe(201);
  const mail = await site.t.smtp!.waitForMail(email);
  if (verify) {
    const link = new RegExp(`${TEST_APP_URL}/verify-email/([\\w-]+)`).exec(mail.body)![1]!;
    expect((await callJson(site.t.app, 'POST', '/api/auth/verify-email', { token: link })).status).toBe(200);
  }
  const id = (JSON.parse(Buffer.from((res.body.token as string).split('.')[1]!, 'base64url').toString()) as { user: { id: string } }).user.id;
  return { id, email, mailsBefore: site.t.smtp!.mails.length };
}

async function deliver(payload: unknown) {
  const { body, signature } = signed(payload);
  const res = await site.t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
  expect([res.statusCode, res.json()]).toEqual([200, { received: true }]);
}

async function tierOf(email: string) {
  const res = await callJson(site.t.app, 'GET', `/api/admin/users?search=${encodeURIComponent(email)}`, undefined, site.adminToken);
  return (res.body.data as Array<{ email: string; membershipTier: string }>).find((user) => user.email === email)!.membershipTier;
}

async function auditOf(action: string) {
  const res = await callJson(site.t.app, 'GET', `/api/admin/audit?action=${action}`, undefined, site.adminToken);
  return res.body.data as Array<{ target: { id: string }; summary: string }>;
}

describe('the email fallback', () => {
  it('matches only a verified address: a squatter on the payer’s address is not upgraded by the payer’s bare-link payment', async () => {
    await start();
    const squatter = await signUp('owner@example.com', { verify: false });
    await deliver(checkoutCompleted({ userId: null, email: 'owner@example.com' }).event);
    expect(await tierOf(squatter.email)).toBe('free');
    expect(await auditOf('billing.upgrade')).toEqual([]);

    const verified = await signUp('verified@example.com');
    await deliver(checkoutCompleted({ userId: null, email: 'Verified@example.com' }).event);
    expect(await tierOf(verified.email)).toBe('paid');
  });
});

describe('a delayed payment method', () => {
  it('changes nothing while its checkout is unpaid, then upgrades once at checkout.session.async_payment_succeeded, with the entry and the welcome mail', async () => {
    await start();
    const debit = await signUp('debit@example.com');
    const { event: completed, session } = checkoutCompleted({ userId: debit.id, paymentStatus: 'unpaid' });
    await deliver(completed);
    expect(await tierOf(debit.email)).toBe('free');
    expect(await auditOf('billing.upgrade')).toEqual([]);

    const succeeded = asyncPaymentSucceeded(completed);
    await deliver(succeeded);
    expect(await tierOf(debit.email)).toBe('paid');
    const mail = await site.t.smtp!.waitForMail(debit.email, { after: debit.mailsBefore });
    expect(mail.body).toContain(`${TEST_APP_URL}/dashboard`);
    // At most once: the same event again, or a second success of the same session, upgrades and mails no more.
    await deliver(succeeded);
    await deliver(asyncPaymentSucceeded(completed));
    const entries = await auditOf('billing.upgrade');
    expect(entries.map((entry) => entry.target.id)).toEqual([debit.id, debit.id]);
    expect(entries.filter((entry) => entry.summary.includes(succeeded.id))).toHaveLength(1);
    expect(entries.every((entry) => entry.summary.includes(session.id))).toBe(true);
    expect(site.t.smtp!.mails.slice(debit.mailsBefore).filter((m) => m.to.includes(debit.email))).toHaveLength(1);
  });
});

describe('a full refund delivered before its checkout', () => {
  it('is kept, and that checkout then upgrades nobody and mails nothing; the trail says why', async () => {
    await start();
    const early = await signUp('early@example.com');
    const { event: completed, session } = checkoutCompleted({ userId: early.id });
    const refund = chargeRefunded(session.paymentIntent);
    await deliver(refund);
    await deliver(completed);
    expect(await tierOf(early.email)).toBe('free');
    expect(await auditOf('billing.upgrade')).toEqual([]);
    const [entry, ...more] = await auditOf('billing.refund');
    expect(more).toEqual([]);
    expect(entry!.target.id).toBe(early.id);
    for (const id of [session.id, session.paymentIntent, (refund.data.object as { id: string }).id]) expect(entry!.summary).toContain(id);
    expect(entry!.summary).not.toMatch(/\b4242\b|visa|\b2030\b/i);
    // The same payment's delayed success, or the same checkout again, upgrades nobody either.
    await deliver(asyncPaymentSucceeded(completed));
    expect(await tierOf(early.email)).toBe('free');
    expect(site.t.smtp!.mails.slice(early.mailsBefore).filter((m) => m.to.includes(early.email))).toEqual([]);
    // A partial refund first is no refund of the payment: its checkout upgrades.
    const partly = await signUp('partly@example.com');
    const second = checkoutCompleted({ userId: partly.id });
    await deliver(chargeRefunded(second.session.paymentIntent, 4000));
    await deliver(second.event);
    expect(await tierOf(partly.email)).toBe('paid');
  });

  it('leaves the member an Architect, as a later refund would, when STRIPE_REFUNDS_DOWNGRADE is false', async () => {
    await start({ ...PAYMENTS_ENV, STRIPE_REFUNDS_DOWNGRADE: 'false' });
    const kept = await signUp('kept@example.com');
    const { event: completed, session } = checkoutCompleted({ userId: kept.id });
    await deliver(chargeRefunded(session.paymentIntent));
    await deliver(completed);
    expect(await tierOf(kept.email)).toBe('paid');
    expect((await auditOf('billing.refund'))[0]!.summary).toContain('refunds do not downgrade');
  });
});
