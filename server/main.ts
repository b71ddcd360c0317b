// The process entry of `npm start` and `npm run dev`: read .env and the environment, then serve.
import { existsSync } from 'node:fs';
import { serve } from './serve';

if (existsSync('.env')) process.loadEnvFile('.env');

await serve(process.env, { adminCommand: 'npm run admin:create -- --email you@example.com --name "Your Name"' });
