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
