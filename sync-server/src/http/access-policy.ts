/**
 * Who may call what. Secure by default: every mutating request and every /api/admin/* path needs an
 * admin, except the few listed here. A new route is therefore guarded unless someone lists it.
 */
const PUBLIC_WRITES: readonly RegExp[] = [
  /^\/api\/login$/,
  /^\/api\/register$/,
  // A what-if: computes with the caller's numbers and stores nothing.
  /^\/api\/user\/calculate-with-valuation\/[^/]+$/,
  // The story calculator: the caller's numbers only, no company, nothing stored.
  /^\/api\/valuation\/story$/,
  /^\/api\/pdf\/generate$/,
];

/**
 * Writes any signed-in user may make (about their own account and sign-in; a sync push, whose mutations are checked
 * one by one: an ordinary user's may only edit their own watchlist and scenarios).
 */
const SIGNED_IN_WRITES: readonly RegExp[] = [/^\/api\/change-password$/, /^\/api\/logout$/, /^\/api\/sync\/push$/];

/** Reads that need a signed-in user (their own data). */
const SIGNED_IN_READS: readonly RegExp[] = [/^\/api\/user\/watchlist$/];

const PUBLIC_ADMIN_READS: readonly RegExp[] = [/^\/api\/admin\/valuation-params\/[^/]+$/];

/** Reads outside /api/admin that still need an admin. */
const ADMIN_READS: readonly RegExp[] = [/^\/api\/files$/, /^\/api\/data\/companies-status$/, /^\/api\/jobs(\/|$)/];

export type Access = 'public' | 'signed-in' | 'admin';

export function accessFor(method: string, path: string): Access {
  const read = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  if (path.startsWith('/api/admin/')) {
    return read && PUBLIC_ADMIN_READS.some((pattern) => pattern.test(path)) ? 'public' : 'admin';
  }
  if (!read) {
    if (PUBLIC_WRITES.some((pattern) => pattern.test(path))) return 'public';
    return SIGNED_IN_WRITES.some((pattern) => pattern.test(path)) ? 'signed-in' : 'admin';
  }
  if (ADMIN_READS.some((pattern) => pattern.test(path))) return 'admin';
  return SIGNED_IN_READS.some((pattern) => pattern.test(path)) ? 'signed-in' : 'public';
}
