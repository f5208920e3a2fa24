import { randomBytes } from 'node:crypto';
import { createMiddleware } from 'hono/factory';

const REQUEST_ID_HEADER = 'X-Request-Id';

const ID_BYTES = 6;
const POOL_IDS = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/** 12 random hex digits, cut from a pool filled 4,096 ids at a time (one system call per id cost ~5% of a cached answer). */
function randomId(): string {
  if (poolOffset + ID_BYTES > pool.length) {
    pool = randomBytes(ID_BYTES * POOL_IDS);
    poolOffset = 0;
  }
  poolOffset += ID_BYTES;
  return pool.toString('hex', poolOffset - ID_BYTES, poolOffset);
}

/** An id a proxy in front may pass on: short, and only characters that cannot forge a log line. */
const FORWARDED_ID = /^[\w-]{8,128}$/;

/**
 * Gives each request an id: in `c.var.requestId`, the `X-Request-Id` answer header, the request log, and
 * the body of a 500 (so a person can quote it and the log line can be found). Behind trusted proxies
 * (`TRUST_PROXY` > 0) a well-formed `X-Request-Id` they send is kept, so their logs and ours agree.
 *
 * @example
 * app.use('*', requestId(0));
 * // → X-Request-Id: 5f0c2a9be71d
 */
export function requestId(trustedProxies: number) {
  return createMiddleware<{ Variables: { requestId: string } }>(async (c, next) => {
    const forwarded = trustedProxies > 0 ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const id = forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomId();
    c.set('requestId', id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
  });
}
