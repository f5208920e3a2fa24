import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from '../bootstrap.ts';
import { configFromEnv, type ServerConfig } from '../config.ts';
import { currentChangeSeq } from './change-seq.ts';
import { type Database, databaseLocation, openDatabase } from './database.ts';
import { loadMigrations, migrate } from './migrate.ts';

function userVersion(db: Database): number {
  return (db.prepare('PRAGMA user_version').all([])[0] as { user_version: number }).user_version;
}

function count(db: Database, sql: string): number {
  return (db.prepare(sql).all([])[0] as { n: number }).n;
}

function tables(db: Database): string[] {
  return (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all([]) as {
      name: string;
    }[]
  ).map((row) => row.name);
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-migrate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadMigrations', () => {
  it('reads the numbered SQL files in order, starting at 1', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations[0]?.version).toBe(1);
    const versions = migrations.map((migration) => migration.version);
    expect(versions).toEqual([...new Set(versions)].sort((a, b) => a - b));
    for (const migration of migrations) {
      expect(migration.name).toMatch(/^\d+_.+\.sql$/);
      expect(migration.sql.length).toBeGreaterThan(0);
    }
  });
});

describe('migrate', () => {
  it('applies every migration once and sets user_version to the highest', () => {
    const db = openDatabase(databaseLocation(`file:${join(dir, 'fresh.db')}`));
    try {
      const versions = loadMigrations().map((migration) => migration.version);
      expect(userVersion(db)).toBe(0);
      expect(migrate(db)).toEqual(versions);
      expect(userVersion(db)).toBe(Math.max(...versions));
      expect(tables(db)).toEqual(
        expect.arrayContaining(['companies', 'statement_values', 'users', 'top_menus', 'core_menus', 'change_counter']),
      );
      expect(currentChangeSeq(db)).toBe(0);
      // Again: nothing to do, nothing changes.
      expect(migrate(db)).toEqual([]);
      expect(userVersion(db)).toBe(Math.max(...versions));
      expect(count(db, 'SELECT count(*) AS n FROM change_counter')).toBe(1);
    } finally {
      db.close();
    }
  });

  it('applies only the migrations newer than the database', () => {
    const db = openDatabase(databaseLocation(`file:${join(dir, 'newer.db')}`));
    try {
      const existing = loadMigrations();
      migrate(db, existing);
      const top = Math.max(...existing.map((migration) => migration.version));
      const next = {
        version: top + 1,
        name: `${top + 1}_notes.sql`,
        sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY);',
      };
      expect(migrate(db, [...existing, next])).toEqual([top + 1]);
      expect(userVersion(db)).toBe(top + 1);
      expect(tables(db)).toContain('notes');
      expect(migrate(db, [...existing, next])).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('a failing migration is rolled back whole and leaves user_version as it was', () => {
    const db = openDatabase(databaseLocation(`file:${join(dir, 'failing.db')}`));
    try {
      const existing = loadMigrations();
      migrate(db, existing);
      const before = userVersion(db);
      const broken = {
        version: before + 1,
        name: `${before + 1}_broken.sql`,
        sql: 'CREATE TABLE half_done (id INTEGER); INSERT INTO no_such_table VALUES (1);',
      };
      expect(() => migrate(db, [...existing, broken])).toThrow();
      expect(userVersion(db)).toBe(before);
      expect(tables(db)).not.toContain('half_done');
    } finally {
      db.close();
    }
  });
});

describe('restarting on the same database', () => {
  let config: ServerConfig;
  let first: Platform | undefined;
  let second: Platform | undefined;
  let firstCounts: Record<string, number>;
  let firstSecret: unknown;

  const COUNTS = {
    companies: 'SELECT count(*) AS n FROM companies',
    statement_values: 'SELECT count(*) AS n FROM statement_values',
    uploaded_files: 'SELECT count(*) AS n FROM uploaded_files',
    top_menus: 'SELECT count(*) AS n FROM top_menus',
    core_menus: 'SELECT count(*) AS n FROM core_menus',
    users: 'SELECT count(*) AS n FROM users',
    industry_betas: 'SELECT count(*) AS n FROM industry_betas',
    change_seq: 'SELECT seq AS n FROM change_counter',
  };

  function counts(db: Database): Record<string, number> {
    return Object.fromEntries(Object.entries(COUNTS).map(([key, sql]) => [key, count(db, sql)]));
  }

  beforeAll(async () => {
    // No ADMIN_PASSWORD: the first start generates one and prints it once.
    config = {
      ...configFromEnv({}),
      databaseUrl: `file:${join(dir, 'restart', 'fcf.db')}`,
      staticDir: join(dir, 'no-dist'),
      logRequests: false,
    };
    first = await startPlatform(config);
    firstCounts = counts(first.db);
    firstSecret = first.db.prepare("SELECT value FROM meta WHERE key = 'jwt_secret'").all([]);
    first.db.close();
    second = await startPlatform(config);
  });
  afterAll(() => {
    if (second?.db.open) second.db.close();
  });

  it('the first start seeds the fixtures and makes the admin with a generated password', () => {
    expect(first?.seededFiles).toBeGreaterThanOrEqual(34);
    expect(first?.generatedAdminPassword).toMatch(/^\S{12,}$/);
    expect(firstCounts.companies).toBeGreaterThanOrEqual(12);
    expect(firstCounts.top_menus).toBeGreaterThan(0);
    expect(firstCounts.core_menus).toBe(12);
    expect(firstCounts.users).toBe(1);
  });

  it('the second start keeps the data: no re-seed, no duplicate menus, no new changes', () => {
    if (!second) throw new Error('not started');
    expect(second.seededFiles).toBe(0);
    expect(counts(second.db)).toEqual(firstCounts);
    expect(userVersion(second.db)).toBe(Math.max(...loadMigrations().map((migration) => migration.version)));
  });

  it('keeps the admin account and its password, and prints no new one', async () => {
    if (!second || !first?.generatedAdminPassword) throw new Error('not started');
    expect(second.generatedAdminPassword).toBeUndefined();
    const rows = second.db.prepare('SELECT username, is_admin FROM users').all([]);
    expect(rows).toEqual([{ username: config.adminUsername, is_admin: 1 }]);
    const response = await second.app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: config.adminUsername, password: first.generatedAdminPassword }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { is_admin: boolean } }).user.is_admin).toBe(true);
  });

  it('keeps the token secret, so tokens survive a restart', () => {
    if (!second) throw new Error('not started');
    const secret = second.db.prepare("SELECT value FROM meta WHERE key = 'jwt_secret'").all([]);
    expect(secret).toHaveLength(1);
    expect(secret).toEqual(firstSecret);
  });
});
