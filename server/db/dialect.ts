// Which database this process runs on, chosen once, from DATABASE_URL, before any data function
// is loaded (decision 020): the data functions are written once, and schema.ts hands them the
// tables of this dialect. A process serves one site on one database.
export type Dialect = 'sqlite' | 'postgres';

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//i.test(url);

/** A PostgreSQL URL the driver can read: what DATABASE_URL and db copy's --to accept. */
export const isPostgresConnectionUrl = (url: string) => isPostgresUrl(url) && URL.canParse(url);

const url = process.env.DATABASE_URL;

export const dialect: Dialect = url && isPostgresUrl(url) ? 'postgres' : 'sqlite';
