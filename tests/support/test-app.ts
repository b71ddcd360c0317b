// Builds a real app for a test: a copy of the migrated template database in a fresh temp
// DATA_DIR, real argon2, optionally a real SMTP catcher, and the log lines kept for inspection.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../server/app';
import { parseConfig, type AppConfig } from '../../server/config';
import { dialect } from '../../server/db/dialect';
import { SmtpCatcher } from './smtp-catcher';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-bytes-long';
export const TEST_TWO_FACTOR_KEY = 'test-two-factor-key-of-at-least-32-bytes';
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
  /** The environment that points a config at this app's database (empty on SQLite: DATA_DIR does). */
  databaseEnv: Record<string, string>;
  logs: LogCapture;
  smtp: SmtpCatcher | undefined;
  close(): Promise<void>;
}

/** Runs one statement on the throwaway PostgreSQL's maintenance database. */
async function onPostgresServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${inject('postgres').server}/postgres` });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh copy of the migrated template database: on SQLite a file in `dataDir`, on PostgreSQL
 * (the postgres project) a database of its own; the environment that points the app at it, and
 * what removes it.
 */
async function freshDatabase(dataDir: string): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  if (dialect === 'sqlite') {
    copyFileSync(inject('templateDb'), path.join(dataDir, 'app.db'));
    return { env: {}, remove: () => Promise.resolve() };
  }
  const name = `test_${path.basename(dataDir).replace(/\W/g, '_').toLowerCase()}`;
  await onPostgresServer(`create database "${name}" template "${inject('postgres').template}"`);
  return {
    env: { DATABASE_URL: `${inject('postgres').server}/${name}` },
    remove: () => onPostgresServer(`drop database "${name}" with (force)`),
  };
}

/**
 * The site built over an SQLite data folder a test made itself (an older install's), as an operator
 * starts it on an upgrade: the test keys, and a first admin from the environment. Closed by the test.
 */
export function buildSiteOver(dataDir: string): Promise<FastifyInstance> {
  const config = parseConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'root@example.com',
    ADMIN_PASSWORD: 'root password',
  });
  return buildApp(config, { clientDir: undefined });
}

export async function createTestApp(options: { env?: Record<string, string>; smtp?: boolean; build?: BuildOptions } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qc-test-'));
  const database = await freshDatabase(dataDir);
  const smtp = options.smtp ? new SmtpCatcher() : undefined;
  const smtpUrl = smtp ? await smtp.start() : undefined;
  const config = parseConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    TWO_FACTOR_KEY: TEST_TWO_FACTOR_KEY,
    APP_URL: TEST_APP_URL,
    LOG_LEVEL: 'info',
    // An uploaded video is not transcoded in the background unless the test asks (CONTRACT §7): the
    // stream room's tests run the job by hand, or set it to 1 to run it through the queue.
    TRANSCODE_CONCURRENCY: '0',
    ...database.env,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    ...options.env,
  });
  const logs = new LogCapture();
  const app = await buildApp(config, { clientDir: undefined, logStream: logs, ...options.build });
  return {
    app,
    config,
    dataDir,
    databaseEnv: database.env,
    logs,
    smtp,
    async close() {
      await app.close();
      await smtp?.stop();
      await database.remove();
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
