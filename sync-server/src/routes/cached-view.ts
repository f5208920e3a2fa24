import type { Context } from 'hono';
import { requestText } from '../cache/view-cache.ts';
import type { AppEnv } from '../http/app-env.ts';
import { sendCachedJson } from '../http/cached-answer.ts';

/** How a cached read documents its conditional answer. */
export const NOT_MODIFIED = { media: 'application/json', description: '未修改（If-None-Match 与 ETag 相同，无正文）' };

/**
 * Answers a read from the view cache: the JSON `build` makes, kept per `key` (by default the request
 * path: the route and the company as the client named it) until the database's change sequence moves, with ETag/304 and compression. A failure
 * (404, 422) is thrown by `build` and never cached.
 */
export function cachedJson(c: Context<AppEnv>, build: () => unknown, key = c.req.path): Response {
  // `c.get`, not `c.var`: `c.var` copies every variable into a new object on each use.
  const { views, changeSeq } = c.get('services');
  const seq = changeSeq.current();
  const view = views.view(key, seq, () => JSON.stringify(build()));
  // A view keyed by what the query means is kept under the request's text too; one keyed by the path alone
  // is found by the path, whatever query a client adds.
  const text = key === c.req.path ? null : requestText(c.req.path, c.req.url);
  if (text !== null) views.keepForRequest(text, seq, view);
  return sendCachedJson(c, view);
}
