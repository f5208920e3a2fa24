import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENCODE_OFF_LOOP_BYTES } from '../answers/content-encoding.ts';
import { SECURITY_HEADERS } from '../answers/security-headers.ts';
import { CachedView, COMPACT_VIEW_BYTES } from './cached-view.ts';

const big = JSON.stringify({ data: Array.from({ length: 300 }, (_, index) => ({ code: index, name: '公司' })) });
/** JSON past the size that is compressed off the event loop and kept as brotli only. */
const large = JSON.stringify({
  data: Array.from({ length: 20_000 }, (_, index) => ({ code: String(index).padStart(6, '0'), name: '公司' })),
});
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('CachedView', () => {
  it('compresses a small view once per encoding, at once; a tiny body stays as it is', () => {
    const view = new CachedView(big);
    const br = view.ready('br');
    expect(br?.headers['content-encoding']).toBe('br');
    expect(view.ready('br')).toBe(br);
    expect(brotliDecompressSync(br?.bytes ?? new Uint8Array()).toString()).toBe(big);
    const gzip = view.ready('gzip');
    expect(gzip?.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip?.bytes ?? new Uint8Array()).toString()).toBe(big);
    expect(text(view.ready(null)?.bytes ?? new Uint8Array())).toBe(big);
    expect(view.ready(null)?.headers['content-encoding']).toBeUndefined();
    const tiny = new CachedView('{"ok":true}');
    expect(tiny.ready('br')?.headers['content-encoding']).toBeUndefined();
  });

  it('keeps every header of the answer with each form, the security headers included', () => {
    const view = new CachedView(big);
    for (const headers of [view.ready('br')?.headers, view.ready(null)?.headers, view.notModifiedHeaders]) {
      expect(headers).toMatchObject({ ...SECURITY_HEADERS, etag: view.etag, vary: 'Accept-Encoding' });
    }
    expect(view.ready('br')?.headers['content-type']).toBe('application/json');
    expect(view.notModifiedHeaders['content-type']).toBeUndefined();
  });

  it('compresses a large view off the event loop: not ready until made, then kept; the same bytes give the same tag', async () => {
    expect(large.length).toBeGreaterThan(Math.max(ENCODE_OFF_LOOP_BYTES, COMPACT_VIEW_BYTES));
    const view = new CachedView(large);
    expect(view.ready('br')).toBeUndefined();
    const [first, second] = await Promise.all([view.answer('br'), view.answer('br')]);
    expect(second).toBe(first);
    expect(view.ready('br')).toBe(first);
    expect(brotliDecompressSync(first.bytes).toString()).toBe(large);
    expect(new CachedView(new TextEncoder().encode(large)).etag).toBe(view.etag);
  });

  it('compacted, a large view holds its brotli form only and still answers every encoding', async () => {
    const view = new CachedView(large);
    const sizes: number[] = [];
    view.onResize((resized) => sizes.push(resized.byteLength));
    await view.compact();
    const brotli = view.ready('br');
    expect(view.byteLength).toBe(brotli?.bytes.byteLength);
    expect(view.byteLength).toBeLessThan(large.length / 5);
    expect(sizes.at(-1)).toBe(view.byteLength);
    expect(view.ready(null)).toBeUndefined();
    expect(text((await view.answer(null)).bytes)).toBe(large);
    const gzip = await view.answer('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(large);
    expect(view.byteLength).toBe((brotli?.bytes.byteLength ?? 0) + gzip.bytes.byteLength);
    expect(view.plainLength).toBe(new TextEncoder().encode(large).byteLength);
  });

  it('a small view is never compacted', async () => {
    const view = new CachedView(big);
    await view.compact();
    expect(view.ready(null)).toBeDefined();
  });
});
