import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody, MESSAGES } from './errors.ts';

/** JSON requests: 1 MiB is far more than any form or mutation batch needs. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => c.json(errorBody(MESSAGES.bodyTooLarge, `上限 ${JSON_BODY_LIMIT} 字节`), 413),
});

/** Limits request bodies; upload routes apply their own, larger limits. */
export function bodySizeLimit() {
  return createMiddleware(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const type = c.req.header('Content-Type') ?? '';
    if (type.startsWith('multipart/form-data')) return next();
    return jsonLimit(c, next);
  });
}
