// The short-fragment counts must always equal what LIKE finds, whatever users come and go.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type SqliteHandle } from '../db/client';
import { deleteUser, insertUser, updateUser } from './data';
import { searchCondition, shortGrams } from './search-index';
import { listUsers } from './list-query';

let dir: string;
let handle: SqliteHandle;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-search-'));
  copyFileSync(inject('templateDb'), path.join(dir, 'app.db'));
  handle = openDatabase(path.join(dir, 'app.db'));
});
afterAll(() => {
  handle.close();
  rmSync(dir, { recursive: true, force: true });
});

const text = fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'É', 'é', '%', '_', '\\', "'", ' ', 'ß', 'Ω'), minLength: 1, maxLength: 6 });

function likeCount(fragment: string): number {
  const pattern = `%${fragment.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return (
    handle.sqlite.prepare("select count(*) as n from users where name like ? escape '\\' or email like ? escape '\\'").get(pattern, pattern) as { n: number }
  ).n;
}

describe('the short-fragment counts', () => {
  it('splits each field into its distinct one- and two-character fragments, folding ASCII case only', () => {
    expect(shortGrams('AbA', 'É')).toEqual(['', 'a', 'ab', 'b', 'ba', 'É']);
  });

  it('stay equal to what LIKE matches through inserts, updates and deletes', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ name: text, local: text, rename: fc.option(text), remove: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        async (people) => {
          for (const p of people) {
            const { _id: id } = await insertUser(handle.db, { name: p.name, email: `${p.local}${n++}@x.io`, passwordHash: 'h' });
            if (p.rename !== null) await updateUser(handle.db, id, { name: p.rename, email: `${p.rename}${n++}@y.io` });
            if (p.remove) await deleteUser(handle.db, id);
          }
          const grams = handle.sqlite.prepare('select gram, users from user_search_grams where users > 0').all() as Array<{ gram: string; users: number }>;
          for (const { gram, users } of grams) expect(users, gram).toBe(likeCount(gram));
          // And a fragment nobody has counts (and lists) nothing.
          expect((await listUsers(handle.db, { page: 1, search: 'q', sortBy: 'createdAt', sortOrder: 'desc' })).data).toEqual([]);
          // Fragments of 3+ characters go through the trigram index, which must agree with LIKE too.
          for (const p of people) {
            const fragment = [...p.name, ...p.local].slice(0, 3).join('');
            if ([...fragment].length === 3) expect(await searchCondition(fragment).count(handle.db), fragment).toBe(likeCount(fragment));
          }
          for (const gram of ['a', 'é', '%', '_c', 'ß', 'aBc', "%'_"]) {
            const page = await listUsers(handle.db, { page: 1, search: gram, sortBy: 'name', sortOrder: 'asc' });
            expect(page.totalPages, gram).toBe(Math.max(1, Math.ceil(likeCount(gram) / 10)));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('are backfilled by the migration for users that existed before it', () => {
    const fresh = handle.sqlite.prepare('select gram, users from user_search_grams where users > 0 order by gram').all() as Array<{
      gram: string;
      users: number;
    }>;
    handle.sqlite.exec('delete from user_search_grams');
    const migration = path.join(process.cwd(), 'drizzle', '0004_user_search_grams_backfill.sql');
    handle.sqlite.exec(readFileSync(migration, 'utf8'));
    const backfilled = handle.sqlite.prepare('select gram, users from user_search_grams order by gram').all();
    expect(backfilled).toEqual(fresh);
  });
});
