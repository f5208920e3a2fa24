import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sqld, sqldBinary, startSqld } from '../testing/sqld.ts';
import { connectionBroken, databaseUnreachable, failedUnsent, TransactionLostError } from './connection-errors.ts';
import { type Database, databaseLocation, openDatabase, transaction } from './database.ts';
import { queryAll, queryOne } from './query.ts';

const EXPIRED =
  'Hrana(Api("status=400 Bad Request, body={\\"message\\":\\"The stream has expired due to inactivity\\",\\"code\\":\\"STREAM_EXPIRED\\"}"))';
const RESTARTED = 'Hrana(Api("status=400 Bad Request, body=Received an invalid baton"))';
const REFUSED = 'Hrana(Http("error trying to connect: tcp connect error: Connection refused (os error 111)"))';
const RESET = 'Hrana(Http("connection closed before message completed"))';

describe('what a libSQL error says about the connection', () => {
  it('an expired stream or a restarted server ran nothing: send again on a new connection', () => {
    for (const text of [EXPIRED, RESTARTED, REFUSED]) {
      expect(failedUnsent(new Error(text)), text).toBe(true);
      expect(connectionBroken(new Error(text)), text).toBe(true);
    }
  });

  it('a connection lost mid-answer may have run the statement: reopen, but do not send it again', () => {
    expect(connectionBroken(new Error(RESET))).toBe(true);
    expect(failedUnsent(new Error(RESET))).toBe(false);
    expect(databaseUnreachable(new Error(RESET))).toBe(true);
  });

  it('an SQL error is just an SQL error', () => {
    const error = new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: t.v');
    expect(connectionBroken(error)).toBe(false);
    expect(failedUnsent(error)).toBe(false);
    expect(databaseUnreachable(error)).toBe(false);
  });
});

const count = (db: Database) => queryOne<{ n: number }>(db, 'SELECT count(*) AS n FROM t')?.n;

describe.skipIf(!sqldBinary())('a connection to a libSQL server (sqld)', () => {
  let sqld: Sqld;
  let db: Database;

  beforeAll(async () => {
    sqld = await startSqld();
    db = openDatabase(databaseLocation(sqld.url));
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)');
  });
  afterAll(async () => {
    db.close();
    await sqld.close();
  });

  it('goes on after the server restarts: cached statements are prepared again on a new connection', async () => {
    transaction(db, () => queryAll(db, "INSERT INTO t (v) VALUES ('before') RETURNING id"));
    expect(count(db)).toBe(1);
    await sqld.stop();
    await sqld.start();
    // The old connection's stream is unknown to the new server process ("invalid baton").
    expect(count(db)).toBe(1);
    transaction(db, () => queryAll(db, "INSERT INTO t (v) VALUES ('after') RETURNING id"));
    expect(count(db)).toBe(2);
  });

  it('keeps settings every connection needs (foreign keys) on the new connection', async () => {
    await sqld.stop();
    await sqld.start();
    expect(db.prepare('PRAGMA foreign_keys').all([])).toEqual([{ foreign_keys: 1 }]);
  });

  it('a transaction that loses its connection half-way is not applied at all, and the next one works', async () => {
    const before = count(db);
    let lost: unknown;
    try {
      transaction(db, () => {
        queryAll(db, "INSERT INTO t (v) VALUES ('half') RETURNING id");
        sqld.kill();
        try {
          queryAll(db, "INSERT INTO t (v) VALUES ('other half') RETURNING id");
        } catch {
          // Swallowed on purpose: what follows must still not run outside the transaction.
        }
        queryAll(db, "INSERT INTO t (v) VALUES ('third') RETURNING id");
      });
    } catch (error) {
      lost = error;
    }
    expect(lost).toBeInstanceOf(TransactionLostError);
    expect(db.inTransaction).toBe(false);
    await sqld.start();
    expect(count(db)).toBe(before);
    expect(queryAll(db, "SELECT v FROM t WHERE v IN ('half', 'other half', 'third')")).toEqual([]);
    transaction(db, () => queryAll(db, "INSERT INTO t (v) VALUES ('whole') RETURNING id"));
    expect(count(db)).toBe((before ?? 0) + 1);
  });

  it('an IMMEDIATE transaction waits for the write of another instance to commit', async () => {
    // Another process holds the write lock for 400 ms. The server queues BEGIN IMMEDIATE behind it; a
    // deferred transaction that read first and then wrote would fail at once with "database is locked"
    // (a read lock cannot wait to become a write lock), which is why every writer uses `transaction()`.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const Database = require('libsql');
         const db = new Database(${JSON.stringify(sqld.url)});
         db.exec('BEGIN IMMEDIATE');
         db.exec("INSERT INTO t (v) VALUES ('held')");
         process.stdout.write('locked\\n');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
         db.exec('COMMIT');`,
      ],
      { cwd: new URL('.', import.meta.url).pathname, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    transaction(db, () => queryAll(db, "INSERT INTO t (v) VALUES ('waited') RETURNING id"));
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(queryAll(db, "SELECT v FROM t WHERE v IN ('held', 'waited') ORDER BY id")).toEqual([
      { v: 'held' },
      { v: 'waited' },
    ]);
  });

  it('an SQL error in a transaction rolls it back on the same connection, as libsql does', () => {
    const before = count(db);
    expect(() =>
      transaction(db, () => {
        queryAll(db, "INSERT INTO t (v) VALUES ('unique') RETURNING id");
        queryAll(db, "INSERT INTO t (v) VALUES ('unique') RETURNING id");
      }),
    ).toThrow(/UNIQUE/);
    expect(count(db)).toBe(before);
  });
});
