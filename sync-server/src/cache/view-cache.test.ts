import { describe, expect, it } from 'vitest';
import { brotliAtQuality } from '../testing/brotli-at-quality.ts';
import { ViewCache } from './view-cache.ts';

const big = JSON.stringify({ data: Array.from({ length: 300 }, (_, index) => ({ code: index, name: '公司' })) });
const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
/** A JSON body of about `bytes` bytes that compresses poorly (so its size is what it holds). */
const sized = (bytes: number, seed = 1) => {
  let state = seed;
  const digits = Array.from({ length: bytes }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return String(state % 10);
  });
  return JSON.stringify(digits.join(''));
};

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
    expect(cache.byteLength).toBe(0);
  });

  it('keeps at most `entries` views, dropping the least recently used', () => {
    const cache = new ViewCache({ entries: 2 });
    cache.view('a', 1, () => '1');
    cache.view('b', 1, () => '2');
    cache.view('a', 1, () => 'rebuilt');
    cache.view('c', 1, () => '3');
    expect(cache.size).toBe(2);
    expect(text(cache.view('a', 1, () => 'rebuilt').ready(null)?.bytes)).toBe('1');
    expect(text(cache.view('b', 1, () => 'rebuilt').ready(null)?.bytes)).toBe('rebuilt');
  });

  it('keeps at most `bytes` in all, dropping the least recently used, whatever the count', () => {
    const cache = new ViewCache({ bytes: 40_000 });
    for (const key of ['a', 'b', 'c']) cache.view(key, 1, () => sized(4_000));
    expect(cache.byteLength).toBeGreaterThan(12_000);
    cache.kept('a', 1);
    for (let index = 0; index < 20; index++) cache.view(`page-${index}`, 1, () => sized(4_000, index + 2));
    expect(cache.byteLength).toBeLessThanOrEqual(40_000);
    expect(cache.size).toBeLessThan(10);
    expect(cache.kept('page-19', 1)).toBeDefined();
    expect(cache.kept('a', 1)).toBeUndefined();
  });

  it('counts the compressed forms a view gains, and keeps no view larger than an eighth of the budget', () => {
    const cache = new ViewCache({ bytes: 80_000 });
    const view = cache.view('a', 1, () => sized(4_000));
    const before = cache.byteLength;
    view.ready('br');
    view.ready('gzip');
    expect(cache.byteLength).toBe(view.byteLength);
    expect(cache.byteLength).toBeGreaterThan(before);
    cache.view('huge', 1, () => sized(20_000));
    expect(cache.kept('huge', 1)).toBeUndefined();
    expect(cache.kept('a', 1)).toBe(view);
  });

  it('keeps a large view compacted: its brotli form only counts', async () => {
    const large = JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, index) => ({ index, name: '美的集团' })) });
    const cache = new ViewCache();
    const view = await cache.built('list', 1, async () => ({ json: large, keep: true }));
    expect(cache.kept('list', 1)).toBe(view);
    expect(cache.byteLength).toBe(view.byteLength);
    expect(cache.byteLength).toBeLessThan(large.length / 5);
  });

  it('compresses a kept view as hard as its build says (the pages of bundles: brotli 4), else as a cached one', async () => {
    const large = JSON.stringify({ rows: Array.from({ length: 20_000 }, (_, index) => ({ index, name: '美的集团' })) });
    const body = new TextEncoder().encode(large);
    const cache = new ViewCache();
    const fast = await cache.built('pages', 1, async () => ({ json: large, keep: true, effort: 'fast' }));
    const cached = await cache.built('list', 1, async () => ({ json: large, keep: true }));
    expect(Buffer.from((await fast.answer('br')).bytes)).toEqual(brotliAtQuality(body, 4));
    expect(Buffer.from((await cached.answer('br')).bytes)).toEqual(brotliAtQuality(body, 5));
  });

  it('builds asynchronously once for the requests that wait together; keeps only what the build allows', async () => {
    const cache = new ViewCache();
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { json: big, keep: false };
    };
    const [first, second] = await Promise.all([cache.built('p', 1, build), cache.built('p', 1, build)]);
    expect(second).toBe(first);
    expect(builds).toBe(1);
    expect(cache.kept('p', 1)).toBeUndefined();
    await cache.built('p', 1, build);
    expect(builds).toBe(2);
    const kept = await cache.built('q', 1, async () => ({ json: big, keep: true }));
    expect(await cache.built('q', 1, build)).toBe(kept);
    expect(builds).toBe(2);
  });

  it('a failed asynchronous build is not kept and the next request builds again', async () => {
    const cache = new ViewCache();
    await expect(
      cache.built('p', 1, async () => {
        throw new Error('数据库不可用');
      }),
    ).rejects.toThrow('数据库不可用');
    const view = await cache.built('p', 1, async () => ({ json: big, keep: true }));
    expect(view.plainLength).toBe(new TextEncoder().encode(big).byteLength);
  });

  it("remembers request texts in a pool of their own: many query texts cannot push the routes' views out", () => {
    const cache = new ViewCache({ requestTexts: 2 });
    const page = cache.view('/list?offset=1&limit=1', 1, () => big);
    for (let index = 0; index < 10; index++) {
      cache.keepForRequest(`/list?offset=1&limit=1&junk=${index}`, '/list?offset=1&limit=1', 1);
    }
    expect(cache.kept('/list?offset=1&limit=1', 1)).toBe(page);
    expect(cache.keptForRequest('/list?offset=1&limit=1&junk=9', 1)).toBe(page);
    expect(cache.keptForRequest('/list?offset=1&limit=1&junk=0', 1)).toBeUndefined();
    expect(cache.keptForRequest('/list?offset=1&limit=1&junk=9', 2)).toBeUndefined();
  });
});
