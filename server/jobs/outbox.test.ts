// The outbox's promises (CONTRACT §9 "sent once"; decision 052) on the test's database, SQLite or
// PostgreSQL, with real SMTP servers on loopback: two senders and one key send one mail; a process
// killed after its cause's commit loses none; the daily cap holds and defers the rest to the next
// day; a refused delivery is tried again, then marked failed with SMTP's words.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { seedUsers } from '../../tests/support/seed-users';
import { SmtpCatcher } from '../../tests/support/smtp-catcher';
import { createTestApp, LogCapture, TEST_APP_URL, TEST_JWT_SECRET, type TestApp } from '../../tests/support/test-app';
import { dialect, openAppDatabase } from '../../tests/support/test-database';
import type { SiteDatabase } from '../db/client';
import { jobs, mailOutbox } from '../db/schema';
import { transaction } from '../db/transaction';
import { MemoryEventBus } from '../events/memory-event-bus';
import { createMailer, type Mailer } from '../lib/mailer';
import { findMailRecipient } from '../users/data';
import { JobQueue } from './job-queue';
import { enqueueJob } from './jobs-data';
import { enqueueMail, nextUtcDayStart, OUTBOX_JOB, OUTBOX_TRIES, type OutboxMail } from './outbox-data';
import { outboxSendJob } from './outbox-job';
import { UnsubscribeLinks } from './unsubscribe-links';

let t: TestApp;
let one: SiteDatabase;
let two: SiteDatabase;
const catcher = new SmtpCatcher();
let smtpUrl: string;
const logs = new LogCapture();
const log = pino({ level: 'info' }, logs);
const queues: JobQueue[] = [];
const mailers: Mailer[] = [];
let memberIds: string[];

beforeAll(async () => {
  // The app's own queue looks for jobs once an hour: this file's queues run the mails.
  t = await createTestApp({ build: { jobs: { pollMs: 3_600_000 } } });
  one = await openAppDatabase(t.config);
  two = await openAppDatabase(t.config);
  smtpUrl = await catcher.start();
  memberIds = await seedUsers(
    one,
    Array.from({ length: 6 }, (_, i) => ({
      name: `Member ${i}`,
      email: `member${i}@example.com`,
      role: 'user' as const,
      membershipTier: 'paid' as const,
      status: 'active' as const,
    })),
  );
});

afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  for (const mailer of mailers.splice(0)) mailer.close();
});

afterAll(async () => {
  await catcher.stop();
  await one?.close();
  await two?.close();
  await t?.close();
});

const links = new UnsubscribeLinks(TEST_JWT_SECRET, TEST_APP_URL);

/** A process's sender: its own queue on its own connection, sending through `url`. */
async function sender(database: SiteDatabase, options: { url?: string; mailsPerDay?: number; clock?: () => number; backoffMs?: () => number } = {}) {
  const mailer = createMailer({ smtpUrl: options.url ?? smtpUrl, from: 'site@example.com', log });
  mailers.push(mailer);
  const queue = new JobQueue({
    db: database.db,
    events: new MemoryEventBus(),
    log,
    leaseMs: 2000,
    pollMs: 25,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  queues.push(queue);
  queue.register(
    outboxSendJob(
      {
        db: database.db,
        mailer,
        links,
        appUrl: TEST_APP_URL,
        mailsPerDay: options.mailsPerDay ?? 5,
        findRecipient: findMailRecipient,
        ...(options.clock ? { clock: options.clock } : {}),
      },
      { ...(options.backoffMs ? { backoffMs: options.backoffMs } : {}) },
    ),
  );
  await queue.start();
  return queue;
}

let keys = 0;
const mailFor = (userId: string, subject = 'A reply to your comment'): OutboxMail => ({
  key: `test:${++keys}`,
  userId,
  kind: 'comment.reply',
  subject,
  paragraphs: ['Someone replied.'],
});
const write = (database: SiteDatabase, mail: OutboxMail) => transaction(database.db, (tx) => enqueueMail(tx, mail));

async function rowOf(key: string) {
  const [row] = await one.db.select().from(mailOutbox).where(eq(mailOutbox.key, key));
  return row;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The mails caught for member `i` (the subject is encoded in the headers: the address is plain). */
const caughtFor = (i: number) => catcher.mails.filter((mail) => mail.to.includes(`member${i}@example.com`));

it('sends one mail for one key, whoever writes it and however many senders run it', async () => {
  await sender(one);
  await sender(two);
  const mail = mailFor(memberIds[0]!, 'Two writers, one key');
  // Two processes write the same key (two replies in the same hour): one row, one job. At once on
  // PostgreSQL; SQLite's two connections in one process would wait on each other's lock, so in turn.
  const written = dialect === 'postgres' ? await Promise.all([write(one, mail), write(two, mail)]) : [await write(one, mail), await write(two, mail)];
  expect(written.filter(Boolean)).toHaveLength(1);
  // And a second job for the same mail (as if queued twice): both senders run a try of it at once.
  await enqueueJob(two.db, { type: OUTBOX_JOB, key: `extra:${mail.key}`, payload: { key: mail.key }, maxAttempts: OUTBOX_TRIES });
  await until(
    () => rowOf(mail.key),
    (row) => row?.state === 'sent',
  );
  await until(
    () =>
      one.db
        .select()
        .from(jobs)
        .where(eq(jobs.key, `extra:${mail.key}`)),
    ([job]) => job?.state === 'done',
  );
  expect(caughtFor(0)).toHaveLength(1);
  expect(await rowOf(mail.key)).toMatchObject({ state: 'sent', attempts: 1 });
});

it('sends nothing for a cause that rolled back', async () => {
  await sender(one);
  const mail = mailFor(memberIds[0]!, 'Rolled back');
  await expect(
    transaction(one.db, async (tx) => {
      await enqueueMail(tx, mail);
      throw new Error('the cause failed');
    }),
  ).rejects.toThrow('the cause failed');
  expect(await rowOf(mail.key)).toBeUndefined();
  expect(
    await one.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `mail:${mail.key}`)),
  ).toEqual([]);
});

it('sends the mail of a process killed (kill -9) after its cause committed, once a process runs again', async () => {
  const key = `killed:${++keys}`;
  const child = startCauseProcess(memberIds[1]!, key);
  await child.committed;
  child.process.kill('SIGKILL');
  await once(child.process, 'exit');
  expect(await rowOf(key)).toMatchObject({ state: 'pending', attempts: 0 });
  expect(caughtFor(1)).toHaveLength(0);

  // The restart.
  await sender(two);
  await until(
    () => rowOf(key),
    (row) => row?.state === 'sent',
  );
  expect(caughtFor(1)).toHaveLength(1);
});

it('holds COURSE_MAILS_PER_DAY per member, with two senders at once, and sends the rest from the next day', async () => {
  let now = Date.UTC(2031, 4, 6, 15);
  const clock = () => now;
  await sender(one, { mailsPerDay: 2, clock });
  await sender(two, { mailsPerDay: 2, clock });
  const mails = Array.from({ length: 5 }, (_, i) => mailFor(memberIds[2]!, `Capped ${i}`));
  for (const mail of mails) await write(one, mail);
  await until(
    () => Promise.all(mails.map((mail) => rowOf(mail.key))),
    (rows) => rows.filter((row) => row?.state === 'sent').length === 2 && rows.every((row) => row?.state !== 'sending'),
  );
  // The three others wait, their jobs due at the next day's first moment.
  await until(
    () => one.db.select().from(jobs).where(eq(jobs.type, OUTBOX_JOB)),
    (rows) => rows.filter((job) => job.state === 'queued' && job.runAfter === nextUtcDayStart(now)).length === 3,
  );
  expect(caughtFor(2)).toHaveLength(2);

  now = nextUtcDayStart(now) + 1000;
  // A new day (the queue's next look finds them due).
  await until(
    () => Promise.all(mails.map((mail) => rowOf(mail.key))),
    (rows) => rows.filter((row) => row?.state === 'sent').length === 4,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(caughtFor(2)).toHaveLength(4);
  expect((await Promise.all(mails.map((mail) => rowOf(mail.key)))).filter((row) => row?.state === 'pending')).toHaveLength(1);
});

it('tries a refused delivery again with backoff, then marks it failed with the last error', async () => {
  const refusing = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) => callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })),
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = refusing.server.address() as AddressInfo;
    const waits: number[] = [];
    await sender(one, { url: `smtp://127.0.0.1:${port}`, backoffMs: () => (waits.push(1), 10) });
    const mail = mailFor(memberIds[3]!, 'Refused');
    await write(one, mail);
    const row = await until(
      () => rowOf(mail.key),
      (row) => row?.state === 'failed',
      20_000,
    );
    expect(row).toMatchObject({ state: 'failed', attempts: OUTBOX_TRIES });
    expect(row!.lastError).toMatch(/550.*Mailbox unavailable/);
    expect(waits).toHaveLength(OUTBOX_TRIES - 1);
  } finally {
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  }
});

it('skips the mail of a suspended member at the send, and of one who turned replies off', async () => {
  await sender(one);
  const { saveMailSettings } = await import('./mail-preferences');
  const { users } = await import('../db/schema');
  await one.db.update(users).set({ status: 'suspended' }).where(eq(users.id, memberIds[4]!));
  await saveMailSettings(one.db, memberIds[5]!, { replies: false });
  const suspended = mailFor(memberIds[4]!, 'To a suspended member');
  const unsubscribed = mailFor(memberIds[5]!, 'To an unsubscribed member');
  await write(one, suspended);
  await write(one, unsubscribed);
  expect(
    await until(
      () => rowOf(suspended.key),
      (row) => row?.state === 'skipped',
    ),
  ).toMatchObject({ lastError: 'The member is suspended.' });
  expect(
    await until(
      () => rowOf(unsubscribed.key),
      (row) => row?.state === 'skipped',
    ),
  ).toMatchObject({
    lastError: 'The member turned off mails about replies to your comments.',
  });
  expect([...caughtFor(4), ...caughtFor(5)]).toEqual([]);
});

const tsx = createRequire(import.meta.url).resolve('tsx');
const causeProcess = fileURLToPath(new URL('../../tests/support/outbox-cause-process.ts', import.meta.url));

function startCauseProcess(userId: string, key: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...t.databaseEnv };
  if (dialect === 'sqlite') delete env.DATABASE_URL;
  const file = t.config.database.dialect === 'sqlite' ? t.config.database.file : '';
  const child = spawn(process.execPath, ['--import', tsx, causeProcess, file, userId, key], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const committed = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (chunk.includes('committed')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the cause process exited (${code}) before its commit: ${errors}`)));
  });
  return { process: child, committed };
}
