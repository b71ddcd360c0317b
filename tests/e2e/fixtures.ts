// Each Playwright worker gets a real server (the built dist/server/main.js) on a free port, with a
// fresh DATA_DIR, a first admin, and a real SMTP catcher receiving its mail.
import { test as base, expect } from '@playwright/test';
import { startServer } from '../../scripts/server-process';
import { SmtpCatcher } from '../support/smtp-catcher';

export interface Site {
  url: string;
  smtp: SmtpCatcher;
  admin: { name: string; email: string; password: string };
  /** Server output, shown when a test fails. */
  output: string[];
}

/** A worker's site: its own server and SMTP catcher; `env` adds to the environment every site has. */
export async function startSite(env: Record<string, string> = {}): Promise<Site & { stop(): Promise<void> }> {
  const smtp = new SmtpCatcher();
  const smtpUrl = await smtp.start();
  const admin = { name: 'Ada Admin', email: 'admin@example.com', password: 'admin password' };
  const output: string[] = [];
  const server = await startServer({
    env: {
      SMTP_URL: smtpUrl,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_NAME: admin.name,
      // Every test of a worker signs up and in from 127.0.0.1: the per-address limits are
      // raised (never removed) to fit a whole run.
      REGISTRATIONS_PER_HOUR: '1000',
      LOGINS_PER_MINUTE: '1000',
      FORGOT_PER_HOUR: '1000',
      VERIFICATION_MAILS_PER_HOUR: '1000',
      EMAIL_CHANGES_PER_HOUR: '1000',
      ...env,
    },
    onOutput: (text) => output.push(text),
  }).catch(async (error: unknown) => {
    await smtp.stop();
    throw error;
  });
  return {
    url: server.url,
    smtp,
    admin,
    output,
    async stop() {
      await server.stop();
      await smtp.stop();
    },
  };
}

export const test = base.extend<object, { site: Site }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const site = await startSite();
      try {
        await use(site);
      } finally {
        await site.stop();
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ site }, use) => {
    await use(site.url);
  },
});

test.afterEach(async ({ site }, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('server output', { body: site.output.join('') });
});

export { expect };

let counter = 0;
/** A name no other test on this worker's server uses (emails, file and playlist names). */
export function uniqueStem(stem: string): string {
  return `${stem}-${process.pid}-${Date.now().toString(36)}-${++counter}`;
}

export const uniqueEmail = (prefix = 'member') => `${uniqueStem(prefix)}@example.com`;
