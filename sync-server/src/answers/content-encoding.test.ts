import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { brotliAtQuality } from '../testing/brotli-at-quality.ts';
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

  it("takes brotli 5 for a cached answer and 4 for a 'fast' one", () => {
    const body = new TextEncoder().encode(
      JSON.stringify(Array.from({ length: 2000 }, (_, i) => ({ code: String(i).padStart(6, '0'), v: i / 7 }))),
    );
    // The two qualities differ on this body, so each expectation tells them apart.
    expect(brotliAtQuality(body, 4)).not.toEqual(brotliAtQuality(body, 5));
    expect(encodeBody(body, 'br', 'cached')).toEqual(brotliAtQuality(body, 5));
    expect(encodeBody(body, 'br', 'fast')).toEqual(brotliAtQuality(body, 4));
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
