import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Libsql from 'libsql';

export type Database = Libsql.Database;

export interface DatabaseLocation {
  /** What `new Database()` opens: a file path, ':memory:', or a remote libSQL URL. */
  readonly path: string;
  readonly authToken?: string;
  /** With a local path: the remote primary of an embedded replica. */
  readonly syncUrl?: string;
}

/**
 * Reads DATABASE_URL: `file:data/fcf.db` (default; relative to the working directory), `:memory:`, or a
 * `libsql://`, `http(s)://` URL of a libSQL server (token in DATABASE_AUTH_TOKEN). DATABASE_SYNC_URL makes
 * the file an embedded replica of that server.
 */
export function databaseLocation(url: string, authToken?: string, syncUrl?: string): DatabaseLocation {
  const token = authToken ? { authToken } : {};
  if (/^(libsql|https?|wss?):\/\//.test(url)) return { path: url, ...token };
  if (url === ':memory:' || url === 'file::memory:') return { path: ':memory:' };
  const path = url.startsWith('file:') ? url.slice('file:'.length) : url;
  return { path: resolve(path), ...token, ...(syncUrl ? { syncUrl } : {}) };
}

/** Only the server's own user may read or write a file (it holds password hashes and the token secret). */
const PRIVATE_MODE = 0o600;

/**
 * Creates the database file empty with mode 0600 before SQLite opens it (SQLite gives the -wal and -shm
 * files it makes the database file's mode), and takes group and other access away from files an earlier
 * version created readable.
 */
function keepPrivate(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    let mode: number;
    try {
      mode = statSync(file).mode;
    } catch {
      continue; // not there (yet)
    }
    if ((mode & 0o077) !== 0) chmodSync(file, PRIVATE_MODE);
  }
}

export function openDatabase(location: DatabaseLocation): Database {
  const local = !/^[a-z]+:\/\//.test(location.path) && location.path !== ':memory:';
  if (local) {
    mkdirSync(dirname(location.path), { recursive: true });
    keepPrivate(location.path);
  }
  const options: Record<string, unknown> = {};
  if (location.authToken) options.authToken = location.authToken;
  if (location.syncUrl) options.syncUrl = location.syncUrl;
  const db = new Libsql(location.path, options);
  if (local) {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA busy_timeout = 5000');
    keepPrivate(location.path);
  }
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

/** Runs `work` in one transaction (IMMEDIATE, so concurrent writers queue instead of failing late). */
export function transaction<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}

/**
 * Runs `work` inside the current transaction under a savepoint: when it throws, what it wrote is rolled
 * back (the enclosing transaction goes on) and the error is rethrown.
 */
export function savepoint<T>(db: Database, name: string, work: () => T): T {
  db.exec(`SAVEPOINT ${name}`);
  try {
    const result = work();
    db.exec(`RELEASE ${name}`);
    return result;
  } catch (error) {
    db.exec(`ROLLBACK TO ${name}`);
    db.exec(`RELEASE ${name}`);
    throw error;
  }
}

/**
 * Runs `work` atomically: in a new transaction, or under a savepoint of the one already open (a sync push
 * applies each mutation inside its own), so the same service code serves both.
 */
export function atomically<T>(db: Database, name: string, work: () => T): T {
  return db.inTransaction ? savepoint(db, name, work) : transaction(db, work);
}
