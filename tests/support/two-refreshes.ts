// Two site processes starting at once on one database, each refreshing the lessons' search text
// (lesson-text-refresh-process.ts): how many texts each rewrote.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./lesson-text-refresh-process.ts', import.meta.url));
const tsx = createRequire(import.meta.url).resolve('tsx');

function start(env: Record<string, string>, file: string) {
  const child = spawn(process.execPath, ['--import', tsx, script, file], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => output.includes('ready\n') && resolve());
    child.once('exit', (code) => reject(new Error(`the refresh process exited (${code}) before it was ready`)));
  });
  const done = new Promise<number>((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(Number(output.split('\n').at(-2))) : reject(new Error(`the refresh process exited (${code})`)))),
  );
  return { child, ready, done };
}

/** `env`: DATABASE_URL for PostgreSQL (else none); `file`: the SQLite file. */
export async function twoRefreshesAtOnce(env: Record<string, string>, file = ''): Promise<[number, number]> {
  const processes = [start(env, file), start(env, file)];
  await Promise.all(processes.map((p) => p.ready));
  for (const { child } of processes) child.stdin.end('go\n');
  return [await processes[0]!.done, await processes[1]!.done];
}
