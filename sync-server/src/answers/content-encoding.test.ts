import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, encodeBody, isCompressible, varyOnEncoding } from './content-encoding.ts';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['BR', 'br'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['identity', null],
    ['gzip;q=0, br;q=0', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/javascript; charset=utf-8', true],
    ['application/manifest+json; charset=utf-8', true],
    ['image/svg+xml', true],
    ['font/ttf', true],
    ['application/pdf', false],
    ['image/png', false],
    ['font/woff2', false],
    ['application/octet-stream', false],
    [null, false],
  ])('%s → %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });
});

describe('encodeBody', () => {
  const text = new TextEncoder().encode(JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i })) }));
  it.each(['fast', 'cached'] as const)('brotli and gzip round-trip (%s)', (effort) => {
    expect(brotliDecompressSync(encodeBody(text, 'br', effort))).toEqual(Buffer.from(text));
    expect(gunzipSync(encodeBody(text, 'gzip', effort))).toEqual(Buffer.from(text));
  });

  it('takes brotli 5 for a cached answer, and 4 for one of 256 KB or more (a page of bundles) or made per request', () => {
    const brotli = (body: Uint8Array, quality: number) =>
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: quality,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      });
    const rows = (count: number) =>
      new TextEncoder().encode(
        JSON.stringify(Array.from({ length: count }, (_, i) => ({ code: String(i).padStart(6, '0'), v: i / 7 }))),
      );
    const small = rows(200);
    const large = rows(12_000);
    expect(large.byteLength).toBeGreaterThanOrEqual(256 * 1024);
    // The two qualities differ on both bodies, so each expectation below tells them apart.
    expect(brotli(small, 4)).not.toEqual(brotli(small, 5));
    expect(brotli(large, 4)).not.toEqual(brotli(large, 5));
    expect(encodeBody(small, 'br', 'cached')).toEqual(brotli(small, 5));
    expect(encodeBody(small, 'br', 'fast')).toEqual(brotli(small, 4));
    expect(encodeBody(large, 'br', 'cached')).toEqual(brotli(large, 4));
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once to what is there', () => {
    const headers = new Headers();
    varyOnEncoding(headers);
    expect(headers.get('Vary')).toBe('Accept-Encoding');
    varyOnEncoding(headers);
    expect(headers.get('Vary')).toBe('Accept-Encoding');
    const other = new Headers({ Vary: 'Origin' });
    varyOnEncoding(other);
    expect(other.get('Vary')).toBe('Origin, Accept-Encoding');
  });
});
