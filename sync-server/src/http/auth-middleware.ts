import { createMiddleware } from 'hono/factory';
import { readToken } from '../auth/token.ts';
import { accessFor } from './access-policy.ts';
import type { AppEnv } from './app-env.ts';
import { errorResponse, MESSAGES } from './errors.ts';

/** Reads the bearer token, then enforces the access policy: 401 without a valid token, 403 for non-admins. */
export const authMiddleware = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('Authorization') ?? '';
  const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  const user = token ? await readToken(token, c.var.services.jwtSecret) : null;
  c.set('user', user);
  if (accessFor(c.req.method, c.req.path) === 'admin') {
    if (!user) return errorResponse(c, 401, MESSAGES.unauthorized);
    if (!user.isAdmin) return errorResponse(c, 403, MESSAGES.forbidden);
  }
  await next();
});
