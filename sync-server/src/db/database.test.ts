import { chmodSync, closeSync, mkdtempSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
