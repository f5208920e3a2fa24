/**
 * What libsql's errors say about a connection to a libSQL server. Hrana is libSQL's protocol; libsql gives
 * only text (no code), for example:
 *
 *   Hrana(Api("status=400 Bad Request, body={"message":"The stream has expired due to inactivity","code":"STREAM_EXPIRED"}"))
 *   Hrana(Api("status=400 Bad Request, body=Received an invalid baton"))      (the server restarted)
 *   Hrana(Http("error trying to connect: tcp connect error: Connection refused (os error 111)"))
 *   Hrana(Api("Transaction timed out"))                                       (held open over 5 s)
 *   Hrana(Api("SQLite error: database is locked"))                           (another writer holds the lock)
 *   Hrana(CursorError(StepError { step: 0, error: Error { message: "SQLite error: interrupted", … } }))
 */

/** The server no longer knows the connection's stream: it ran nothing sent on it. */
const STREAM_LOST = /STREAM_EXPIRED|STREAM_CLOSED|invalid baton|stream not found/i;
/** The request never reached the server. */
const NOT_CONNECTED = /Hrana\(Http\("error trying to connect/;
/** Any failure to talk to the server over HTTP. */
const TRANSPORT = /Hrana\(Http\(/;
const TRANSACTION_TIMED_OUT = /Hrana\(Api\("Transaction timed out/;
/**
 * Another connection's lock stood in the way: SQLite refused the statement (busy), or the server stopped it
 * so that a waiting writer could go on (interrupted; seen on plain reads too, while other instances write).
 * SQLite undoes an interrupted statement, and the transaction it wrote in.
 */
const LOCK_CONTENDED = /database is locked|SQLITE_BUSY|SQLite error: interrupted|SQLITE_INTERRUPT/;

function textOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The statement that failed so never ran: sending it again on a new connection cannot run it twice. */
export function failedUnsent(error: unknown): boolean {
  const text = textOf(error);
  return STREAM_LOST.test(text) || NOT_CONNECTED.test(text);
}

/** The connection cannot be used again: the next statement needs a new one. */
export function connectionBroken(error: unknown): boolean {
  const text = textOf(error);
  return STREAM_LOST.test(text) || TRANSPORT.test(text) || TRANSACTION_TIMED_OUT.test(text);
}

/** The statement lost to another connection's lock and took no effect: it may be sent again. */
export function lockContended(error: unknown): boolean {
  return LOCK_CONTENDED.test(textOf(error));
}

/** The database server cannot be reached, or is busy, at the moment (a request may succeed again later). */
export function databaseUnreachable(error: unknown): boolean {
  return (
    TRANSPORT.test(textOf(error)) ||
    lockContended(error) ||
    error instanceof TransactionLostError ||
    error instanceof DatabaseBusyError
  );
}

/**
 * A transaction whose connection broke before it committed: the server rolled it back, and nothing more
 * of it may run (a statement on a new connection would be outside the transaction).
 */
export class TransactionLostError extends Error {
  constructor(cause: unknown) {
    super('数据库连接中断，本次操作已整体撤销，请重试', { cause });
    this.name = 'TransactionLostError';
  }
}

/** A transaction that lost to other writers' locks each time it was run: nothing of it was applied. */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('数据库繁忙，本次操作已整体撤销，请稍后重试', { cause });
    this.name = 'DatabaseBusyError';
  }
}
