// Each Playwright worker gets a real server (the built dist/server/main.js) on a free port, with a
// fresh DATA_DIR, a first admin, and a real SMTP catcher receiving its mail.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { SmtpCatcher } from '../support/smtp-catcher';

export interface Site {
  url: string;
  smtp: SmtpCatcher;
  admin: { name: string; email: string; password: string };
  /** Server output, shown when a test fails. */
  output: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output.join('')}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${output.join('')}`);
}

export const test = base.extend<object, { site: Site }>({
  site: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use) => {
      const smtp = new SmtpCatcher();
      const smtpUrl = await smtp.start();
      const dataDir = mkdtempSync(path.join(tmpdir(), 'qc-e2e-'));
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const admin = { name: 'Ada Admin', email: 'admin@example.com', password: 'admin password' };
      const output: string[] = [];
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          APP_URL: url,
          SMTP_URL: smtpUrl,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          ADMIN_NAME: admin.name,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      try {
        await waitForHealth(url, child, output);
        await use({ url, smtp, admin, output });
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
        await smtp.stop();
        rmSync(dataDir, { recursive: true, force: true });
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
/** An email no other test in this worker uses. */
export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${process.pid}-${Date.now()}-${++counter}@example.com`;
}
