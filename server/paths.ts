// Where the project's own files are, whether this code runs from source (tsx, Vitest) or from the
// esbuild bundle in dist/: both sit somewhere below the folder that holds package.json.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsDir = path.join(projectRoot, 'drizzle');
export const pgMigrationsDir = path.join(projectRoot, 'drizzle-pg');
export const clientDistDir = path.join(projectRoot, 'dist', 'client');
