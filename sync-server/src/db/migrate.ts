import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from './database.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The numbered SQL files of ./migrations (`001_initial.sql`, …), in order. */
export function loadMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((file) => /^\d+_.+\.sql$/.test(file))
    .map((file) => ({
      version: Number.parseInt(file, 10),
      name: file,
      sql: readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
}

/** Applies the migrations newer than the database's `user_version`, each in its own transaction. */
export function migrate(db: Database, migrations: readonly Migration[] = loadMigrations()): number[] {
  const current = (db.prepare('PRAGMA user_version').all()[0] as { user_version: number }).user_version;
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
