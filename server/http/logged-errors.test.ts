// A failed query is logged with what finds it (the error's kind, the driver's code and reason, the
// stack) and without what it carried: the parameters, in `params` or in the message.
import { PassThrough } from 'node:stream';
import { TRPCError } from '@trpc/server';
import { openSqlite } from '../db/sqlite-driver';
import { DrizzleQueryError } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { sqliteTable, text as textColumn } from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

const HASH = '$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g';
const WITHHELD = 'Failed query (its text and parameters are left out of the log)';

/** Logs `err` as the app's logger does; the line it wrote, as text and parsed. */
async function logged(err: unknown): Promise<{ text: string; line: { err: Record<string, unknown> } }> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (chunk: Buffer) => (text += chunk.toString()));
  pino(loggerOptions('info'), out).error({ err }, 'procedure failed');
  await expect.poll(() => text).toContain('\n');
  return { text, line: JSON.parse(text) as { err: Record<string, unknown> } };
}

/**
 * What Drizzle's PostgreSQL session throws when an insert fails: its query error (the query and
 * every parameter, a password hash among them) around pg's own error, whose detail holds values.
 */
function failedPostgresInsert(): DrizzleQueryError {
  const cause = Object.assign(new pg.DatabaseError('duplicate key value violates unique constraint "users_email_unique"', 120, 'error'), {
    code: '23505',
    detail: 'Key (email)=(a@example.com) already exists.',
    constraint: 'users_email_unique',
  });
  return new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['a@example.com', HASH], cause);
}

describe('a failed query in the log', () => {
  it('keeps the kind, PostgreSQL’s code and reason and the stack, never a parameter, alone or wrapped as tRPC wraps it', async () => {
    const error = failedPostgresInsert();
    // tRPC gives an unknown error's message to its INTERNAL_SERVER_ERROR.
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
    expect(wrapped.message).toContain(HASH);
    for (const err of [error, wrapped]) {
      const { text, line } = await logged(err);
      expect(text).not.toContain('argon2');
      expect(text).not.toContain('a@example.com');
      const query = err === wrapped ? (line.err.cause as Record<string, unknown>) : line.err;
      expect(query).toEqual({
        type: 'DrizzleQueryError',
        message: WITHHELD,
        stack: expect.stringMatching(/^Error: Failed query \(its text and parameters are left out of the log\)\n\s+at /),
        cause: {
          type: 'DatabaseError',
          message: 'duplicate key value violates unique constraint "users_email_unique"',
          code: '23505',
          stack: expect.stringMatching(/^error: duplicate key value violates unique constraint "users_email_unique"\n\s+at /),
        },
      });
      if (err === wrapped) expect(line.err).toMatchObject({ type: 'TRPCError', code: 'INTERNAL_SERVER_ERROR', message: WITHHELD });
    }
  });

  it('keeps SQLite’s code and reason (its driver throws them without the query)', async () => {
    const users = sqliteTable('users', { email: textColumn('email').unique(), passwordHash: textColumn('password_hash') });
    const db = drizzle(openSqlite(':memory:'));
    db.run('create table users (email text unique, password_hash text)');
    await db.insert(users).values({ email: 'a@example.com', passwordHash: HASH });
    const error: unknown = await db
      .insert(users)
      .values({ email: 'a@example.com', passwordHash: HASH })
      .catch((failure: unknown) => failure);
    const { text, line } = await logged(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }));
    expect(text).not.toContain('argon2');
    expect(line.err.cause).toMatchObject({ type: 'SqliteError', code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: users.email' });
  });

  it('logs any other error with its message, code, where it happened and its stack', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: '127.0.0.1',
      port: 6379,
    });
    const { line } = await logged(refused);
    expect(line.err).toEqual({
      type: 'Error',
      message: 'connect ECONNREFUSED 127.0.0.1:6379',
      code: 'ECONNREFUSED',
      syscall: 'connect',
      address: '127.0.0.1',
      port: 6379,
      stack: expect.stringMatching(/^Error: connect ECONNREFUSED 127\.0\.0\.1:6379\n\s+at /),
    });
  });
});
