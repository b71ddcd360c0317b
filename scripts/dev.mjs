// `npm run dev`: the API server under tsx watch on API_PORT (default PORT + 1) and Vite's dev
// server with hot reload on PORT, proxying /api, /trpc, /media, /thumbs and /healthz to the API.
import { spawn } from 'node:child_process';

const port = Number(process.env.PORT ?? 3000);
const apiPort = String(process.env.API_PORT ?? port + 1);

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, APP_URL: process.env.APP_URL ?? `http://localhost:${port}` },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: String(port), API_PORT: apiPort } }),
];

const stop = (signal) => children.forEach((child) => child.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children)
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
