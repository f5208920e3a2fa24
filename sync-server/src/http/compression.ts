import { createMiddleware } from 'hono/factory';
import { isCompleteAnswer } from './answer-headers.ts';
import {
  acceptedEncoding,
  COMPRESS_MIN_BYTES,
  encodeBody,
  isCompressible,
  varyOnEncoding,
} from './content-encoding.ts';

/**
 * Compresses text answers (JSON, HTML, text) of at least 1 KB with brotli or gzip, as the request's
 * `Accept-Encoding` allows; the answer then says `Vary: Accept-Encoding`. Left alone: answers already
 * encoded or complete (the cached views send their stored encodings), PDFs, images and other binary types, `HEAD`,
 * bodiless statuses and `Cache-Control: no-transform`.
 */
export function compressAnswers() {
  return createMiddleware(async (c, next) => {
    await next();
    const response = c.res;
    if (isCompleteAnswer(response)) return;
    // Headers and status only: reading `response.body` here would turn @hono/node-server's light answer
    // (bytes written to the socket at once) into a stream it copies chunk by chunk, for every answer.
    const type = response.headers.get('Content-Type');
    if (!isCompressible(type) || response.headers.has('Content-Encoding')) return;
    if (c.req.method === 'HEAD' || response.status === 204 || response.status === 304) return;
    if (/no-transform/i.test(response.headers.get('Cache-Control') ?? '')) return;
    const length = Number(response.headers.get('Content-Length') ?? Number.NaN);
    if (length < COMPRESS_MIN_BYTES) return;
    varyOnEncoding(response.headers);
    const encoding = acceptedEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    const body = new Uint8Array(await response.arrayBuffer());
    const small = body.byteLength < COMPRESS_MIN_BYTES;
    // Setting c.res copies the old answer's headers onto the new one: set the encoding's after it.
    c.res = new Response(small ? body : new Uint8Array(encodeBody(body, encoding, 'fast')), response);
    if (small) return;
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.delete('Content-Length');
  });
}
