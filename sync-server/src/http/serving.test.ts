import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { JSON_BODY_LIMIT } from './json-request-limits.ts';

const INDEX_HTML = '<!doctype html><html lang="zh-CN"><title>自由现金流估值平台</title><div id="root"></div></html>';
/** The home page's shell with its first screen rendered at build time (vite.config.ts, firstScreen). */
const HOME_HTML = INDEX_HTML.replace('<div id="root"></div>', '<div id="root"><h1>FCF估值研究平台</h1></div>');
const SW_JS = 'self.addEventListener("install", () => self.skipWaiting());';
const APP_JS = 'console.log("app");';
/** A large hashed asset the build precompressed (its .br sibling marked, to tell it from one made here). */
const BIG_JS = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => ({ index })))};`;
const BIG_JS_BR_MARKED = `${BIG_JS}// from the build's .br`;
/** Beside the served dir, never to be served. */
const SECRET = 'TOP-SECRET-OUTSIDE-DIST';

describe('serving the built app', () => {
  let root: string;
  let platform: TestPlatform;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'fcf-static-'));
    const dist = join(root, 'dist');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'home.html'), HOME_HTML);
    writeFileSync(join(dist, 'sw.js'), SW_JS);
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), APP_JS);
    writeFileSync(join(dist, 'assets', 'big-def456.js'), BIG_JS);
    writeFileSync(join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS_BR_MARKED));
    writeFileSync(join(dist, 'assets', 'photo-1.png'), Buffer.alloc(4096, 7));
    writeFileSync(join(root, 'secret.txt'), SECRET);
    writeFileSync(join(root, 'package.json'), `{"name":"${SECRET}"}`);
    platform = await startTestPlatform({ staticDir: dist });
  });
  afterAll(() => {
    platform.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string) => platform.app.request(path);

  it.each(['/', '/?company=美的集团'])('GET %s answers the home page with its first screen', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(HOME_HTML);
  });

  it.each([
    '/valuation-home',
    '/valuation-custom',
    '/valuation-custom?company=600298',
    '/admin/upload',
    '/admin/menus/top',
    '/fcf-parameters',
  ])('GET %s answers index.html (SPA fallback)', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('serves the service worker uncached', async () => {
    const response = await get('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(SW_JS);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await get('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('cache-control')).toContain('max-age=31536000');
    expect(await response.text()).toBe(APP_JS);
  });

  it("sends the build's precompressed sibling, or compresses here when there is none", async () => {
    const br = await platform.call('GET', '/assets/big-def456.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG_JS_BR_MARKED);
    const gzip = await platform.call('GET', '/assets/big-def456.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(BIG_JS);
    const plain = await get('/assets/big-def456.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(BIG_JS);
  });

  it('never compresses images or small files', async () => {
    for (const path of ['/assets/photo-1.png', '/sw.js']) {
      const response = await platform.call('GET', path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBeNull();
    }
  });

  it('revalidates index.html and sw.js with their ETag (304)', async () => {
    for (const path of ['/', '/sw.js', '/admin/upload']) {
      const first = await get(path);
      const etag = first.headers.get('etag') ?? '';
      expect(etag, path).toMatch(/^W\/"/);
      const again = await platform.call('GET', path, { headers: { 'If-None-Match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('cache-control'), path).toBe('no-cache');
      expect(await again.text(), path).toBe('');
    }
  });

  it('a missing asset is a 404, not the app shell', async () => {
    for (const path of ['/assets/missing.js', '/missing.css', '/assets/app-abc123.js.map']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type') ?? '', path).not.toContain('text/html');
      expect(await response.text(), path).not.toContain('<html');
    }
  });

  it.each([
    '/../secret.txt',
    '/../package.json',
    '/%2e%2e/secret.txt',
    '/%2e%2e/package.json',
    '/..%2fsecret.txt',
    '/..%2Fpackage.json',
    '/%2e%2e%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%252e%252e%252fsecret.txt',
    '/..%5csecret.txt',
    '/%2e%2e%5csecret.txt',
    '/secret.txt%00.js',
    '/assets/%2e%2e/%2e%2e/secret.txt',
  ])('never serves a file outside the dir: %s', async (path) => {
    const response = await get(path);
    const text = await response.text();
    expect(text).not.toContain(SECRET);
    expect(response.status).toBeLessThan(500);
  });

  it('/api paths are never the app: an unknown one is a 404 JSON', async () => {
    for (const path of ['/api/unknown', '/api', '/api/home/nothing/here']) {
      const response = await get(path);
      expect(response.headers.get('content-type'), path).toContain('application/json');
      await refusalOf(response, 404);
    }
    const post = await platform.call('POST', '/api/unknown', { body: {} });
    // Writes are guarded before routing: an unknown write without a token is refused, never served.
    expect([401, 404]).toContain(post.status);
    expect(post.headers.get('content-type')).toContain('application/json');
  });

  it('sends the security headers and the request id on pages and API answers, cached reads and 304s included', async () => {
    const cached = '/api/home/dcf_valuation/600298';
    const etag = (await get(cached)).headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const answers: [string, Response][] = [];
    for (const path of ['/', '/assets/app-abc123.js', '/api/data/health', '/api/unknown', cached]) {
      answers.push([path, await get(path)]);
    }
    const revalidated = await platform.app.request(cached, { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);
    answers.push([`${cached} (304)`, revalidated]);
    const ids = new Set<string | null>();
    for (const [path, response] of answers) {
      ids.add(response.headers.get('x-request-id'));
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('x-request-id'), path).toMatch(/^[0-9a-f]{12}$/);
    }
    expect(ids.size).toBe(answers.length);
  });

  it('refuses a JSON body over 64 KB with a 413 JSON error', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(JSON_BODY_LIMIT), password: 'y' });
    expect(JSON_BODY_LIMIT).toBe(64 * 1024);
    const response = await platform.call('POST', '/api/login', { body: big });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect((await refusalOf(response, 413)).message).toBe('请求体过大');
  });

  it('refuses an oversized body even with a false small Content-Length', async () => {
    const big = JSON.stringify({ username: 'x'.repeat(JSON_BODY_LIMIT + 10), password: 'y' });
    const response = await platform.app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '20' },
      body: big,
    });
    expect([400, 413]).toContain(response.status);
  });

  it('refuses a body labelled multipart on a JSON route (the upload exemption must not open it)', async () => {
    // Only upload routes take multipart; /api/login would read JSON whatever the label says.
    const big = JSON.stringify({ username: 'x'.repeat(2 * JSON_BODY_LIMIT), password: 'y' });
    const response = await platform.app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=----x' },
      body: big,
    });
    expect((await refusalOf(response, 415)).message).toContain('application/json');
  });

  it('accepts a body just under the limit', async () => {
    // Whitespace pads a valid body (the what-if refuses unknown fields).
    const body = `${JSON.stringify({ wacc_manual: 0.09 })}${' '.repeat(JSON_BODY_LIMIT - 100)}`;
    const response = await platform.call('POST', '/api/user/calculate-with-valuation/600298', { body });
    expect(response.status).toBe(200);
  });
});

describe('without a built app', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  it('/ answers the Chinese "not built" page that points at the API', async () => {
    for (const path of ['/', '/valuation-custom']) {
      const response = await platform.app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain('前端尚未构建');
      expect(html).toContain('/api/data/available-companies');
    }
  });

  it('the API still works', async () => {
    expect((await platform.app.request('/api/data/health')).status).toBe(200);
  });
});
