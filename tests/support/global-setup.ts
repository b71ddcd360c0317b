// Migrates one template database per run; each test app starts from a copy of it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'qc-template-'));
  const file = path.join(dir, 'app.db');
  const handle = openDatabase(file);
  // Fold the WAL into the main file so that copying app.db alone copies everything.
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  handle.close();
  project.provide('templateDb', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
