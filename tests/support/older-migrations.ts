// The migrations of an older version, to test an upgrade: a copy of a migrations folder whose
// journal stops before a given migration, so that drizzle's migrator builds the schema as it was.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';

/** Copies `folder` to `into` with its journal cut before the first migration whose tag ends with `tagSuffix` ('_course'). */
export function migrationsBefore(folder: string, tagSuffix: string, into: string): string {
  cpSync(folder, into, { recursive: true });
  const journalFile = `${into}/meta/_journal.json`;
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag.endsWith(tagSuffix));
  if (at <= 0) throw new Error(`no migration after the first ends with ${tagSuffix} in ${folder}`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return into;
}
