import type { Context } from 'hono';
import type { CachedView } from '../cache/view-cache.ts';
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
 * best encoding the client accepts. `no-cache`: a browser may keep the answer but asks again each time
 * (a 304 costs a few bytes), so a change of the data shows at once.
 */
export function sendCachedJson(c: Context, view: CachedView): Response {
  const headers: Record<string, string> = {
    ETag: view.etag,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (matchesEtag(c.req.header('If-None-Match'), view.etag)) return c.body(null, 304, headers);
  const { bytes, encoding } = view.bytes(acceptedEncoding(c.req.header('Accept-Encoding')));
  headers['Content-Type'] = 'application/json';
  if (encoding) headers['Content-Encoding'] = encoding;
  return c.body(bytes, 200, headers);
}
