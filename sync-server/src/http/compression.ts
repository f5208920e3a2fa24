import { createMiddleware } from 'hono/factory';
import {
  acceptedEncoding,
  COMPRESS_MIN_BYTES,
  ENCODE_OFF_LOOP_BYTES,
  encodeBody,
  encodeBodyOffLoop,
  isCompressible,
  varyOnEncoding,
} from '../answers/content-encoding.ts';
import { isCompleteAnswer } from './answer-headers.ts';

/**
 * Compresses text answers (JSON, HTML, text) of at least 1 KB with brotli or gzip, as the request's
 * `Accept-Encoding` allows; the answer then says `Vary: Accept-Encoding`. Left alone: answers already
 * encoded or complete (the cached views send their stored encodings), PDFs, images and other binary types, `HEAD`,
 * bodiless statuses and `Cache-Control: no-transform`. A large body is compressed on zlib's thread pool,
 * so a sync page of thousands of rows does not hold the event loop while it is compressed.
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
    const encoded = small
      ? body
      : body.byteLength >= ENCODE_OFF_LOOP_BYTES
        ? new Uint8Array(await encodeBodyOffLoop(body, encoding, 'fast'))
        : new Uint8Array(encodeBody(body, encoding, 'fast'));
    c.res = new Response(encoded, response);
    if (small) return;
    c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.delete('Content-Length');
  });
}
