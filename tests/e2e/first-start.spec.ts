// `npm start`'s process (the built dist/server/main.js, through serve()), run as npm start runs it:
// the first-start notice on a new data folder only, and clear words for a port it cannot have.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { expect, test } from '@playwright/test';
import { freePort, startServer, tempDataDir } from '../../scripts/server-process';

let dataDir: string | undefined;

test.afterEach(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

const jsonLines = (output: string[]) =>
  output
    .join('')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('npm start tells how to create the first admin on the start that creates the database, and not on later ones', async () => {
  dataDir = tempDataDir();
  const firstOutput: string[] = [];
  const first = await startServer({ dataDir, env: { LOG_LEVEL: 'info' }, onOutput: (text) => firstOutput.push(text) });
  await first.stop();
  expect(jsonLines(firstOutput).find((line) => String(line.msg).startsWith('first start'))).toMatchObject({
    url: first.url,
    dataDir,
    adminCommand: 'npm run admin:create -- --email you@example.com --name "Your Name"',
  });

  const laterOutput: string[] = [];
  const later = await startServer({ dataDir, env: { LOG_LEVEL: 'info' }, onOutput: (text) => laterOutput.push(text) });
  await later.stop();
  const messages = jsonLines(laterOutput).map((line) => String(line.msg));
  expect(messages.some((msg) => msg.startsWith('Server listening at'))).toBe(true);
  expect(messages.some((msg) => msg.startsWith('first start'))).toBe(false);
});

test('npm start ends with one clear line and status 1 when its port is taken', async () => {
  dataDir = tempDataDir();
  const port = await freePort();
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
  try {
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise((resolve) => child.once('exit', resolve));
    expect(stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is already in use: stop what uses it, or choose another port (PORT or --port).`);
    expect(status).toBe(1);
  } finally {
    await new Promise((resolve) => holder.close(resolve));
  }
});
