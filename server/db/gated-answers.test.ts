// The SQLite-only readers that use a statement's answer at once (the users' and the course's
// search counts) await it: while another request's transaction is open on the connection, the
// statement gate runs the statement once that transaction ends, and answers with a promise
// (decision 041). Used at once, that promise was taken for the rows, and the search was a 500.
import { describe, expect, it } from 'vitest';
import { appDatabaseForFile } from '../../tests/support/test-database';
import type { CueHit, HitsQuery, TextHit } from '../course/search/search-dialect';
import { sqliteCourseSearch } from '../course/search/search-sqlite';
import { sqliteSearch } from '../users/search-sqlite';
import { playlists } from './schema';
import { transaction } from './transaction';

const site = appDatabaseForFile();

/**
 * Runs `read` from another call chain while a transaction is open on the connection: between its
 * write and its rollback, while it awaits nothing but microtasks (as a transaction may).
 */
async function whileAnotherTransactionIsOpen<T>(read: () => Promise<T>): Promise<T> {
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const open = transaction(site.db, async (tx) => {
    await tx.insert(playlists).values({ id: 'open', name: 'open', items: [], images: [], videos: [], createdAt: 0, updatedAt: 0 });
    wrote();
    for (let i = 0; i < 100; i++) await Promise.resolve();
    throw new Error('rolled back');
  });
  open.catch(() => undefined);
  await written;
  const answer = read();
  await expect(open).rejects.toThrow('rolled back');
  return answer;
}

describe('a search behind another request’s open transaction (SQLite)', () => {
  it('counts the users a fragment matches once that transaction ends', async () => {
    const fragment = { folded: 'mart', pattern: '%mart%' };
    expect(await whileAnotherTransactionIsOpen(() => sqliteSearch.indexed(fragment).count(site.db, undefined))).toBe(0);
    expect(await whileAnotherTransactionIsOpen(() => sqliteSearch.indexed(fragment).count(site.db, 20))).toBe(0);
  });

  it('finds the first cue hits of the course once that transaction ends', async () => {
    // No cue holds the fragment, so the dialect reads none (and SQLite's never runs firstLesson):
    // only its lookups in the index run, behind the gate.
    const queries = {
      texts: Promise.resolve([]) as unknown as HitsQuery<TextHit>,
      cues: (): HitsQuery<CueHit> => {
        throw new Error('no cue matches, so none is read');
      },
      firstLesson: undefined as unknown as HitsQuery<CueHit>,
    };
    const hits = await whileAnotherTransactionIsOpen(() =>
      sqliteCourseSearch.firstHits(site.db, { folded: 'quantum mind', pattern: '%quantum mind%' }, queries, 20),
    );
    expect(hits).toEqual({ texts: [], cues: [] });
  });
});
