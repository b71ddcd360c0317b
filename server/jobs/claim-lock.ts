// The one part of the queue's SQL that differs by dialect (DESIGN "Past one machine"; decision
// 045): how the claim's inner select keeps two processes off one row.
// - PostgreSQL: `for update skip locked`. Several connections claim at once; each locks the row it
//   picks, and the others pass over locked rows to the next one instead of waiting for it (or
//   picking it too and finding it gone).
// - SQLite: nothing. A file has one writer at a time, so the claim's one UPDATE … RETURNING reads
//   and writes the row with no other write in between, across processes too; SQLite has no row locks.
import { sql } from 'drizzle-orm';
import { dialect } from '../db/dialect';

export const claimLock = dialect === 'postgres' ? sql` for update skip locked` : sql``;
