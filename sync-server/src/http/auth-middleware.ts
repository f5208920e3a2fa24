import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env.ts';
import { type AuthenticatedUser, readToken } from '../auth/token.ts';
import type { Database } from '../db/database.ts';
import { isRevoked } from '../store/revoked-tokens.ts';
import { findUser } from '../store/users.ts';
import { accessFor } from './access-policy.ts';
import { errorResponse, MESSAGES } from './errors.ts';

/**
 * The token of `Authorization: Bearer <token>` (scheme in any case). Read by slicing, not by a pattern, so
 * a long header costs linear time.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const scheme = 'bearer';
  if (header.slice(0, scheme.length).toLowerCase() !== scheme) return undefined;
  const rest = header.slice(scheme.length);
  if (!/^\s/.test(rest)) return undefined;
  return rest.trim() || undefined;
}

/**
 * The user a token speaks for, as the database has them now: null when the signature, expiry or token
 * version (raised by a password change) does not hold, the token was signed out, or the account is gone. The admin flag is the
 * stored one, so taking admin rights away takes effect at once.
 */
async function currentUser(db: Database, secret: string, token: string): Promise<AuthenticatedUser | null> {
  const claims = await readToken(token, secret);
  if (!claims) return null;
  const user = findUser(db, claims.username);
  if (!user || user.tokenVersion !== claims.tokenVersion || isRevoked(db, token)) return null;
  return { username: user.username, isAdmin: user.isAdmin };
}

/** Reads the bearer token, then enforces the access policy: 401 without a valid token, 403 for non-admins. */
export const authMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  const { db, jwtSecret } = c.get('services');
  const user = token ? await currentUser(db, jwtSecret, token) : null;
  c.set('user', user);
  const access = accessFor(c.req.method, c.req.path);
  if (access !== 'public' && !user) return errorResponse(c, 401, MESSAGES.unauthorized);
  if (access === 'admin' && !user?.isAdmin) return errorResponse(c, 403, MESSAGES.forbidden);
  await next();
});
