// `npm start`: build whatever is missing or older than its sources, then run the server (not with --build-only).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['client', 'server', 'shared', 'scripts', 'drizzle', 'vite.config.ts', 'package-lock.json'];
const OUTPUTS = ['dist/server/main.js', 'dist/client/index.html'];

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`))));
  });
}

const builtAt = Math.min(...OUTPUTS.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log('Building (the build is missing or older than the sources)...');
  await run(process.execPath, ['scripts/build.mjs']);
}
// `npm run docs:shots` wants the build and starts its own server.
if (process.argv.includes('--build-only')) process.exit(0);

// The server handles SIGINT/SIGTERM itself; forward them so Ctrl+C shuts it down gracefully.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
