// The site as a process: the environment parsed, the app built and listening, a word to the
// operator on the first start, and a graceful close on SIGTERM/SIGINT. `npm start` (server/main.ts)
// and `quantum-site start` (server/cli/) differ only in the environment they pass and in the command
// they give for creating an admin.
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';
import { announceFirstStart, siteUrl } from './first-start';
import { logDestination } from './http/log-destination';

/** A setting that cannot work (a bad variable, a REDIS_URL nobody answers) ends the start with its reason, not a stack. */
async function orExitOnConfigError<T>(step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// Listen errors an operator causes and can fix; anything else keeps its stack.
const LISTEN_ERRORS: Record<string, string> = {
  EADDRINUSE: 'is already in use: stop what uses it, or choose another port (PORT or --port)',
  EACCES: 'needs more privileges than this user has: choose a port above 1023 (PORT or --port)',
  EADDRNOTAVAIL: 'is not an address of this machine (HOST or --host)',
};

export async function serve(env: Record<string, string | undefined>, { adminCommand }: { adminCommand: string }) {
  const config = await orExitOnConfigError(() => parseConfig(env));
  const firstStart = config.database.dialect === 'sqlite' && !existsSync(config.database.file);
  const logStream = await logDestination(process.stdout);
  const app = await orExitOnConfigError(() => buildApp(config, { logStream }));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const reason = LISTEN_ERRORS[(error as NodeJS.ErrnoException).code ?? ''];
    if (!reason) throw error;
    await app.close();
    const what = (error as NodeJS.ErrnoException).code === 'EADDRNOTAVAIL' ? `Host ${config.host}` : `Port ${config.port} on ${config.host}`;
    console.error(`${what} ${reason}.`);
    process.exit(1);
  }

  if (firstStart) {
    const { port } = app.server.address() as AddressInfo;
    const facts = { url: siteUrl(config.host, port), dataDir: config.dataDir, adminEmail: config.firstAdmin?.email, adminCommand };
    announceFirstStart(facts, process.stdout, app.log);
  }

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down: finishing requests in flight');
      // close() stops accepting, lets requests in flight finish, then runs onClose (the database).
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
