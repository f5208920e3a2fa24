import type Libsql from 'libsql';
import {
  connectionBroken,
  DatabaseBusyError,
  failedUnsent,
  lockContended,
  TransactionLostError,
} from './connection-errors.ts';
import type { Database, Statement, Transaction } from './database.ts';

type Connection = Libsql.Database;

/**
 * The pauses before a statement or transaction that lost to another connection's lock is run again, in ms.
 * Blocking, like every statement of this synchronous driver; rare (other instances writing at the moment).
 */
const CONTENTION_PAUSES_MS = [10, 40, 120, 300, 600] as const;

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A connection to a libSQL server (`DATABASE_URL=http://…`) that outlives its stream. libsql keeps one
 * server-side stream per connection and never reopens it; the server drops a stream idle for ~10 s (and
 * all of them when it restarts), after which every statement fails. This holder opens a new connection
 * then, and sends again a statement the server never ran, so a request after a quiet spell just works.
 *
 * Transactions stay all or nothing: BEGIN is the only statement of a transaction that is ever sent again
 * (nothing has run yet). A connection that breaks later loses the transaction, which the server rolls
 * back; every further statement of it fails with TransactionLostError, and the next one after it runs
 * on a new connection.
 *
 * Other instances writing to the same server can make a statement lose to their lock: refused (busy) or
 * stopped by the server (interrupted), with no effect. Outside a transaction it is sent again after a
 * short pause. In a transaction nothing more of it runs: it is rolled back and run again whole. After
 * `CONTENTION_PAUSES_MS` such turns the statement's error, or DatabaseBusyError, is thrown.
 */
export class ReconnectingDatabase implements Database {
  private connection: Connection | undefined;
  /** Counts connections opened, so a statement knows whether it was prepared on the current one. */
  private generation = 0;
  private transactionOpen = false;
  /**
   * Why nothing more of the open transaction runs: a statement of it lost to a lock (the connection is
   * still good), or its connection broke (the server ended the transaction with it).
   */
  private transactionLost: { readonly cause: unknown; readonly connectionGone: boolean } | undefined;
  private closed = false;

  constructor(private readonly connect: () => Connection) {
    this.connection = connect();
    this.generation = 1;
  }

  get inTransaction(): boolean {
    return this.transactionOpen;
  }

  get open(): boolean {
    return !this.closed;
  }

  /**
   * Runs `use` on the connection. Outside a transaction, a statement the server never ran (its stream was
   * gone, or the server could not be reached) is sent once more on a new connection.
   */
  use<Result>(use: (connection: Connection, generation: number) => Result): Result {
    for (let turn = 0; ; turn++) {
      try {
        return use(this.current(), this.generation);
      } catch (error) {
        if (lockContended(error)) {
          if (this.transactionOpen) {
            this.transactionLost = { cause: error, connectionGone: false };
            throw error;
          }
          const wait = CONTENTION_PAUSES_MS[turn];
          if (wait === undefined) throw error;
          pause(wait);
          continue;
        }
        if (!connectionBroken(error)) throw error;
        this.drop(error);
        if (this.transactionOpen || !failedUnsent(error)) throw error;
        return use(this.current(), this.generation);
      }
    }
  }

  prepare(sql: string): Statement {
    return new ReconnectingStatement(this, sql);
  }

  exec(sql: string): this {
    this.use((connection) => connection.exec(sql));
    return this;
  }

  transaction<Result>(work: () => Result): Transaction<Result> {
    const run = (mode: string) => () => this.runTransaction(mode, work);
    return Object.assign(run(''), {
      deferred: run('DEFERRED'),
      immediate: run('IMMEDIATE'),
      exclusive: run('EXCLUSIVE'),
    });
  }

  close(): void {
    this.closed = true;
    this.connection?.close();
    this.connection = undefined;
  }

  private runTransaction<Result>(mode: string, work: () => Result): Result {
    if (this.transactionOpen) throw new Error('cannot start a transaction within a transaction');
    for (let turn = 0; ; turn++) {
      const outcome = this.runTransactionOnce(mode, work);
      if (outcome.ran) return outcome.result;
      // It lost to another connection's lock and was rolled back: run it again whole, after a pause.
      const wait = CONTENTION_PAUSES_MS[turn];
      if (wait === undefined) throw new DatabaseBusyError(outcome.contention);
      pause(wait);
    }
  }

  /** One run of a transaction: its result, or the lock it lost to (then nothing of it was applied). */
  private runTransactionOnce<Result>(
    mode: string,
    work: () => Result,
  ): { ran: true; result: Result } | { ran: false; contention: unknown } {
    // Sent again after a quiet spell like any statement: nothing of the transaction has run yet.
    this.use((connection) => connection.exec(`BEGIN ${mode}`));
    // transactionLost is undefined here: every run clears it when it ends.
    this.transactionOpen = true;
    try {
      const result = work();
      this.use((connection) => connection.exec('COMMIT'));
      return { ran: true, result };
    } catch (error) {
      // Work may catch the lost statement's error and fail on the next one: the lock is the cause either way.
      const lost = this.transactionLost;
      if (!lost?.connectionGone) this.rollback();
      if (lost && !lost.connectionGone) return { ran: false, contention: lost.cause };
      throw error;
    } finally {
      this.transactionOpen = false;
      this.transactionLost = undefined;
    }
  }

  private rollback(): void {
    // The connection itself, not current(): a transaction that lost a statement to a lock refuses further ones.
    const connection = this.connection;
    if (!connection) return;
    try {
      connection.exec('ROLLBACK');
    } catch (error) {
      // SQLite ends the transaction itself on some errors (a full disk, an interrupt): the error that
      // failed the work is the one to report.
      if (error instanceof Error && error.message.includes('no transaction is active')) return;
      // A connection that broke just now, or a ROLLBACK that lost to a lock: a transaction the server may
      // still hold open must not take the next statements, so the connection goes (and the server ends it).
      if (!connectionBroken(error) && !lockContended(error)) throw error;
      this.drop(error);
    }
  }

  private current(): Connection {
    if (this.closed) throw new Error('数据库连接已关闭');
    if (this.transactionOpen && this.transactionLost !== undefined) {
      throw new TransactionLostError(this.transactionLost.cause);
    }
    if (!this.connection) {
      this.connection = this.connect();
      this.generation += 1;
    }
    return this.connection;
  }

  private drop(cause: unknown): void {
    if (this.transactionOpen) {
      this.transactionLost = { cause, connectionGone: true };
    }
    try {
      this.connection?.close();
    } catch {
      // Closing a connection whose stream is gone has nothing left to release.
    }
    this.connection = undefined;
  }
}

/** A statement prepared again on each new connection (a prepared statement belongs to one). */
class ReconnectingStatement implements Statement {
  private prepared: Libsql.Statement<unknown[]> | undefined;
  private preparedOn = 0;
  private rawRows = false;

  constructor(
    private readonly db: ReconnectingDatabase,
    private readonly sql: string,
  ) {
    // Prepared at once, as libsql does, so a mistake in the SQL shows where the statement is made.
    db.use((connection, generation) => this.on(connection, generation));
  }

  all(...params: unknown[]): unknown[] {
    return this.db.use((connection, generation) => this.on(connection, generation).all(...params));
  }

  get(...params: unknown[]): unknown {
    return this.db.use((connection, generation) => this.on(connection, generation).get(...params));
  }

  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint } {
    return this.db.use((connection, generation) => this.on(connection, generation).run(...params));
  }

  raw(toggle = true): this {
    this.rawRows = toggle;
    this.prepared?.raw(toggle);
    return this;
  }

  private on(connection: Connection, generation: number): Libsql.Statement<unknown[]> {
    if (!this.prepared || this.preparedOn !== generation) {
      this.prepared = connection.prepare(this.sql);
      // libsql refuses raw() (even raw(false)) on a statement that returns no rows.
      if (this.rawRows) this.prepared.raw(true);
      this.preparedOn = generation;
    }
    return this.prepared;
  }
}
