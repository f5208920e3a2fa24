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
  if (matchesEtag(c.req.header('If-None-Match'), view.etag)) {
    return completeAnswer(c, 304, null, view.notModifiedHeaders);
  }
  const { bytes, headers } = view.answer(acceptedEncoding(c.req.header('Accept-Encoding')));
  return completeAnswer(c, 200, bytes, headers);
}
