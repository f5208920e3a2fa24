import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Libsql from 'libsql';
import type { ServerConfig } from '../config.ts';
import { ReconnectingDatabase } from './reconnecting-database.ts';

/** A prepared statement: the part of libsql's that the server uses. */
export interface Statement {
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint };
  raw(toggle?: boolean): this;
}

/** libsql's `db.transaction(fn)`: call it (or `.immediate()`, …) to run `fn` between BEGIN and COMMIT. */
export interface Transaction<Result> {
  (): Result;
  deferred(): Result;
  immediate(): Result;
  exclusive(): Result;
}

/**
 * A libSQL connection with libsql's synchronous API: a local file (a libsql `Database`) or a remote
 * server (a `ReconnectingDatabase`, which reopens a connection whose stream the server dropped).
 */
export interface Database {
  prepare(sql: string): Statement;
  exec(sql: string): unknown;
  transaction<Result>(work: () => Result): Transaction<Result>;
  readonly inTransaction: boolean;
  /** False once closed. */
  readonly open: boolean;
  close(): void;
}

export interface DatabaseLocation {
  /** What `new Database()` opens: a file path, ':memory:', or a remote libSQL URL. */
  readonly path: string;
  readonly authToken?: string;
  /** With a local path: the remote primary of an embedded replica. */
  readonly syncUrl?: string;
  /** An embedded replica pulls the primary's changes this often, in seconds. */
  readonly syncPeriodSeconds?: number;
}

export interface RemoteOptions {
  readonly authToken?: string | undefined;
  /** Makes a file an embedded replica of this libSQL server. */
  readonly syncUrl?: string | undefined;
  readonly syncPeriodSeconds?: number | undefined;
}

const REMOTE_URL = /^(libsql|https?|wss?):\/\//;

/**
 * Reads DATABASE_URL: `file:data/fcf.db` (default; relative to the working directory), `:memory:`, or a
 * `libsql://`, `http(s)://` URL of a libSQL server (token in DATABASE_AUTH_TOKEN). DATABASE_SYNC_URL makes
 * the file an embedded replica of that server.
 */
export function databaseLocation(url: string, remote: RemoteOptions = {}): DatabaseLocation {
  const token = remote.authToken ? { authToken: remote.authToken } : {};
  if (REMOTE_URL.test(url)) return { path: url, ...token };
  if (url === ':memory:' || url === 'file::memory:') return { path: ':memory:' };
  const path = url.startsWith('file:') ? url.slice('file:'.length) : url;
  const replica = remote.syncUrl
    ? { syncUrl: remote.syncUrl, ...(remote.syncPeriodSeconds ? { syncPeriodSeconds: remote.syncPeriodSeconds } : {}) }
    : {};
  return { path: resolve(path), ...token, ...replica };
}

/** The database the configuration names (DATABASE_URL, DATABASE_AUTH_TOKEN, DATABASE_SYNC_URL, …). */
export function configuredDatabaseLocation(
  config: Pick<ServerConfig, 'databaseUrl' | 'databaseAuthToken' | 'databaseSyncUrl' | 'databaseSyncPeriodSeconds'>,
): DatabaseLocation {
  return databaseLocation(config.databaseUrl, {
    authToken: config.databaseAuthToken,
    syncUrl: config.databaseSyncUrl,
    syncPeriodSeconds: config.databaseSyncPeriodSeconds,
  });
}

/** Only the server's own user may read or write a file (it holds password hashes and the token secret). */
const PRIVATE_MODE = 0o600;

/**
 * Takes group and other access away from the database's files (an earlier version made them readable).
 * By path only: opening and closing a descriptor on a database file that SQLite has open in this process
 * would release every POSIX lock SQLite holds on it (they belong to the process, not the descriptor), and
 * another SQLite process would then take itself for the last user and delete the live -wal and -shm.
 */
function restrictAccess(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-client_wal_index`]) {
    let mode: number;
    try {
      mode = statSync(file).mode;
    } catch {
      continue; // not there (yet)
    }
    if ((mode & 0o077) !== 0) chmodSync(file, PRIVATE_MODE);
  }
}

/**
 * Creates the database file empty with mode 0600 before SQLite first opens it (SQLite gives the -wal and
 * -shm files it makes the database file's mode). Only a file that does not exist yet is opened here, so no
 * descriptor is ever opened on a file SQLite may hold (see restrictAccess).
 */
function createPrivately(path: string): void {
  try {
    closeSync(openSync(path, 'wx', PRIVATE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** What libsql's constructor reads beyond its (better-sqlite3) typings. */
interface LibsqlOptions extends Libsql.Options {
  authToken?: string;
  syncPeriod?: number;
}

/** Settings every connection needs, whatever it is: a remote one gets them again when it is reopened. */
function prepareConnection(db: Libsql.Database): void {
  db.exec('PRAGMA foreign_keys = ON');
}

export function openDatabase(location: DatabaseLocation): Database {
  const authToken: LibsqlOptions = location.authToken ? { authToken: location.authToken } : {};
  if (REMOTE_URL.test(location.path)) {
    return new ReconnectingDatabase(() => {
      const connection = new Libsql(location.path, authToken);
      prepareConnection(connection);
      return connection;
    });
  }
  const file = location.path !== ':memory:';
  if (file) mkdirSync(dirname(location.path), { recursive: true });
  if (location.syncUrl) {
    // An embedded replica: libsql keeps the file in step with the primary and sends writes there (and, by
    // default, waits to read them back). Journal mode, syncing and locking are the primary's: the replica
    // refuses those pragmas. libsql makes the files itself (it refuses an empty file made beforehand).
    const options: LibsqlOptions = { ...authToken, syncUrl: location.syncUrl };
    if (location.syncPeriodSeconds) options.syncPeriod = location.syncPeriodSeconds;
    const replica = new Libsql(location.path, options);
    restrictAccess(location.path);
    prepareConnection(replica);
    return replica;
  }
  if (file) {
    createPrivately(location.path);
    restrictAccess(location.path);
  }
  const db = new Libsql(location.path);
  if (file) {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA busy_timeout = 5000');
  }
  prepareConnection(db);
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
