import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
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

  it('compresses each encoding once; small bodies stay as they are', () => {
    const view = new ViewCache().view('a', 1, () => big);
    const br = view.bytes('br');
    expect(br.encoding).toBe('br');
    expect(view.bytes('br').bytes).toBe(br.bytes);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(big);
    expect(gunzipSync(view.bytes('gzip').bytes).toString()).toBe(big);
    expect(view.bytes(null)).toEqual({ bytes: view.body, encoding: null });
    const small = new ViewCache().view('s', 1, () => '{"ok":true}');
    expect(small.bytes('br').encoding).toBeNull();
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
