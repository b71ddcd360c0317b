// The online backup: a consistent copy while another process writes, never over an existing file,
// nothing left behind when it fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqlite, sqliteDriverPackage } from '../db/sqlite-driver';
import { backupDatabase, BackupError } from './backup';

let dir: string;
let source: string;
let writer: ChildProcess | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'qc-backup-'));
  source = path.join(dir, 'app.db');
  const db = openSqlite(source);
  db.pragma('journal_mode = WAL');
  db.exec('create table ledger (id integer primary key, amount integer not null, note text not null)');
  db.exec('create table totals (total integer not null)');
  // Some 8 MB, so that a copy takes long enough for the writer to commit many times meanwhile.
  const seed = db.transaction(() => {
    const insert = db.prepare('insert into ledger (amount, note) values (1, ?)');
    for (let i = 0; i < 8000; i++) insert.run('x'.repeat(1000));
    db.prepare('insert into totals (total) values (8000)').run();
  });
  seed();
  db.close();
});

afterEach(async () => {
  if (writer && writer.exitCode === null) {
    const exited = new Promise((resolve) => writer!.once('exit', resolve));
    writer.kill('SIGTERM');
    await exited;
  }
  writer = undefined;
  rmSync(dir, { recursive: true, force: true });
});

/** Another process committing as fast as it can, each transaction one row and the matching total. */
function startWriter(): Promise<void> {
  const code = `
    const db = new (require(process.argv[2]))(process.argv[1]);
    db.pragma('busy_timeout = 5000');
    const add = db.transaction((amount) => {
      db.prepare("insert into ledger (amount, note) values (?, 'w')").run(amount);
      db.prepare('update totals set total = total + ?').run(amount);
    });
    add(1);
    process.stdout.write('ready\\n');
    for (let n = 2; ; n++) add(n % 7);
  `;
  writer = spawn(process.execPath, ['-e', code, source, createRequire(import.meta.url).resolve(sqliteDriverPackage())], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    writer!.stdout!.once('data', () => resolve());
    writer!.once('exit', (code) => reject(new Error(`the writer exited (${code})`)));
  });
}

function consistency(file: string) {
  const db = openSqlite(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      journal: db.pragma('journal_mode', { simple: true }),
      balanced: db.prepare('select (select sum(amount) from ledger) = (select total from totals) as ok').pluck().get(),
      rows: db.prepare('select count(*) from ledger').pluck().get() as number,
    };
  } finally {
    db.close();
  }
}

describe('backupDatabase', () => {
  it('takes consistent copies while another process keeps committing', async () => {
    await startWriter();
    const rows: number[] = [];
    for (const name of ['one.db', 'two.db', 'three.db']) {
      const target = path.join(dir, name);
      const { bytes } = await backupDatabase(source, target);
      expect(bytes).toBe(statSync(target).size);
      const copy = consistency(target);
      expect(copy).toMatchObject({ integrity: 'ok', balanced: 1 });
      rows.push(copy.rows);
    }
    // The writer went on between the copies, so each is a different moment.
    expect(new Set(rows).size).toBe(3);
  });

  it('writes one self-contained file that only its owner can read', async () => {
    const target = path.join(dir, 'copy.db');
    await backupDatabase(source, target);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    // No -wal, -shm, -journal or partial file beside it.
    expect(readdirSync(dir).filter((file) => file.startsWith('copy.db'))).toEqual(['copy.db']);
    expect(consistency(target)).toMatchObject({ journal: 'delete', rows: 8000 });
  });

  it('never overwrites an existing file', async () => {
    const target = path.join(dir, 'precious.db');
    writeFileSync(target, 'keep me');
    await expect(backupDatabase(source, target)).rejects.toThrow(
      new BackupError(`${target} already exists: a backup never overwrites a file, so give it a new name`),
    );
    expect(readFileSync(target, 'utf8')).toBe('keep me');
  });

  it('lets one of two backups racing for one name have it, and refuses the other', async () => {
    const target = path.join(dir, 'raced.db');
    const results = await Promise.allSettled([backupDatabase(source, target), backupDatabase(source, target)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')?.reason).toBeInstanceOf(BackupError);
    expect(consistency(target)).toMatchObject({ integrity: 'ok', rows: 8000 });
    expect(readdirSync(dir).filter((file) => file.startsWith('raced.db'))).toEqual(['raced.db']);
  });

  it('refuses a missing database, a missing folder or a path through a file, creating nothing', async () => {
    await expect(backupDatabase(path.join(dir, 'none.db'), path.join(dir, 'copy.db'))).rejects.toThrow(/^No database at .*none\.db: nothing to back up/);
    await expect(backupDatabase(source, path.join(dir, 'missing', 'copy.db'))).rejects.toThrow(`The folder ${path.join(dir, 'missing')} does not exist`);
    const throughFile = path.join(source, 'copy.db');
    await expect(backupDatabase(source, throughFile)).rejects.toThrow(
      new BackupError(`Cannot create ${throughFile}: ENOTDIR: not a directory, open '${throughFile}'`),
    );
    expect(readdirSync(dir)).toEqual(['app.db']);
  });

  it('leaves nothing behind when the copy fails, and says why without a stack', async () => {
    const notADatabase = path.join(dir, 'notes.txt');
    writeFileSync(notADatabase, 'this is not a database, and it is long enough to have a header. '.repeat(4));
    const failure = backupDatabase(notADatabase, path.join(dir, 'copy.db'));
    await expect(failure).rejects.toThrow(BackupError);
    await expect(failure).rejects.toThrow('The backup failed: file is not a database');
    expect(readdirSync(dir).sort()).toEqual(['app.db', 'notes.txt']);
  });
});
