import type { Context } from 'hono';
import type { CachedView } from '../cache/view-cache.ts';
import { completeAnswer } from './answer-headers.ts';
import type { AppEnv } from './app-env.ts';
import { acceptedEncoding } from './content-encoding.ts';

/**
 * Whether `If-None-Match` names this tag (weak comparison, as HTTP asks for GET): a list of tags or `*`.
 */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * Sends a cached JSON view: `304 Not Modified` when the client's copy has its ETag, else the bytes in the
 * best encoding the client accepts, each with the headers the view keeps (see `CachedView`).
 */
export function sendCachedJson(c: Context<AppEnv>, view: CachedView): Response {
  const { status, bytes, headers } = cachedAnswer(view, c.req.header('If-None-Match'), c.req.header('Accept-Encoding'));
  return completeAnswer(c, status, bytes, headers);
}

/** What a cached view answers a request with these `If-None-Match` and `Accept-Encoding` headers. */
export function cachedAnswer(
  view: CachedView,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
): { status: 200 | 304; bytes: Uint8Array<ArrayBuffer> | null; headers: Readonly<Record<string, string>> } {
  if (matchesEtag(ifNoneMatch, view.etag)) return { status: 304, bytes: null, headers: view.notModifiedHeaders };
  return { status: 200, ...view.answer(acceptedEncoding(acceptEncoding)) };
}
