import type { Context } from 'hono';
import { acceptedEncoding } from '../answers/content-encoding.ts';
import { matchesEtag } from '../answers/etag.ts';
import type { AppEnv } from '../app-env.ts';
import type { CachedView } from '../cache/cached-view.ts';
import { completeAnswer } from './answer-headers.ts';

/**
 * Sends a cached JSON view: `304 Not Modified` when the client's copy has its ETag, else the bytes in the
 * best encoding the client accepts, each with the headers the view keeps (see `CachedView`). A large view's
 * form not made yet is made off the event loop, and the answer waits for it.
 */
export function sendCachedJson(c: Context<AppEnv>, view: CachedView): Response | Promise<Response> {
  const ifNoneMatch = c.req.header('If-None-Match');
  const acceptEncoding = c.req.header('Accept-Encoding');
  const ready = cachedAnswer(view, ifNoneMatch, acceptEncoding);
  if (ready) return completeAnswer(c, ready.status, ready.bytes, ready.headers);
  return view
    .answer(acceptedEncoding(acceptEncoding))
    .then(({ bytes, headers }) => completeAnswer(c, 200, bytes, headers));
}

/**
 * What a cached view answers a request with these `If-None-Match` and `Accept-Encoding` headers, if it
 * can answer at once (undefined: the form asked for is still to be made, see `CachedView.answer`).
 */
export function cachedAnswer(
  view: CachedView,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): { status: 200 | 304; bytes: Uint8Array<ArrayBuffer> | null; headers: Readonly<Record<string, string>> } | undefined {
  if (matchesEtag(ifNoneMatch, view.etag)) return { status: 304, bytes: null, headers: view.notModifiedHeaders };
  const ready = view.ready(acceptedEncoding(acceptEncoding));
  return ready && { status: 200, ...ready };
}
