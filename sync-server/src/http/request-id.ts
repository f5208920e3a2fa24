import { randomBytes } from 'node:crypto';

export const REQUEST_ID_HEADER = 'X-Request-Id';

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
 * The id of a request: a well-formed `X-Request-Id` a trusted proxy sent (`TRUST_PROXY` > 0), so their logs
 * and ours agree, or a new one. It names the request in `c.var.requestId`, the `X-Request-Id` answer header,
 * the request log and the body of a 500 (so a person can quote it and the log line can be found); the
 * answer-headers middleware sets it.
 *
 * @example
 * requestIdFor(undefined, 0); // → '5f0c2a9be71d'
 */
export function requestIdFor(forwardedHeader: string | undefined, trustedProxies: number): string {
  const forwarded = trustedProxies > 0 ? forwardedHeader : undefined;
  return forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomId();
}
