import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../http/answer-headers.ts';
import { matchesEtag } from '../http/cached-answer.ts';
import { ViewCache } from './view-cache.ts';

const big = JSON.stringify({ data: Array.from({ length: 300 }, (_, index) => ({ code: index, name: '公司' })) });

describe('ViewCache', () => {
  it('builds once per key and change sequence, rebuilds when the sequence moves', () => {
    const cache = new ViewCache();
    let builds = 0;
    const build = () => {
      builds++;
      return big;
    };
    const first = cache.view('a', 1, build);
    expect(cache.view('a', 1, build)).toBe(first);
    expect(builds).toBe(1);
    const second = cache.view('a', 2, build);
    expect(builds).toBe(2);
    expect(second).not.toBe(first);
    // Same bytes, same tag: a client's copy made before the write is still valid.
    expect(second.etag).toBe(first.etag);
    expect(cache.view('a', 2, () => '{"other":1}').etag).toBe(first.etag);
    expect(cache.view('a', 3, () => '{"other":1}').etag).not.toBe(first.etag);
  });

  it('never keeps a failed build', () => {
    const cache = new ViewCache();
    expect(() =>
      cache.view('a', 1, () => {
        throw new Error('公司不存在');
      }),
    ).toThrow('公司不存在');
    expect(cache.size).toBe(0);
    expect(cache.view('a', 1, () => big).body.byteLength).toBeGreaterThan(0);
  });

  it('keeps at most `limit` entries, dropping the least recently used', () => {
    const cache = new ViewCache(2);
    cache.view('a', 1, () => '1');
    cache.view('b', 1, () => '2');
    cache.view('a', 1, () => 'rebuilt');
    cache.view('c', 1, () => '3');
    expect(cache.size).toBe(2);
    expect(new TextDecoder().decode(cache.view('a', 1, () => 'rebuilt').body)).toBe('1');
    expect(new TextDecoder().decode(cache.view('b', 1, () => 'rebuilt').body)).toBe('rebuilt');
  });

  it("keeps views by request text in a pool of their own: many query texts cannot push the routes' views out", () => {
    const cache = new ViewCache(2, 2);
    const page = cache.view('/list?offset=1&limit=1', 1, () => big);
    for (let index = 0; index < 10; index++) cache.keepForRequest(`/list?offset=1&limit=1&junk=${index}`, 1, page);
    expect(cache.kept('/list?offset=1&limit=1', 1)).toBe(page);
    expect(cache.keptForRequest('/list?offset=1&limit=1&junk=9', 1)).toBe(page);
    expect(cache.keptForRequest('/list?offset=1&limit=1&junk=0', 1)).toBeUndefined();
    expect(cache.keptForRequest('/list?offset=1&limit=1&junk=9', 2)).toBeUndefined();
  });

  it('compresses each encoding once; small bodies stay as they are', () => {
    const view = new ViewCache().view('a', 1, () => big);
    const br = view.answer('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(view.answer('br')).toBe(br);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(big);
    const gzip = view.answer('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.bytes).toString()).toBe(big);
    expect(view.answer(null).bytes).toBe(view.body);
    expect(view.answer(null).headers['content-encoding']).toBeUndefined();
    const small = new ViewCache().view('s', 1, () => '{"ok":true}');
    expect(small.answer('br').headers['content-encoding']).toBeUndefined();
  });

  it('keeps every header of the answer with each form, the security headers included', () => {
    const view = new ViewCache().view('a', 1, () => big);
    for (const headers of [view.answer('br').headers, view.answer(null).headers, view.notModifiedHeaders]) {
      expect(headers).toMatchObject({ ...SECURITY_HEADERS, etag: view.etag, vary: 'Accept-Encoding' });
    }
    expect(view.answer('br').headers['content-type']).toBe('application/json');
    expect(view.notModifiedHeaders['content-type']).toBeUndefined();
  });
});

describe('matchesEtag', () => {
  it('compares weakly, in lists and with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
