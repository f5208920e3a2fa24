import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, brotliDecompress, constants, gzip, gzipSync } from 'node:zlib';

/** The encodings the server sends: brotli where the client takes it, gzip otherwise. */
export type ContentEncoding = 'br' | 'gzip';

/** Answers smaller than this go as they are: the encoding's header and framing would eat the saving. */
export const COMPRESS_MIN_BYTES = 1024;

/** The order of preference when a client accepts several with the same weight. */
const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with, from the request's `Accept-Encoding` (weights honoured, `q=0` refuses,
 * `*` stands for any encoding not named); null: send the bytes as they are.
 *
 * @example
 * acceptedEncoding('gzip, deflate, br, zstd') // → 'br'
 * acceptedEncoding('br;q=0, gzip') // → 'gzip'
 */
export function acceptedEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const known = answeredFor.get(header);
  if (known !== undefined) return known;
  const encoding = encodingFor(header);
  // Browsers send a handful of distinct headers: parse each once (bounded, in case a client varies it).
  if (answeredFor.size >= ANSWERED_LIMIT) answeredFor.clear();
  answeredFor.set(header, encoding);
  return encoding;
}

const ANSWERED_LIMIT = 64;
const answeredFor = new Map<string, ContentEncoding | null>();

function encodingFor(header: string): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';');
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    weights.set(name.trim().toLowerCase(), Number.isFinite(weight) ? weight : 0);
  }
  let best: ContentEncoding | null = null;
  let bestWeight = 0;
  for (const encoding of PREFERENCE) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  return best;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|wasm)|image\/svg\+xml|font\/ttf)/i;

/** Text-like types (and TrueType) gain from compression; PDFs, images, woff2 and archives are compressed already. */
export function isCompressible(contentType: string | null | undefined): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType);
}

/** How much effort an answer's compression takes (see `encodeBody`). */
export type Effort = 'fast' | 'cached';

const gzipOptions = (effort: Effort) => ({ level: effort === 'fast' ? 6 : 9 });
const brotliOptions = (body: Uint8Array, effort: Effort) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: effort === 'fast' ? 4 : 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
  },
});

/**
 * Compresses a body. `effort: 'fast'` suits answers made per request (brotli 4 is about as fast as gzip 6
 * and smaller), and the pages of "离线下载全部", built again after every write while readers download (there
 * 5 took 2.3 times the CPU of 4, 0.48 s against 0.21 s for the whole market, for 1.5% fewer bytes);
 * `'cached'` answers are compressed once per change of the data, so they take a little more (brotli 5:
 * about as small as 6 on this JSON and cheaper, and 12% smaller than 4 on the company list; 9 and up cost
 * many times the time).
 */
export function encodeBody(body: Uint8Array, encoding: ContentEncoding, effort: Effort): Buffer {
  if (encoding === 'gzip') return gzipSync(body, gzipOptions(effort));
  return brotliCompressSync(body, brotliOptions(body, effort));
}

/**
 * Bodies at least this long are compressed on zlib's thread pool rather than on the event loop: brotli 4
 * takes ~15 ms a megabyte here, 5 ~35 ms (docs/operations.md, "Caching and request limits").
 */
export const ENCODE_OFF_LOOP_BYTES = 64 * 1024;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const unbrotliAsync = promisify(brotliDecompress);

/** `encodeBody` on zlib's thread pool: the event loop goes on answering meanwhile. */
export function encodeBodyOffLoop(body: Uint8Array, encoding: ContentEncoding, effort: Effort): Promise<Buffer> {
  return encoding === 'gzip' ? gzipAsync(body, gzipOptions(effort)) : brotliAsync(body, brotliOptions(body, effort));
}

/** The bytes of a brotli body, decompressed on zlib's thread pool. */
export function decodeBrotliOffLoop(body: Uint8Array): Promise<Buffer> {
  return unbrotliAsync(body);
}

/** Adds `Accept-Encoding` to the answer's `Vary` (caches must keep one copy per encoding). */
export function varyOnEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}
