// One site served by two processes (the built dist/server/main.js), as CONTRACT §3 "Past one
// machine" runs it: one database (an SQLite file both open, or a throwaway PostgreSQL), one
// throwaway redis-server, one JWT secret, one media root and one course files root.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, tempDataDir, type ServerProcess } from '../../scripts/server-process';
import { startPostgres, type PostgresServer } from '../../scripts/postgres-server';
import { startRedis, type RedisServer } from '../../scripts/redis-server';

/** What the processes share their data through: the scale project runs on each (playwright.config.ts). */
export type SharedDatabase = 'sqlite' | 'postgres';

export interface TwoProcessSite {
  a: ServerProcess;
  b: ServerProcess;
  admin: { email: string; password: string };
  /** The course files' folder both processes are given (COURSE_FILES_ROOT), apart from DATA_DIR's default. */
  courseFilesRoot: string;
  /** Both processes' output, for a failing test's report. */
  output: string[];
  stop(): Promise<void>;
}

export async function startTwoProcessSite(database: SharedDatabase, env: Record<string, string> = {}): Promise<TwoProcessSite> {
  const dataDir = tempDataDir();
  const mediaRoot = path.join(dataDir, 'media');
  mkdirSync(mediaRoot);
  const courseFilesRoot = path.join(dataDir, 'shared-course-files');
  const admin = { email: 'admin@example.com', password: 'admin password' };
  const output: string[] = [];
  let redis: RedisServer | undefined;
  let postgres: PostgresServer | undefined;
  const servers: ServerProcess[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all([redis?.stop(), postgres?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // One after the other, so that a failure to start the second never leaves the first running unseen.
    redis = await startRedis();
    if (database === 'postgres') postgres = await startPostgres();
    const shared = {
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      REDIS_URL: redis.url,
      JWT_SECRET: randomBytes(32).toString('base64url'),
      MEDIA_ROOT: mediaRoot,
      COURSE_FILES_ROOT: courseFilesRoot,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ADMIN_NAME: 'Ada Admin',
      ...env,
    };
    // Started at the same moment on an empty database: both apply the migrations and seed the admin.
    const started = await Promise.allSettled(
      ['A', 'B'].map((name) => startServer({ dataDir, env: shared, onOutput: (text) => output.push(`[${name}] ${text}`) })),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    // Each process's output goes to `output`, not into startServer's error: put it there, to say why.
    if (failure) throw new Error(`${(failure.reason as Error).message}\n${output.join('')}`, { cause: failure.reason });
  } catch (error) {
    await stop();
    throw error;
  }
  return { a: servers[0]!, b: servers[1]!, admin, courseFilesRoot, output, stop };
}
