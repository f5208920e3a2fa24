import { existsSync, readFileSync, type Stats, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import {
  acceptedEncoding,
  COMPRESS_MIN_BYTES,
  type ContentEncoding,
  encodeBody,
  isCompressible,
} from '../answers/content-encoding.ts';
import { matchesEtag } from '../answers/etag.ts';
import type { AppEnv } from '../app-env.ts';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.map': 'application/json; charset=utf-8',
};

/** Vite puts content-hashed files under /assets/: they never change, so they may be cached for good. */
function cacheControl(path: string): string {
  if (path.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** The file under `root` that a URL path names, or null (never anything outside root). */
function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  try {
    return statSync(candidate).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

const SIBLING_SUFFIX: Readonly<Record<ContentEncoding, string>> = { br: '.br', gzip: '.gz' };

/** Files compressed here because the build left no sibling (a build without the precompress step). */
const compressedInMemory = new Map<string, Uint8Array<ArrayBuffer>>();
const IN_MEMORY_LIMIT = 256;

/** The file's bytes in `encoding`: the build's `.br`/`.gz` sibling when it has one, else compressed once. */
function encodedFile(file: string, stats: Stats, encoding: ContentEncoding): Uint8Array<ArrayBuffer> {
  const sibling = file + SIBLING_SUFFIX[encoding];
  if (existsSync(sibling)) return new Uint8Array(readFileSync(sibling));
  const key = `${file}|${encoding}|${stats.mtimeMs}|${stats.size}`;
  let bytes = compressedInMemory.get(key);
  if (!bytes) {
    bytes = new Uint8Array(encodeBody(readFileSync(file), encoding, 'cached'));
    if (compressedInMemory.size >= IN_MEMORY_LIMIT) compressedInMemory.clear();
    compressedInMemory.set(key, bytes);
  }
  return bytes;
}

/**
 * A built file: a weak ETag from its size and time (an unchanged `no-cache` file revalidates with a 304),
 * and for text types the precompressed variant the client accepts, with `Vary: Accept-Encoding`.
 */
function sendFile(c: Context<AppEnv>, file: string, urlPath: string) {
  const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const stats = statSync(file);
  const etag = `W/"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}"`;
  const headers: Record<string, string> = { 'Content-Type': type, 'Cache-Control': cacheControl(urlPath), ETag: etag };
  const compressible = isCompressible(type) && stats.size >= COMPRESS_MIN_BYTES;
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
  const encoding = compressible ? acceptedEncoding(c.req.header('Accept-Encoding')) : null;
  if (!encoding) return c.body(new Uint8Array(readFileSync(file)), 200, headers);
  headers['Content-Encoding'] = encoding;
  return c.body(encodedFile(file, stats, encoding), 200, headers);
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>自由现金流估值平台</title>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>自由现金流估值平台</h1><p>前端尚未构建。API 已在 <code>/api</code> 下运行，例如
<a href="/api/data/available-companies">/api/data/available-companies</a>。</p></body></html>`;

/**
 * Serves the built PWA: files as they are, and index.html for every other GET outside /api (the app's
 * routes: /, /valuation-custom, /admin/*, …), so deep links and reloads work.
 */
export function serveApp(app: Hono<AppEnv>, staticDir: string): void {
  const root = normalize(staticDir);
  app.get('*', (c) => {
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) return c.notFound();
    const index = join(root, 'index.html');
    if (!existsSync(index)) return c.html(NOT_BUILT_PAGE, 200, { 'Cache-Control': 'no-cache' });
    const file = path === '/' ? null : resolveFile(root, path);
    if (file) return sendFile(c, file, path);
    // A missing asset is a 404, not the app shell: the browser would try to run HTML as a script.
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) return c.text('Not Found', 404);
    // The home page's shell holds its first screen, rendered at build time (vite.config.ts, firstScreen).
    const home = join(root, 'home.html');
    if (path === '/' && existsSync(home)) return sendFile(c, home, '/index.html');
    return sendFile(c, index, '/index.html');
  });
}
