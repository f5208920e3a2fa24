import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from './change-seq.ts';
import { databaseLocation, openDatabase } from './database.ts';
import { loadMigrations, migrate } from './migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'fcf-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migration that makes company names unique, on a database that already holds a name twice. */
describe('migration 005: one live company per name', () => {
  it('keeps a shared name on the lowest code, appends the code to the others in one change, then indexes', () => {
    const db = openDatabase(databaseLocation(`file:${join(dir, 'duplicates.db')}`));
    try {
      const migrations = loadMigrations();
      migrate(
        db,
        migrations.filter((migration) => migration.version < 5),
      );
      db.exec(`
        UPDATE change_counter SET seq = 10;
        INSERT INTO companies (code, name, change_seq) VALUES ('600001', 'ABC电子', 3), ('000002', 'abc电子', 4),
          ('300003', 'ABC电子', 5), ('000004', '独有名称', 6);
        INSERT INTO companies (code, name, change_seq, deleted) VALUES ('000005', 'ABC电子', 7, 1);
      `);
      migrate(db, migrations);
      const rows = db.prepare('SELECT code, name, version, change_seq, deleted FROM companies ORDER BY code').all([]);
      expect(rows).toEqual([
        { code: '000002', name: 'abc电子', version: 1, change_seq: 4, deleted: 0 },
        { code: '000004', name: '独有名称', version: 1, change_seq: 6, deleted: 0 },
        { code: '000005', name: 'ABC电子', version: 1, change_seq: 7, deleted: 1 },
        { code: '300003', name: 'ABC电子（300003）', version: 2, change_seq: 11, deleted: 0 },
        { code: '600001', name: 'ABC电子（600001）', version: 2, change_seq: 11, deleted: 0 },
      ]);
      expect(currentChangeSeq(db)).toBe(11);
      expect(() => db.exec("INSERT INTO companies (code, name, change_seq) VALUES ('000006', '独有名称', 12)")).toThrow(
        /UNIQUE/,
      );
    } finally {
      db.close();
    }
  });

  it('changes nothing on a database without shared names', () => {
    const db = openDatabase(databaseLocation(`file:${join(dir, 'clean.db')}`));
    try {
      const migrations = loadMigrations();
      migrate(
        db,
        migrations.filter((migration) => migration.version < 5),
      );
      db.exec("INSERT INTO companies (code, name, change_seq) VALUES ('000333', '美的集团', 1)");
      migrate(db, migrations);
      expect(currentChangeSeq(db)).toBe(0);
      expect(db.prepare('SELECT name, version FROM companies').all([])).toEqual([{ name: '美的集团', version: 1 }]);
    } finally {
      db.close();
    }
  });
});
