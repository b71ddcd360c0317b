// Many values as ONE parameter of a statement, on either database: SQLite reads a JSON array
// through json_each, PostgreSQL an array through = any(). An IN list of one parameter per value
// makes a new statement for every count of values, which Drizzle builds and the database parses
// anew each time: for the 500 readers of a lesson's event stream, read at each event, that
// building cost more than the reading (decision 058).
import { sql, type Column, type SQL } from 'drizzle-orm';
import { dialect } from './dialect';

/** `column` is one of the values given at run time as the placeholder `name`, as valueList makes them. */
export const inValueList = (column: Column, name: string): SQL =>
  dialect === 'postgres' ? sql`${column} = any(${sql.placeholder(name)}::text[])` : sql`${column} in (select value from json_each(${sql.placeholder(name)}))`;

/** The placeholder's value for inValueList. */
export const valueList = (values: readonly string[]): unknown => (dialect === 'postgres' ? values : JSON.stringify(values));
