/**
 * Section 7: sizes of the built app (pwa/dist): the initial JavaScript of the report route (the entry
 * script and every module index.html preloads), each lazy chunk, and the service worker's precache.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST_DIR } from './processes.ts';

interface ChunkSize {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface SizeFigures {
  readonly initial: readonly ChunkSize[];
  readonly initialGzip: number;
  readonly lazy: readonly ChunkSize[];
  readonly precacheFiles: number;
  readonly precacheBytes: number;
  readonly precacheGzipBytes: number;
}

function sizeOf(file: string): ChunkSize {
  const content = readFileSync(join(DIST_DIR, file));
  return { file, bytes: content.byteLength, gzipBytes: gzipSync(content, { level: 9 }).byteLength };
}

export function measureSizes(): SizeFigures {
  const html = readFileSync(join(DIST_DIR, 'index.html'), 'utf8');
  const initialFiles = [
    ...new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string)),
  ];
  const initial = initialFiles.map(sizeOf);
  const lazy = readdirSync(join(DIST_DIR, 'assets'))
    .filter((name) => /\.m?js$/.test(name))
    .map((name) => `assets/${name}`)
    .filter((file) => !initialFiles.includes(file))
    .map(sizeOf)
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const sw = readFileSync(join(DIST_DIR, 'sw.js'), 'utf8');
  const precached = [...sw.matchAll(/\{url:"([^"]+)",revision:/g)].map((m) => m[1] as string);
  let precacheBytes = 0;
  let precacheGzipBytes = 0;
  for (const file of precached) {
    precacheBytes += statSync(join(DIST_DIR, file)).size;
    precacheGzipBytes += sizeOf(file).gzipBytes;
  }
  return {
    initial,
    initialGzip: initial.reduce((total, chunk) => total + chunk.gzipBytes, 0),
    lazy,
    precacheFiles: precached.length,
    precacheBytes,
    precacheGzipBytes,
  };
}
