import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';
import type { AppEnv } from '../app-env.ts';

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

/** `address` with all but its first `bits` bits cleared, as `network/bits` ('' prefix when whole). */
function maskedAddress(address: string, ipv4Bits: number, ipv6Bits: number): string {
  // Not an IP address ('local' in tests, what a trusted proxy wrote): counted as it is.
  if (!ipaddr.isValid(address)) return address;
  // An IPv4 address on a dual-stack socket reads '::ffff:203.0.113.7': it is the IPv4 address.
  const ip = ipaddr.process(address);
  const bits = ip.kind() === 'ipv4' ? ipv4Bits : ipv6Bits;
  const bytes = ip.toByteArray();
  const masked = bytes.map((byte, index) => {
    const kept = bits - index * 8;
    return kept >= 8 ? byte : kept <= 0 ? 0 : byte & (0xff << (8 - kept));
  });
  const network = ipaddr.fromByteArray(masked).toString();
  return bits >= bytes.length * 8 ? network : `${network}/${bits}`;
}

/**
 * Who is counted by the login throttle: an IPv4 address whole, an IPv6 address by its /64, the block one
 * subscriber is given (any address in it is theirs to use, so counting single addresses would count nothing).
 *
 * @example
 * throttledAddress('::ffff:203.0.113.7');         // '203.0.113.7'
 * throttledAddress('2001:db8:1:2:aaaa:bbbb::1'); // '2001:db8:1:2::/64'
 */
export function throttledAddress(address: string): string {
  return maskedAddress(address, 32, 64);
}

/**
 * The network an address is in, for the registration limit: its IPv4 /24 or IPv6 /64, so taking the
 * next address of one's block does not make a new caller.
 *
 * @example
 * addressNetwork('203.0.113.77');             // '203.0.113.0/24'
 * addressNetwork('2001:db8:1:2:aaaa::1');     // '2001:db8:1:2::/64'
 */
export function addressNetwork(address: string): string {
  return maskedAddress(address, 24, 64);
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
