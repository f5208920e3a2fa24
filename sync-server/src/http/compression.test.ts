import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** Compression negotiation, cache headers and ETag/304 of the API's answers. */

const MIDEA = encodeURIComponent('美的集团');
const CACHED_VIEWS = [
  '/api/data/available-companies',
  `/api/data/company-bundle/${MIDEA}`,
  `/api/home/dcf_valuation/${MIDEA}`,
  `/api/home/financial_analysis/${MIDEA}`,
  `/api/home/fcf_structure/${MIDEA}`,
  `/api/home/fcf_ratio/${MIDEA}`,
];

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const get = (path: string, headers: Record<string, string> = {}) => platform.call('GET', path, { headers });

async function decoded(response: Response): Promise<string> {
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(bytes).toString();
  if (encoding === 'gzip') return gunzipSync(bytes).toString();
  expect(encoding).toBeNull();
  return bytes.toString();
}

describe('compression of JSON answers', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('Accept-Encoding %s → %s, the same JSON decoded', async (accept, encoding) => {
    const plain = await (await get('/api/openapi.json')).text();
    for (const path of ['/api/openapi.json', ...CACHED_VIEWS]) {
      const response = await get(path, accept ? { 'Accept-Encoding': accept } : {});
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBe(encoding);
      expect(response.headers.get('vary') ?? '', path).toContain('Accept-Encoding');
      const text = await decoded(response);
      expect(() => JSON.parse(text), path).not.toThrow();
      if (path === '/api/openapi.json') expect(text).toBe(plain);
    }
  });

  it('the compressed view is smaller than the JSON', async () => {
    const plain = await get('/api/data/available-companies');
    const compressed = await get('/api/data/available-companies', { 'Accept-Encoding': 'br' });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    expect((await compressed.arrayBuffer()).byteLength).toBeLessThan(plainBytes / 2);
  });

  it('leaves answers under 1 KB as they are', async () => {
    const response = await get('/api/data/health', { 'Accept-Encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(((await response.json()) as { success: boolean }).success).toBe(true);
  });

  it('never compresses a PDF', async () => {
    const response = await platform.call('POST', '/api/pdf/generate', {
      body: { userId: '美的集团', reportType: 'standard', template: 'default' },
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('compresses an error answer over 1 KB too, and never caches it', async () => {
    const missing = `/api/home/dcf_valuation/${'无'.repeat(400)}`;
    const response = await get(missing, { 'Accept-Encoding': 'gzip' });
    expect(response.status).toBe(404);
    expect(response.headers.get('etag')).toBeNull();
    expect(JSON.parse(await decoded(response))).toMatchObject({ success: false });
  });
});

describe('ETag and 304 of the cached views', () => {
  it.each(CACHED_VIEWS)('%s: ETag, no-cache, 304 for a matching If-None-Match', async (path) => {
    const first = await get(path, { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // One tag for every encoding (a weak tag names the content, not the bytes).
    expect((await get(path, { 'Accept-Encoding': 'gzip' })).headers.get('etag')).toBe(etag);
    expect((await get(path)).headers.get('etag')).toBe(etag);
    const again = await get(path, { 'If-None-Match': etag, 'Accept-Encoding': 'br' });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('content-encoding')).toBeNull();
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    expect((await get(path, { 'If-None-Match': 'W/"something-else"' })).status).toBe(200);
  });
});
