// Statements that are built and prepared once per database, not once per call: for a short query
// that runs often, Drizzle's building of the SQL and SQLite's preparing of it cost more than
// running it.
import type { Db } from './client';

/**
 * `build(db, shape)` at the first call with this database and shape, the same statement after.
 * `shape` names what makes the statements differ (an order, a direction); its values must be few.
 */
export function preparedPerDatabase<Statement, Shape extends string = ''>(build: (db: Db, shape: Shape) => Statement): (db: Db, shape: Shape) => Statement {
  const byDatabase = new WeakMap<Db, Map<Shape, Statement>>();
  return (db, shape) => {
    let statements = byDatabase.get(db);
    if (!statements) byDatabase.set(db, (statements = new Map()));
    let statement = statements.get(shape);
    if (!statement) statements.set(shape, (statement = build(db, shape)));
    return statement;
  };
}

/**
 * The query's prepared statement, named `name` on PostgreSQL, which then parses and plans it once
 * per connection instead of at every run (an unnamed statement is planned each time). SQLite's
 * prepare takes no name: its statement is compiled once anyway. Each name must stand for one SQL text.
 */
export function preparedAs<Statement>(query: { prepare(): Statement }, name: string): Statement {
  return (query.prepare as (name: string) => Statement).call(query, name);
}
