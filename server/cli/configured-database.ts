// The database a command works on, as the site would find it from the same environment; a bad
// environment ends the command with the configuration's own message (exit 1).
import { ConfigError, parseConfig, type DatabaseLocation } from '../config';

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export function configuredDatabase(env: Record<string, string | undefined>): DatabaseLocation {
  try {
    // The admin seed variables do not concern these commands: a half-set pair must not stop them.
    return parseConfig({ ...env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined }).database;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}
