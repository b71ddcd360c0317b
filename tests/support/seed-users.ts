// Users put straight into a test's database: no argon2 (they never sign in) and names the API would
// trim, each created a second after the one before unless it says when.
import { eq } from 'drizzle-orm';
import type { SiteDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { insertUser, type NewUser } from '../../server/users/data';

export type SeedUser = Omit<NewUser, 'passwordHash'> & { createdAt?: number };

/** The new users' ids, in the order given. */
export async function seedUsers(db: SiteDatabase, list: readonly SeedUser[]): Promise<string[]> {
  const ids: string[] = [];
  for (const [i, { createdAt, ...user }] of list.entries()) {
    const row = await insertUser(db.db, { passwordHash: 'not-a-real-hash', ...user });
    await db.db
      .update(users)
      .set({ createdAt: createdAt ?? 1_700_000_000_000 + i * 1000 })
      .where(eq(users.id, row._id));
    ids.push(row._id);
  }
  return ids;
}

/** Names and emails holding what SQL's LIKE and quoting treat specially: a search must take them literally. */
export const LITERAL_SEARCH_USERS: readonly SeedUser[] = [
  { name: '100% Real', email: 'real@example.com' },
  { name: 'snake_case', email: 'snake@example.com' },
  { name: "Conan O'Brien", email: 'conan@example.com' },
  { name: 'Quote "Q" Quinn', email: 'quinn@example.com' },
  { name: 'Plain Person', email: 'plain@example.com' },
  { name: 'Mail Only', email: 'x_y@percent.org' },
];
