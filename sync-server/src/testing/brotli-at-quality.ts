import { brotliCompressSync, constants } from 'node:zlib';

/** A body as brotli at `quality`, with the server's other options (text mode, size hint): what a test compares with. */
export function brotliAtQuality(body: Uint8Array, quality: number): Buffer {
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}
