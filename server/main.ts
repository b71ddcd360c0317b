// The process entry: read .env and the environment, build the app, listen, and close gracefully.
import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, parseConfig } from './config';

if (existsSync('.env')) process.loadEnvFile('.env');

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

const config = await orExitOnConfigError(() => parseConfig(process.env));
const app = await orExitOnConfigError(() => buildApp(config));
await app.listen({ port: config.port, host: config.host });

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
