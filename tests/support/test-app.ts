// Builds a real app for a test: a copy of the migrated template database in a fresh temp
// DATA_DIR, real argon2, optionally a real SMTP catcher, and the log lines kept for inspection.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app';
import { parseConfig, type AppConfig } from '../../server/config';
import { SmtpCatcher } from './smtp-catcher';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long';
export const TEST_APP_URL = 'http://site.test';

export class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  get text() {
    return this.lines.join('\n');
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  logs: LogCapture;
  smtp: SmtpCatcher | undefined;
  close(): Promise<void>;
}

export async function createTestApp(options: { env?: Record<string, string>; smtp?: boolean; build?: BuildOptions } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qc-test-'));
  copyFileSync(inject('templateDb'), path.join(dataDir, 'app.db'));
  const smtp = options.smtp ? new SmtpCatcher() : undefined;
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const config = parseConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'info',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    ...options.env,
  });
  const logs = new LogCapture();
  const app = await buildApp(config, { clientDir: undefined, logStream: logs, ...options.build });
  return {
    app,
    config,
    dataDir,
    logs,
    smtp,
    async close() {
      await app.close();
      await smtp?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POSTs/PUTs JSON through the REST façade and returns status, headers and parsed body. */
export async function callJson(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token?: string) {
  const response = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() as Record<string, unknown>, raw: response.body };
}
