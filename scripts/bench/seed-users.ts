// Fills a database with many plausible users, in transactions of 10,000, through the same data
// function the app uses (so the search index is filled too). The hash is a placeholder: these
// users never sign in.
import type { Db } from '../../server/db/client';
import { insertUser } from '../../server/users/data';
import type { MembershipTier, Role, UserStatus } from '../../shared/constants';

const FIRST = ['Ada', 'Alan', 'Grace', 'Linus', 'Margaret', 'Dennis', 'Barbara', 'Ken', 'Frances', 'Edsger', 'Radia', 'Tim', 'Sophie', 'Donald', 'Katherine', 'John', 'Hedy', 'Guido', 'Mary', 'Bjarne', 'Anita', 'James', 'Carol', 'Niklaus', 'Shafi', 'Leslie', 'Yukihiro', 'Joan', 'Martin', 'Elena'];
const LAST = ['Lovelace', 'Turing', 'Hopper', 'Torvalds', 'Hamilton', 'Ritchie', 'Liskov', 'Thompson', 'Allen', 'Dijkstra', 'Perlman', 'Berners', 'Wilson', 'Knuth', 'Johnson', 'McCarthy', 'Lamarr', 'Rossum', 'Keller', 'Stroustrup', 'Borg', 'Gosling', 'Shaw', 'Wirth', 'Goldwasser', 'Lamport', 'Matsumoto', 'Clarke', 'Martinez', 'Anderson'];
const DOMAINS = ['example.com', 'mail.test', 'inbox.example.org', 'post.example.net'];

/** A small deterministic generator, so that every run seeds the same users. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function seedUsers(db: Db, count: number, startAt = 0): void {
  const next = random(42 + startAt);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const batch = 10_000;
  for (let done = 0; done < count; done += batch) {
    db.transaction(() => {
      for (let i = done; i < Math.min(count, done + batch); i++) {
        const n = startAt + i;
        const first = pick(FIRST);
        const last = pick(LAST);
        insertUser(db, {
          name: `${first} ${last}`,
          email: `${first}.${last}.${n}@${pick(DOMAINS)}`.toLowerCase(),
          passwordHash: 'seeded-user-without-password',
          role: (next() < 0.001 ? 'admin' : 'user') as Role,
          membershipTier: (next() < 0.3 ? 'paid' : 'free') as MembershipTier,
          status: (next() < 0.05 ? 'suspended' : 'active') as UserStatus,
        });
      }
    });
  }
}
