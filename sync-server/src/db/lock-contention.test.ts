import type Libsql from 'libsql';
import { describe, expect, it } from 'vitest';
import { DatabaseBusyError, databaseUnreachable, lockContended } from './connection-errors.ts';
import { transaction } from './database.ts';
import { queryAll } from './query.ts';
import { ReconnectingDatabase } from './reconnecting-database.ts';

// The texts libsql gave while two server processes started together on one sqld (scale-out.test.ts).
const INTERRUPTED =
  'Hrana(CursorError(StepError { step: 0, error: Error { message: "SQLite error: interrupted", code: "SQLITE_INTERRUPT" } }))';
const LOCKED = 'Hrana(Api("SQLite error: database is locked"))';

/**
 * A connection to a libSQL server that records what it was sent and fails the statements `fail` picks with
 * a lock's error, as sqld does when another instance holds (or waits for) the write lock.
 */
class FakeServer {
  readonly sent: string[] = [];
  readonly committed: string[] = [];
  private pending: string[] = [];
  private inTransaction = false;
  opened = 0;

  constructor(private readonly fail: (sql: string, sentBefore: readonly string[]) => string | undefined) {}

  connect = (): Libsql.Database => {
    this.opened++;
    const run = (sql: string) => this.run(sql);
    const connection = {
      exec: (sql: string) => {
        run(sql);
        return connection;
      },
      prepare: (sql: string) => ({
        all: () => {
          run(sql);
          return [];
        },
        get: () => {
          run(sql);
          return undefined;
        },
        run: () => {
          run(sql);
          return { changes: 1, lastInsertRowid: 1 };
        },
        raw: () => undefined,
      }),
      close: () => undefined,
    };
    return connection as unknown as Libsql.Database;
  };

  private run(sql: string): void {
    const error = this.fail(sql, this.sent);
    this.sent.push(sql);
    if (error) {
      // SQLite undoes an interrupted statement, and the transaction it wrote in.
      this.pending = [];
      if (error === INTERRUPTED && !sql.startsWith('BEGIN')) this.inTransaction = false;
      throw new Error(error);
    }
    if (sql.startsWith('BEGIN')) {
      this.inTransaction = true;
      this.pending = [];
    } else if (sql === 'COMMIT') {
      this.committed.push(...this.pending);
      this.inTransaction = false;
      this.pending = [];
    } else if (sql === 'ROLLBACK') {
      if (!this.inTransaction) throw new Error('SQLITE_ERROR: cannot rollback - no transaction is active');
      this.inTransaction = false;
      this.pending = [];
    } else if (sql.startsWith('INSERT')) {
      if (this.inTransaction) this.pending.push(sql);
      else this.committed.push(sql);
    }
  }
}

const failing = (times: number, error: string, matches: (sql: string) => boolean) => {
  let left = times;
  return (sql: string) => {
    if (left > 0 && matches(sql)) {
      left--;
      return error;
    }
    return undefined;
  };
};

/** Runs one INSERT in a transaction on `server`; how many times the work ran, and what it threw. */
function insertInTransaction(server: FakeServer): { runs: number; thrown: unknown } {
  const db = new ReconnectingDatabase(server.connect);
  let runs = 0;
  try {
    transaction(db, () => {
      runs++;
      queryAll(db, "INSERT INTO t VALUES ('a')");
    });
    return { runs, thrown: undefined };
  } catch (error) {
    expect(db.inTransaction).toBe(false);
    return { runs, thrown: error };
  }
}

describe('a statement that loses to another connection’s lock', () => {
  it('knows the lock’s errors, and answers them as a busy database (503), not a fault', () => {
    for (const text of [INTERRUPTED, LOCKED]) {
      expect(lockContended(new Error(text)), text).toBe(true);
      expect(databaseUnreachable(new Error(text)), text).toBe(true);
    }
    expect(lockContended(new Error('SQLITE_CONSTRAINT: UNIQUE constraint failed: t.v'))).toBe(false);
    expect(databaseUnreachable(new DatabaseBusyError(new Error(LOCKED)))).toBe(true);
  });

  it('a read outside a transaction is sent again after a pause, on the same connection', () => {
    const server = new FakeServer(failing(2, INTERRUPTED, (sql) => sql.startsWith('SELECT')));
    const db = new ReconnectingDatabase(server.connect);
    expect(queryAll(db, 'SELECT 1')).toEqual([]);
    expect(server.sent.filter((sql) => sql === 'SELECT 1')).toHaveLength(3);
    expect(server.opened).toBe(1);
  });

  it('a BEGIN refused for the lock is sent again: nothing of the transaction had run', () => {
    const server = new FakeServer(failing(1, LOCKED, (sql) => sql.startsWith('BEGIN')));
    const db = new ReconnectingDatabase(server.connect);
    transaction(db, () => queryAll(db, "INSERT INTO t VALUES ('a')"));
    expect(server.committed).toEqual(["INSERT INTO t VALUES ('a')"]);
  });

  it('a transaction interrupted half-way is rolled back and run again whole; nothing runs outside it', () => {
    const server = new FakeServer(failing(1, INTERRUPTED, (sql) => sql === "INSERT INTO t VALUES ('b')"));
    const db = new ReconnectingDatabase(server.connect);
    let runs = 0;
    transaction(db, () => {
      runs++;
      queryAll(db, "INSERT INTO t VALUES ('a')");
      try {
        queryAll(db, "INSERT INTO t VALUES ('b')");
      } catch {
        // Swallowed on purpose: what follows must not run in autocommit, outside the transaction.
      }
      queryAll(db, "INSERT INTO t VALUES ('c')");
    });
    expect(runs).toBe(2);
    expect(server.committed).toEqual([
      "INSERT INTO t VALUES ('a')",
      "INSERT INTO t VALUES ('b')",
      "INSERT INTO t VALUES ('c')",
    ]);
    // The first run stopped at the interrupted statement; its ROLLBACK found the transaction already undone.
    expect(server.sent.slice(0, 4)).toEqual([
      'BEGIN IMMEDIATE',
      "INSERT INTO t VALUES ('a')",
      "INSERT INTO t VALUES ('b')",
      'ROLLBACK',
    ]);
  });

  it('a transaction that loses every time ends as DatabaseBusyError, with nothing applied', () => {
    const server = new FakeServer((sql) => (sql.startsWith('INSERT') ? INTERRUPTED : undefined));
    const { runs, thrown } = insertInTransaction(server);
    expect(thrown).toBeInstanceOf(DatabaseBusyError);
    expect(runs).toBe(6);
    expect(server.committed).toEqual([]);
  });

  it('an SQL error in a transaction is thrown at once, not run again', () => {
    const constraint = 'SQLITE_CONSTRAINT: UNIQUE constraint failed: t.v';
    const { runs, thrown } = insertInTransaction(
      new FakeServer(failing(1, constraint, (sql) => sql.startsWith('INSERT'))),
    );
    expect(String(thrown)).toMatch(/UNIQUE/);
    expect(runs).toBe(1);
  });
});
