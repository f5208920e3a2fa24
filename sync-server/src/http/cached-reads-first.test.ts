import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { requestText, ViewCache } from '../cache/view-cache.ts';
import { answerCachedReadsFirst } from './cached-reads-first.ts';

const BIG = JSON.stringify({ rows: Array.from({ length: 200 }, (_, index) => ({ index, name: '美的集团' })) });

/** A two-route app behind the fast path, counting what reaches its routes. */
function setUp(trustProxy = 0, listVersion = 1) {
  const views = new ViewCache();
  let seq = 1;
  let databaseDown = false;
  const routed: string[] = [];
  const lines: string[] = [];
  const app = new Hono<AppEnv>()
    .get('/api/home/:company', (c) => {
      routed.push(c.req.url);
      return c.json({ from: 'route' });
    })
    .get('/api/files', (c) => {
      routed.push(c.req.url);
      return c.json({ message: '未登录' }, 401);
    });
  answerCachedReadsFirst(app, {
    views,
    versionOf: (path) => {
      if (databaseDown) throw new Error('SQLITE_CANTOPEN');
      return path === '/api/list' ? listVersion : seq;
    },
    trustProxy,
    log: (line) => lines.push(line),
  });
  return {
    app,
    views,
    routed,
    lines,
    keep: (path: string) => views.view(path, seq, () => BIG),
    write: () => {
      seq++;
    },
    takeDatabaseDown: () => {
      databaseDown = true;
    },
  };
}

describe('cached reads answered before routing', () => {
  it('looks a view up by the version its path is kept by, not always the sequence', async () => {
    const { app, views, routed, write } = setUp(0, 7);
    views.view('/api/list', 7, () => BIG);
    write();
    const kept = await app.request('/api/list');
    expect(kept.status).toBe(200);
    expect(await kept.text()).toBe(BIG);
    expect(routed).toEqual([]);
  });

  it('answers a kept view at the current sequence, with its ETag, encoding, 304 and a new request id each time', async () => {
    const { app, keep, routed, lines } = setUp();
    const path = `/api/home/${encodeURIComponent('美的集团')}`;
    const view = keep('/api/home/美的集团');
    const first = await app.request(path, { headers: { 'Accept-Encoding': 'br' } });
    const second = await app.request(path);
    expect(routed).toEqual([]);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('etag')).toBe(view.etag);
    expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await second.text()).toBe(BIG);
    expect(first.headers.get('x-request-id')).toMatch(/^[0-9a-f]{12}$/);
    expect(first.headers.get('x-request-id')).not.toBe(second.headers.get('x-request-id'));
    expect(first.headers.get('strict-transport-security')).toBeNull();
    const revalidated = await app.request(path, { headers: { 'If-None-Match': view.etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/ GET \/api\/home\/美的集团 304 [\d.]+ms$/);
  });

  it('lets the route answer once the data moved on, a query is asked, the view is not kept or the database is down', async () => {
    const { app, keep, write, routed, takeDatabaseDown } = setUp();
    keep('/api/home/a');
    write();
    expect(await (await app.request('/api/home/a')).json()).toEqual({ from: 'route' });
    keep('/api/home/b');
    expect(await (await app.request('/api/home/b?offset=1')).json()).toEqual({ from: 'route' });
    expect(await (await app.request('/api/home/c')).json()).toEqual({ from: 'route' });
    expect(await (await app.request('/api/home/b', { method: 'HEAD' })).text()).toBe('');
    takeDatabaseDown();
    expect(await (await app.request('/api/home/b')).json()).toEqual({ from: 'route' });
    expect(routed).toHaveLength(5);
  });

  it('answers a request with a query from the view its route kept for the same request text only', async () => {
    const { app, views, keep, routed } = setUp();
    const page = keep('/api/home/b?offset=1&limit=');
    const text = requestText('/api/home/b', 'http://localhost/api/home/b?offset=1');
    expect(text).toBe('/api/home/b?offset=1');
    views.keepForRequest(text ?? '', '/api/home/b?offset=1&limit=', 1);
    const answered = await app.request('/api/home/b?offset=1');
    expect(answered.headers.get('etag')).toBe(page.etag);
    expect(routed).toEqual([]);
    // Another text (even one the route would read the same) and the route's own key are not looked up.
    expect(await (await app.request('/api/home/b?offset=01')).json()).toEqual({ from: 'route' });
    expect(await (await app.request('/api/home/b?offset=1&limit=')).json()).toEqual({ from: 'route' });
    expect(routed).toHaveLength(2);
  });

  it('names no request text for a URL with a fragment (the router reads no query after "#")', () => {
    expect(requestText('/api/data/company-bundles', 'http://h/api/data/company-bundles#?limit=250&after=X')).toBeNull();
    expect(requestText('/api/data/company-bundles', 'http://h/api/data/company-bundles?limit=1#x')).toBeNull();
    expect(requestText('/api/home/a', 'http://h/api/home/a')).toBeNull();
  });

  it('never gives a view kept under a path the access policy guards', async () => {
    const { app, keep } = setUp();
    keep('/api/files');
    const response = await app.request('/api/files');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: '未登录' });
  });

  it('takes the request id and the scheme from trusted proxies only', async () => {
    const proxied = { 'X-Request-Id': 'proxy-id-12345', 'X-Forwarded-Proto': 'https' };
    const trusted = setUp(1);
    trusted.keep('/api/home/a');
    const behindProxy = await trusted.app.request('/api/home/a', { headers: proxied });
    expect(behindProxy.headers.get('x-request-id')).toBe('proxy-id-12345');
    expect(behindProxy.headers.get('strict-transport-security')).toContain('max-age=');
    const direct = setUp(0);
    direct.keep('/api/home/a');
    const forged = await direct.app.request('/api/home/a', { headers: proxied });
    expect(forged.headers.get('x-request-id')).not.toBe('proxy-id-12345');
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });
});
