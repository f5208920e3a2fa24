import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody, MESSAGES } from './errors.ts';

/**
 * JSON requests: 64 KB holds every form, what-if and a push of 100 mutations (about 16 KB) several times
 * over, and keeps what one anonymous request can make the server parse small.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

const jsonLimit = bodyLimit({
  maxSize: JSON_BODY_LIMIT,
  onError: (c) => c.json(errorBody(MESSAGES.bodyTooLarge, `上限 ${JSON_BODY_LIMIT} 字节`), 413),
});

/**
 * The upload endpoints: they take multipart bodies and enforce their own, larger limits. Every future
 * `/api/upload_*` route is one of them.
 */
export function isUploadPath(path: string): boolean {
  return path === '/api/pdf-upload' || path.startsWith('/api/upload_');
}

/** `application/json`, parameters (`; charset=utf-8`) aside, in any case. */
export function isJsonMediaType(contentType: string): boolean {
  const [mediaType = ''] = contentType.split(';');
  return mediaType.trim().toLowerCase() === 'application/json';
}

function carriesBody(headers: { header(name: string): string | undefined }): boolean {
  const length = headers.header('Content-Length');
  return (length !== undefined && length.trim() !== '0') || headers.header('Transfer-Encoding') !== undefined;
}

/**
 * Every write outside the uploads is JSON of at most 64 KB: a request that names another type (or sends a
 * body without naming one) is a 415, a larger one a 413. Refusing `text/plain` also refuses the requests a
 * foreign web page can send without a CORS preflight. A write without any body (most DELETEs) passes.
 */
export function jsonRequestLimits() {
  return createMiddleware(async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
    if (isUploadPath(c.req.path)) return next();
    const contentType = c.req.header('Content-Type');
    if (contentType === undefined ? carriesBody(c.req) : !isJsonMediaType(contentType)) {
      return c.json(errorBody(MESSAGES.notJson, `Content-Type: ${contentType?.slice(0, 100) ?? '（未提供）'}`), 415);
    }
    return jsonLimit(c, next);
  });
}
