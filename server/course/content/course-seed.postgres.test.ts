// The course's migration on PostgreSQL run as an upgrade (CONTRACT §4 "Content"): a database made by
// the migrations of the version before the course, holding members, then migrated by this version.
// Its SQLite twin is course-seed.test.ts; this one needs the postgres project's server.
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { describe, expect, it } from 'vitest';
import { COURSE_SEED_AT, COURSE_SEED_MODULES } from '../../../shared/course-seed';
import { migrationsBefore } from '../../../tests/support/older-migrations';
import { postgresUpgradeDatabase } from '../../../tests/support/postgres-upgrade';
import { pgMigrationsDir } from '../../paths';

const upgrade = postgresUpgradeDatabase('course_upgrade');

describe('the course on an upgraded PostgreSQL install', () => {
  it('gets the ten modules, and its paid members count from when they joined', async () => {
    await migrate(drizzle(upgrade.client), { migrationsFolder: migrationsBefore(pgMigrationsDir, '_course', path.join(upgrade.dir, 'older')) });
    const insert = `insert into users (id, name, email, role, membership_tier, status, password_hash, password_changed_at, created_at, updated_at)
      values ($1, $2, $3, 'user', $4, 'active', 'x', 0, $5, $6)`;
    await upgrade.client.query(insert, ['paid-1', 'Paula', 'paula@example.com', 'paid', 1_600_000_000_000, 1_700_000_000_000]);
    await upgrade.client.query(insert, ['free-1', 'Fred', 'fred@example.com', 'free', 1_650_000_000_000, 1_700_000_000_000]);
    expect((await upgrade.client.query("select to_regclass('course_modules') as t")).rows).toEqual([{ t: null }]);

    await migrate(drizzle(upgrade.client), { migrationsFolder: pgMigrationsDir });

    const modules = await upgrade.client.query(
      'select id, title, summary, position, published, opens_after_days, created_at::text, updated_at::text from course_modules order by position',
    );
    expect(modules.rows).toEqual(
      COURSE_SEED_MODULES.map(({ id, title, summary }, position) => ({
        id,
        title,
        summary,
        position,
        published: true,
        opens_after_days: 0,
        created_at: String(COURSE_SEED_AT),
        updated_at: String(COURSE_SEED_AT),
      })),
    );
    expect((await upgrade.client.query('select count(*)::int as n from course_lessons')).rows).toEqual([{ n: 0 }]);
    expect((await upgrade.client.query('select id, paid_since::text from users order by id')).rows).toEqual([
      { id: 'free-1', paid_since: null },
      { id: 'paid-1', paid_since: '1600000000000' },
    ]);
  });
});
