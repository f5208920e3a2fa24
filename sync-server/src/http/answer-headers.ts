import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { SECURITY_HEADERS } from '../answers/security-headers.ts';
import type { AppEnv } from '../app-env.ts';
import { isHttps } from './client-address.ts';
import { REQUEST_ID_HEADER, requestIdFor } from './request-id.ts';
import { HSTS_VALUE } from './strict-transport.ts';

const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS);

/**
 * Answers that already carry every header (built by `completeAnswer`): the middleware leaves them alone.
 * Touching `Response.headers` makes @hono/node-server give up its light answer (a plain header object
 * written straight to the socket) for a `Headers` it then copies back; on a cached read that and Hono's
 * per-header `Headers.set` would cost a cached read more than everything else it does.
 */
const completeAnswers = new WeakSet<Response>();

/** Whether `completeAnswer` made this response (so nothing is to be added or compressed). */
export function isCompleteAnswer(response: Response): boolean {
  return completeAnswers.has(response);
}

/**
 * The headers of every answer: the request id (`X-Request-Id`, `c.var.requestId`), the security headers
 * and, over https (`X-Forwarded-Proto` behind trusted proxies), `Strict-Transport-Security`.
 */
export function answerHeaders(trustedProxies: number) {
  return createMiddleware<{ Variables: { requestId: string } }>(async (c, next) => {
    const id = requestIdFor(c.req.header(REQUEST_ID_HEADER), trustedProxies);
    c.set('requestId', id);
    await next();
    const response = c.res;
    if (completeAnswers.has(response)) return;
    const headers = response.headers;
    headers.set(REQUEST_ID_HEADER, id);
    for (const [name, value] of SECURITY_ENTRIES) if (!headers.has(name)) headers.set(name, value);
    if (isHttps(c, trustedProxies)) headers.set('Strict-Transport-Security', HSTS_VALUE);
  });
}

/**
 * An answer with every header given here as a plain object (with the security headers, the request id
 * and HSTS added), so neither the middleware nor the Node adapter builds a `Headers` for it. For the hot
 * cached reads; `headers` must already hold the security headers (spread `SECURITY_HEADERS` into them once).
 */
export function completeResponse(
  status: 200 | 304,
  body: Uint8Array<ArrayBuffer> | null,
  headers: Readonly<Record<string, string>>,
  requestId: string,
  https: boolean,
): Response {
  // Object.assign rather than a spread: this copy runs on every cached answer, and it is the cheaper of the two in V8.
  const all: Record<string, string> = Object.assign({}, headers);
  all[REQUEST_ID_HEADER] = requestId;
  if (https) all['Strict-Transport-Security'] = HSTS_VALUE;
  const response = new Response(body, { status, headers: all });
  completeAnswers.add(response);
  return response;
}

/** `completeResponse` for a request in a handler (its id and scheme from the context). */
export function completeAnswer(
  c: Context<AppEnv>,
  status: 200 | 304,
  body: Uint8Array<ArrayBuffer> | null,
  headers: Readonly<Record<string, string>>,
): Response {
  const https = isHttps(c, c.get('services').config.trustProxy ?? 0);
  return completeResponse(status, body, headers, c.get('requestId'), https);
}
