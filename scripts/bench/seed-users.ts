// Fills a database with many plausible users, in transactions of 10,000. A bulk load: raw
// prepared statements (about 70 µs a user, against about 500 µs through insertUser and Drizzle's
// query building), filling the same search structures through the same gram function. The hash
// is a placeholder: these users never sign in.
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { MembershipTier, Role, UserStatus } from '../../shared/constants';
import { foldAscii, shortGrams } from '../../server/users/search-index';
import { seededRandom } from './stats';

const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Sophie',
  'Donald',
  'Katherine',
  'John',
  'Hedy',
  'Guido',
  'Mary',
  'Bjarne',
  'Anita',
  'James',
  'Carol',
  'Niklaus',
  'Shafi',
  'Leslie',
  'Yukihiro',
  'Joan',
  'Martin',
  'Elena',
];
const LAST = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Berners',
  'Wilson',
  'Knuth',
  'Johnson',
  'McCarthy',
  'Lamarr',
  'Rossum',
  'Keller',
  'Stroustrup',
  'Borg',
  'Gosling',
  'Shaw',
  'Wirth',
  'Goldwasser',
  'Lamport',
  'Matsumoto',
  'Clarke',
  'Martinez',
  'Anderson',
];
const DOMAINS = ['example.com', 'mail.test', 'inbox.example.org', 'post.example.net'];
/** One user in RARE_EVERY has this name, the only one with a "q": a rare fragment to search for. */
const RARE_NAME = 'Zed Quist';
const RARE_EVERY = 10_000;

/** A seeded user: what seedUsers writes, and what a test may insert through the data functions. */
export interface SeededPerson {
  name: string;
  email: string;
  role: Role;
  membershipTier: MembershipTier;
  status: UserStatus;
  createdAt: number;
}

/** The users number `startAt` to `startAt + count - 1` of the seed, the same on every run. */
export function* seededPeople(count: number, startAt = 0): Generator<SeededPerson> {
  const next = seededRandom(42 + startAt);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  // Spread over the last few years, oldest first, so createdAt order means something.
  const firstCreatedAt = Date.now() - 3 * 365 * 86_400_000;
  for (let n = startAt; n < startAt + count; n++) {
    const name = n % RARE_EVERY === RARE_EVERY - 1 ? RARE_NAME : `${pick(FIRST)} ${pick(LAST)}`;
    const email = `${name.replace(' ', '.')}.${n}@${pick(DOMAINS)}`.toLowerCase();
    const role: Role = next() < 0.001 ? 'admin' : 'user';
    const membershipTier: MembershipTier = next() < 0.3 ? 'paid' : 'free';
    const status: UserStatus = next() < 0.05 ? 'suspended' : 'active';
    yield { name, email, role, membershipTier, status, createdAt: firstCreatedAt + n * 60_000 };
  }
}

/** What a seeded user has for a password hash: no password verifies against it. */
export const SEEDED_PASSWORD_HASH = 'seeded-user-without-password';

export function seedUsers(sqlite: Database.Database, count: number, startAt = 0): void {
  const insertUser = sqlite.prepare(`
    insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at)
    values (?, ?, ?, ?, ?, ?, '${SEEDED_PASSWORD_HASH}', ?, ?, ?)`);
  const indexUser = sqlite.prepare('insert into users_search (rowid, name, email) values (?, ?, ?)');
  const countGrams = sqlite.prepare(`
    insert into user_search_grams (gram, users) select value, 1 from json_each(?) where true
    on conflict (gram) do update set users = users + 1`);
  const people = seededPeople(count, startAt);
  const batch = sqlite.transaction((size: number) => {
    for (let i = 0; i < size; i++) {
      const { name, email, role, membershipTier, status, createdAt } = people.next().value as SeededPerson;
      const { lastInsertRowid } = insertUser.run(randomUUID(), name, email, role, membershipTier, status, createdAt, createdAt, createdAt);
      // Folded as indexUser folds them: the index matches case-sensitively (drizzle/0002).
      indexUser.run(lastInsertRowid, foldAscii(name), foldAscii(email));
      countGrams.run(JSON.stringify(shortGrams(name, email)));
    }
  });
  for (let done = 0; done < count; done += 10_000) batch(Math.min(10_000, count - done));
}
