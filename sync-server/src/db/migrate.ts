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

function userVersion(db: Database): number {
  return (db.prepare('PRAGMA user_version').all([])[0] as { user_version: number }).user_version;
}

/**
 * Applies the migrations newer than the database's `user_version`, each in its own transaction. Servers
 * starting together against one libSQL server each try: the version is read again under the write lock,
 * so each migration runs once.
 */
export function migrate(db: Database, migrations: readonly Migration[] = loadMigrations()): number[] {
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version <= userVersion(db)) continue;
    const ran = db
      .transaction(() => {
        if (migration.version <= userVersion(db)) return false;
        db.exec(migration.sql);
        db.exec(`PRAGMA user_version = ${migration.version}`);
        return true;
      })
      .immediate();
    if (ran) applied.push(migration.version);
  }
  return applied;
}
