import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { type BuiltView, requestText } from '../cache/view-cache.ts';
import { sendCachedJson } from '../http/cached-answer.ts';

/** How a cached read documents its conditional answer. */
export const NOT_MODIFIED = { media: 'application/json', description: '未修改（If-None-Match 与 ETag 相同，无正文）' };

/**
 * Remembers the request's text as naming the view of `key` when the key is not the path itself: a view keyed
 * by what the query means is found by the request's text too; one keyed by the path alone is found by the
 * path, whatever query a client adds.
 */
function rememberRequest(c: Context<AppEnv>, key: string, seq: number): void {
  if (key === c.req.path) return;
  const text = requestText(c.req.path, c.req.url);
  if (text !== null) c.get('services').views.keepForRequest(text, key, seq);
}

/**
 * Answers a read from the view cache: the JSON `build` makes, kept per `key` (by default the request
 * path: the route and the company as the client named it) until the database's change sequence moves,
 * with ETag/304 and compression. A failure (404, 422) is thrown by `build` and never cached. For answers
 * built in a few milliseconds; a larger one is built by `cachedBuild`.
 */
export function cachedJson(c: Context<AppEnv>, build: () => unknown, key = c.req.path): Response | Promise<Response> {
  // `c.get`, not `c.var`: `c.var` copies every variable into a new object on each use.
  const { views, changeSeq } = c.get('services');
  const seq = changeSeq.current();
  const view = views.view(key, seq, () => JSON.stringify(build()));
  rememberRequest(c, key, seq);
  return sendCachedJson(c, view);
}

/**
 * Answers a read whose JSON is built over several turns of the event loop (`build` yields between its
 * slices, see `cache/time-slices.ts`), so other requests are answered meanwhile. Requests for the same key
 * while it is built wait for the same build; the view is kept only when `build` says it may be (a page at a
 * canonical boundary, read at the sequence `seq` it was asked at). `seq`: what the view is kept under, by
 * default the global change sequence (a page of bundles: its own data's, `bundlesPageSeq`).
 */
export async function cachedBuild(
  c: Context<AppEnv>,
  key: string,
  build: (seq: number) => Promise<BuiltView>,
  seq: number = c.get('services').changeSeq.current(),
): Promise<Response> {
  const { views } = c.get('services');
  const view = await views.built(key, seq, () => build(seq));
  if (views.kept(key, seq) === view) rememberRequest(c, key, seq);
  return sendCachedJson(c, view);
}
