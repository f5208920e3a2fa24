import { createMiddleware } from 'hono/factory';

/** One line per request: method, path, status, duration. */
export function requestLog(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {
  return createMiddleware(async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    write(`${new Date().toISOString()} ${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  });
}
