import { INVISIBLE_CHARACTER_CLASS } from '@fcf/engine/contract';
import { createMiddleware } from 'hono/factory';

/** C0 and C1 controls, DEL, the line and paragraph separators, invisible characters and the backslash. */
const UNPRINTABLE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\\\${INVISIBLE_CHARACTER_CLASS}]`, 'gu');

/**
 * A request field as it may appear in a log line: control characters (a decoded `%0A` in a path would
 * start a forged line) and the backslash as `\xNN` / `\uNNNN` escapes, so one request is one line and the
 * escapes cannot be confused with text.
 *
 * @example
 * logField('/api/x\n2026-01-01 GET /admin 200'); // '/api/x\\x0a2026-01-01 GET /admin 200'
 */
export function logField(text: string): string {
  return text.replace(UNPRINTABLE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
    return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/** Where log lines go unless a test says otherwise. */
export const writeToStdout = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** A request's log line: time, request id (`-` without one), method, path, status, duration. */
export function requestLogLine(id: string | undefined, method: string, path: string, status: number, started: number) {
  const ms = (performance.now() - started).toFixed(1);
  return `${new Date().toISOString()} ${id ?? '-'} ${logField(method)} ${logField(path)} ${status} ${ms}ms`;
}

/** One line per request (`requestLogLine`). */
export function requestLog(write: (line: string) => void = writeToStdout) {
  return createMiddleware<{ Variables: { requestId?: string } }>(async (c, next) => {
    const started = performance.now();
    await next();
    write(requestLogLine(c.var.requestId, c.req.method, c.req.path, c.res.status, started));
  });
}
