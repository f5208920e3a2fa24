// `npm run size` (after `npm run build`): the gzip size of the JavaScript the first screen loads — the
// entry script and every module it preloads, as listed in pwa/dist/index.html.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../pwa/dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]);
let total = 0;
for (const script of scripts) {
  const size = gzipSync(readFileSync(new URL(script, dist)), { level: 9 }).length;
  total += size;
  console.log(`${script.padEnd(44)} ${(size / 1024).toFixed(1).padStart(7)} KB gz`);
}
console.log(`${'initial JavaScript of the report route'.padEnd(44)} ${(total / 1024).toFixed(1).padStart(7)} KB gz`);
