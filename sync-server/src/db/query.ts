import type { Database, Statement } from './database.ts';

const statementCache = new WeakMap<Database, Map<string, Statement>>();

/** A prepared statement, prepared once per database and SQL text. */
function statement(db: Database, sql: string): Statement {
  let cache = statementCache.get(db);
  if (!cache) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let prepared = cache.get(sql);
  if (!prepared) {
    prepared = db.prepare(sql);
    cache.set(sql, prepared);
  }
  return prepared;
}

/** All rows. (`all()` rather than `get()`: libsql's `get()` adds a `_metadata` field to the row.) */
export function queryAll<Row>(db: Database, sql: string, ...params: unknown[]): Row[] {
  // Always one array argument: libsql reads a lone `null` parameter as a named-parameter object.
  return statement(db, sql).all(params) as Row[];
}

export function queryOne<Row>(db: Database, sql: string, ...params: unknown[]): Row | undefined {
  return queryAll<Row>(db, sql, ...params)[0];
}

export function execute(db: Database, sql: string, ...params: unknown[]): { changes: number; lastInsertRowid: number } {
  const result = statement(db, sql).run(params);
  return { changes: result.changes, lastInsertRowid: Number(result.lastInsertRowid) };
}
