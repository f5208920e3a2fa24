import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';

export function readMeta(db: Database, key: string): string | undefined {
  return queryOne<{ value: string }>(db, 'SELECT value FROM meta WHERE key = ?', key)?.value;
}

export function writeMeta(db: Database, key: string, value: string): void {
  execute(
    db,
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    key,
    value,
  );
}

/** Stores `value` unless the key has one; answers whether it did (the first of racing servers wins). */
export function writeMetaIfAbsent(db: Database, key: string, value: string): boolean {
  return (
    execute(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING', key, value).changes === 1
  );
}

export function deleteMeta(db: Database, key: string): void {
  execute(db, 'DELETE FROM meta WHERE key = ?', key);
}
