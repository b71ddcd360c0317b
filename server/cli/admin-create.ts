// Creates an active admin in the configured database from the command line, for both
// `npm run admin:create` and `quantum-site admin create`. The password never comes from an argument
// (it would stay in the shell's history and in `ps`): ADMIN_PASSWORD, else asked for without echo
// on a terminal, else the first line of standard input.
import { createInterface } from 'node:readline';
import { emailSchema, nameSchema, newPasswordSchema } from '../../shared/auth-schemas';
import { createAdminIfAbsent } from '../auth/first-admin';
import { ConfigError, describeDatabase, parseConfig } from '../config';
import { openSiteDatabase } from '../db/client';

/** The answer, or undefined when piped input ends before a line. */
function askHidden(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) {
    // Piped input: read one line as is.
    const rl = createInterface({ input: process.stdin });
    return new Promise((resolve) => {
      rl.once('line', (line) => (resolve(line), rl.close()));
      rl.once('close', () => resolve(undefined));
    });
  }
  return new Promise((resolve) => {
    process.stdout.write(question);
    const stdin = process.stdin;
    stdin.setRawMode(true);
    stdin.resume();
    let answer = '';
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(answer);
          return;
        }
        if (char === '\u0003') process.exit(130);
        answer = char === '\u007f' ? answer.slice(0, -1) : answer + char;
      }
    };
    stdin.on('data', onData);
  });
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** Creates the admin or exits 1 with the reason (a bad email, name or password, a taken email, a bad environment). */
export async function createAdminFromCommandLine(args: { email: string; name: string | undefined }, env: Record<string, string | undefined>) {
  const email = emailSchema.safeParse(args.email);
  if (!email.success) fail(email.error.issues[0]!.message);
  const name = nameSchema.safeParse(args.name ?? 'Administrator');
  if (!name.success) fail(name.error.issues[0]!.message);

  let config;
  try {
    config = parseConfig({ ...env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
  } catch (error) {
    fail(error instanceof ConfigError ? error.message : String(error));
  }

  const typed = env.ADMIN_PASSWORD || (await askHidden('Password for the new admin: '));
  if (typed === undefined) fail('No password: standard input ended before a line. Set ADMIN_PASSWORD, or run this on a terminal.');
  const password = newPasswordSchema.safeParse(typed);
  if (!password.success) fail(password.error.issues[0]!.message);

  const database = await openSiteDatabase(config.database);
  try {
    const result = await createAdminIfAbsent(database.db, { email: email.data, name: name.data, password: password.data }, { info: () => {} });
    if (!result.created) fail(`A user with the email ${email.data} already exists; it was left unchanged.`);
    console.log(`Admin ${email.data} created in ${describeDatabase(config.database)}.`);
  } finally {
    await database.close();
  }
}
