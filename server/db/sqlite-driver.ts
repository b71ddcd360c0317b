// better-sqlite3 in the version the running Node can load (decision 024). Both are installed:
// - 13 where Node has Node-API 10 (22.14 and later, 24): prebuilt for each platform, nothing to
//   compile, SQLite 3.54. Version 12 cannot stay there: built against Node 24's headers, it aborts
//   the process when the garbage collector frees a statement outside JavaScript (Node's
//   ObjectWrap change in 24.19, nodejs/node#65446), and Drizzle prepares a statement per query.
// - 12 where it has not (Node 20, 22 before 22.14), which crash in 13's first `new Database()`:
//   the optional dependency `better-sqlite3-12`, compiled from source when the package is installed.
// Only this file chooses; ESLint keeps other imports of either to types.
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;

/** The Node-API version better-sqlite3 13 is built for. */
const NODE_API_OF_13 = 10;

/** The package of the better-sqlite3 this Node can load. */
export function sqliteDriverPackage(): 'better-sqlite3' | 'better-sqlite3-12' {
  return Number(process.versions.napi) >= NODE_API_OF_13 ? 'better-sqlite3' : 'better-sqlite3-12';
}

let chosen: typeof BetterSqlite3 | undefined;

/** Where the better-sqlite3 of this Node is, for a worker thread to require the same one. */
export function sqliteDriverPath(): string {
  return createRequire(import.meta.url).resolve(sqliteDriverPackage());
}

/** The better-sqlite3 of this Node, loaded on first use (a PostgreSQL site never needs it). */
export function sqliteDriver(): typeof BetterSqlite3 {
  if (chosen) return chosen;
  const name = sqliteDriverPackage();
  try {
    return (chosen = createRequire(import.meta.url)(name) as typeof BetterSqlite3);
  } catch (error) {
    if (name === 'better-sqlite3') throw error;
    throw new Error(
      `On Node ${process.version}, SQLite needs better-sqlite3 12, compiled from source when the site is installed, and it is missing or did not build ` +
        `(a C compiler, make and Python are needed; install again to see why). Node 22.14 and later need nothing compiled.`,
      { cause: error },
    );
  }
}

/** Opens an SQLite file (or `:memory:`) with the better-sqlite3 of this Node. */
export function openSqlite(file: string, options?: BetterSqlite3.Options): SqliteDatabase {
  const Database = sqliteDriver();
  return new Database(file, options);
}
