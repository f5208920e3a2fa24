import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locksHeld, locksVisible, queryFromOutside } from '../testing/outside-sqlite.ts';
import { databaseLocation, openDatabase } from './database.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-db-mode-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the database file', () => {
  it('is created 0600, and so are its -wal and -shm files (it holds the token secret)', () => {
    const path = join(dir, 'nested', 'fresh.db');
    const db = openDatabase(databaseLocation(`file:${path}`));
    try {
      db.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);');
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect(modeOf(file), file).toBe(0o600);
    } finally {
      db.close();
    }
  });

  it('takes group and other access away from a file an earlier version made readable', () => {
    const path = join(dir, 'old.db');
    closeSync(openSync(path, 'w', 0o644));
    chmodSync(path, 0o644);
    const db = openDatabase(databaseLocation(`file:${path}`));
    try {
      expect(modeOf(path)).toBe(0o600);
      db.exec('CREATE TABLE t (x INTEGER)');
      expect(modeOf(`${path}-wal`)).toBe(0o600);
    } finally {
      db.close();
    }
  });
});

describe('opening an existing database', () => {
  it.runIf(locksVisible)('keeps every lock SQLite takes on the file (nothing else opens it in this process)', () => {
    const path = join(dir, 'existing.db');
    const first = openDatabase(databaseLocation(`file:${path}`));
    first.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);');
    first.close();
    const db = openDatabase(databaseLocation(`file:${path}`));
    try {
      db.prepare('SELECT count(*) FROM t').all([]);
      expect(locksHeld(process.pid, path).length).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('lets another SQLite process open and close it without losing what is written next', async () => {
    const path = join(dir, 'shared.db');
    const first = openDatabase(databaseLocation(`file:${path}`));
    first.exec('CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1);');
    first.close();
    const db = openDatabase(databaseLocation(`file:${path}`));
    try {
      expect(await queryFromOutside(path, 'SELECT count(*) FROM t')).toEqual([[1]]);
      db.exec('INSERT INTO t VALUES (2)');
      // Written into the live -wal, which the outside process left in place: another reader sees it.
      expect(await queryFromOutside(path, 'SELECT count(*) FROM t')).toEqual([[2]]);
    } finally {
      db.close();
    }
  });
});
