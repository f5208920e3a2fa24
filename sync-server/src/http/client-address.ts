import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/** Addresses are stored with each throttled attempt; a forged header must not make that row large. */
const MAX_ADDRESS_LENGTH = 64;

/**
 * The entry of a comma-separated forwarding header that the outermost of `trustedProxies` proxies wrote:
 * each proxy appends what it saw, so entries further left were written by the client and prove nothing.
 *
 * @example
 * forwardedEntry('1.2.3.4, 10.0.0.7', 1); // '10.0.0.7' (what the one trusted proxy saw)
 * forwardedEntry('1.2.3.4, 10.0.0.7', 2); // '1.2.3.4'
 */
export function forwardedEntry(header: string | undefined, trustedProxies: number): string | undefined {
  if (!header || trustedProxies <= 0) return undefined;
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const entry = entries[Math.max(0, entries.length - trustedProxies)];
  return entry?.slice(0, MAX_ADDRESS_LENGTH);
}

/**
 * The caller's address, for throttling: from `X-Forwarded-For` when TRUST_PROXY says a proxy sets it,
 * else the socket's peer. Requests made in-process (tests) have no socket: 'local'.
 */
export function clientAddress(c: Context<AppEnv>): string {
  const forwarded = forwardedEntry(c.req.header('X-Forwarded-For'), c.var.services.config.trustProxy ?? 0);
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'local';
  }
}

/**
 * Whether the caller reached us over https: `X-Forwarded-Proto` (its value given) behind a trusted proxy,
 * else the request URL's scheme.
 */
export function isHttpsRequest(forwardedProto: string | undefined, url: string, proxies: number): boolean {
  const forwarded = forwardedEntry(forwardedProto, proxies);
  if (forwarded) return forwarded.toLowerCase() === 'https';
  // The URL's scheme is its first letters: no URL to parse on every answer.
  return url.startsWith('https:');
}

/** `isHttpsRequest` for a request in a handler. */
export function isHttps(c: Context, proxies: number): boolean {
  return isHttpsRequest(c.req.header('X-Forwarded-Proto'), c.req.url, proxies);
}
