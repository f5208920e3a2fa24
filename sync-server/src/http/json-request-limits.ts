import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody, MESSAGES } from './errors.ts';

/** JSON requests: 1 MiB is far more than any form or mutation batch needs. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => c.json(errorBody(MESSAGES.bodyTooLarge, `上限 ${JSON_BODY_LIMIT} 字节`), 413),
});

/** The upload endpoints: they take multipart bodies and enforce their own, larger limits. */
const UPLOAD_PATHS: readonly string[] = ['/api/upload_excel', '/api/pdf-upload'];

/** Limits request bodies to 1 MiB, except on the upload endpoints (which apply their own limits). */
export function bodySizeLimit() {
  return createMiddleware(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    if (UPLOAD_PATHS.includes(c.req.path)) return next();
    return jsonLimit(c, next);
  });
}
