/**
 * What libsql's errors say about a connection to a libSQL server. Hrana is libSQL's protocol; libsql gives
 * only text (no code), for example:
 *
 *   Hrana(Api("status=400 Bad Request, body={"message":"The stream has expired due to inactivity","code":"STREAM_EXPIRED"}"))
 *   Hrana(Api("status=400 Bad Request, body=Received an invalid baton"))      (the server restarted)
 *   Hrana(Http("error trying to connect: tcp connect error: Connection refused (os error 111)"))
 *   Hrana(Api("Transaction timed out"))                                       (held open over 5 s)
 */

/** The server no longer knows the connection's stream: it ran nothing sent on it. */
const STREAM_LOST = /STREAM_EXPIRED|STREAM_CLOSED|invalid baton|stream not found/i;
/** The request never reached the server. */
const NOT_CONNECTED = /Hrana\(Http\("error trying to connect/;
/** Any failure to talk to the server over HTTP. */
const TRANSPORT = /Hrana\(Http\(/;
const TRANSACTION_TIMED_OUT = /Hrana\(Api\("Transaction timed out/;

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

/** The database server cannot be reached at the moment (a request may succeed again later). */
export function databaseUnreachable(error: unknown): boolean {
  return TRANSPORT.test(textOf(error)) || error instanceof TransactionLostError;
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
