/// <reference types="vitest/config" />
// The test settings below are typed by the reference above; at run time this file imports only what the
// build needs (vite and its plugins are dependencies, so `npm ci --omit=dev && npm start` can build).
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.API_TARGET ?? 'http://127.0.0.1:8787';

/** pdf.js's data files (CJK CMaps, standard fonts, image-decoder wasm, ICC), served at /pdfjs/. */
const PDFJS_DATA = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;
const PDFJS_ROOT = `${dirname(createRequire(new URL('./pwa/package.json', import.meta.url)).resolve('pdfjs-dist/package.json'))}/`;

/**
 * Copies pdf.js's data files into the build at /pdfjs/… (and serves them in dev). The viewer asks for them
 * only when a PDF needs them (non-embedded CJK fonts, JPX images); they are cached on first use, not
 * precached.
 */
function pdfjsData(): Plugin {
  const files = () =>
    PDFJS_DATA.flatMap((dir) =>
      existsSync(PDFJS_ROOT + dir) ? readdirSync(PDFJS_ROOT + dir).map((name) => `${dir}/${name}`) : [],
    ).filter((path) => !/LICENSE/.test(path));
  return {
    name: 'pdfjs-data',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = request.url?.split('?')[0] ?? '';
        const file = path.startsWith('/pdfjs/') ? path.slice('/pdfjs/'.length) : null;
        if (!file || !files().includes(file)) return next();
        response.end(readFileSync(PDFJS_ROOT + file));
      });
    },
    generateBundle() {
      for (const file of files()) {
        this.emitFile({ type: 'asset', fileName: `pdfjs/${file}`, source: readFileSync(PDFJS_ROOT + file) });
      }
    },
  };
}

/** Built files worth compressing (text, the TrueType font, wasm); PNG, woff2 and bcmap are compressed already. */
const COMPRESSIBLE_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|ttf|wasm)$/;
const PRECOMPRESS_MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * Writes `file.br` (brotli 11) and `file.gz` (gzip 9) beside every compressible built file, the service
 * worker included (so this runs after vite-plugin-pwa wrote it); the server sends them by
 * `Accept-Encoding` (sync-server/src/http/static-files.ts). A variant no smaller than the file is skipped.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const files = filesUnder(outDir).filter(
          (file) => COMPRESSIBLE_FILE.test(file) && statSync(file).size >= PRECOMPRESS_MIN_BYTES,
        );
        const brotli = promisify(brotliCompress);
        const gzipped = promisify(gzip);
        await Promise.all(
          files.map(async (file) => {
            const source = readFileSync(file);
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
                },
              }),
              gzipped(source, { level: 9 }),
            ]);
            if (br.byteLength < source.byteLength) writeFileSync(`${file}.br`, br);
            if (gz.byteLength < source.byteLength) writeFileSync(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

/**
 * Preloads from index.html the chunks the entry imports at run time only to evaluate them in a task of their
 * own (main.tsx: React DOM's client), with their own imports, so they download beside the entry instead of
 * after it has run.
 */
function preloadDeferredImports(module: RegExp): Plugin {
  return {
    name: 'preload-deferred-imports',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const entry = Object.values(bundle).find((output) => output.type === 'chunk' && output.isEntry);
      if (html?.type !== 'asset' || typeof html.source !== 'string' || entry?.type !== 'chunk') return;
      const files = new Set<string>();
      const add = (file: string) => {
        const chunk = bundle[file];
        if (chunk?.type !== 'chunk' || files.has(file)) return;
        files.add(file);
        for (const imported of chunk.imports) add(imported);
      };
      for (const file of entry.dynamicImports) {
        const chunk = bundle[file];
        if (chunk?.type === 'chunk' && chunk.facadeModuleId && module.test(chunk.facadeModuleId)) add(file);
      }
      const source = html.source;
      const links = [...files]
        .filter((file) => !source.includes(`"/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
      if (links.length === 0) throw new Error('preload-deferred-imports: no chunk to preload');
      html.source = source.replace('</head>', `\n    ${links.join('\n    ')}\n  </head>`);
    },
  };
}

/**
 * Writes `home.html`: the built index.html with the home page's first screen (pwa/src/app/first-screen.tsx)
 * rendered into its root, which the server sends for `/` (sync-server/src/http/static-files.ts), so a first
 * visit paints real content before any script runs. Every other route keeps the empty shell. Runs before
 * precompress, which then compresses it too.
 */
function firstScreen(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const { createServer } = await import('vite');
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const module = await server.ssrLoadModule('/src/app/first-screen.tsx');
          const markup: unknown = module.firstScreenMarkup();
          if (typeof markup !== 'string') throw new Error('first-screen.tsx gave no markup');
          const index = readFileSync(join(outDir, 'index.html'), 'utf8');
          const shell = '<div id="root"></div>';
          if (!index.includes(shell)) throw new Error('index.html has no empty root to fill');
          writeFileSync(join(outDir, 'home.html'), index.replace(shell, `<div id="root">${markup}</div>`));
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * Server test files that must not share the machine with one another: the reliability suite's server
 * processes (kill -9, restarts) and sqld's, health answered within a tight bound while the server is loaded,
 * the whole market (its two files share one seeding). They run one at a time (project `sync-server-serial`),
 * beside the other lane (scripts/test.mjs); every other server file runs in project `sync-server`.
 */
const SERVER_SERIAL_FILES = [
  'src/reliability/*.test.ts',
  'src/scale-out.test.ts',
  'src/routes/pdf-load.test.ts',
  'src/routes/upload-limits.test.ts',
  'src/http/hostile-input.test.ts',
  'src/seed/market-seed.test.ts',
];

const serverProject = {
  root: './sync-server',
  environment: 'node',
  globalSetup: ['./src/testing/global-setup.ts'],
  testTimeout: 30_000,
  // A file's platform may wait for the run's seeded database another file is making (test-platform.ts).
  hookTimeout: 120_000,
} as const;

/**
 * The PWA build (root pwa/, output pwa/dist, which the sync server serves) and the test projects of the
 * workspace. `npm test` runs every project, in two lanes side by side (scripts/test.mjs); the browser tests
 * build the app first.
 */
export default defineConfig({
  root: 'pwa',
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  worker: { format: 'es' },
  server: { proxy: { '/api': API_TARGET } },
  preview: { proxy: { '/api': API_TARGET } },
  plugins: [
    react(),
    pdfjsData(),
    preloadDeferredImports(/react-dom[\\/]client\.js$/),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        // A stable identity: the installed app stays the same app if start_url ever changes.
        id: '/',
        name: '自由现金流估值平台',
        short_name: 'FCF估值',
        description: 'A股上市公司自由现金流（FCFF）与DCF估值，离线可读',
        lang: 'zh-CN',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1f4e8c',
        categories: ['finance'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Shown in the install dialog (from docs/screenshots/, copied into pwa/public/screenshots/).
        screenshots: [
          {
            src: '/screenshots/phone-home.png',
            sizes: '780x1688',
            type: 'image/png',
            form_factor: 'narrow',
            label: '手机上的首页与估值报告',
          },
          {
            src: '/screenshots/wide-home.png',
            sizes: '1366x900',
            type: 'image/png',
            form_factor: 'wide',
            label: '桌面上的首页与估值报告',
          },
        ],
        // Long-press the app icon: straight to search, the screener or the watchlist.
        shortcuts: [
          {
            name: '搜索',
            short_name: '搜索',
            url: '/?focus=search',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: '估值筛选',
            short_name: '筛选',
            url: '/screener',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
          {
            name: '自选',
            short_name: '自选',
            url: '/#watchlist',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
          },
        ],
      },
      workbox: {
        // pdf.js's worker is an .mjs file: precached, so the PDF viewer works offline.
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff2,ttf,webmanifest}'],
        // The install dialog's screenshots are only ever shown online: not precached.
        globIgnores: ['pdfjs/**', 'screenshots/**'],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/pdfjs/'),
            handler: 'CacheFirst',
            options: { cacheName: 'pdfjs-data', expiration: { maxEntries: 300 } },
          },
        ],
        // The app's own routes (the PDF viewer's too) fall back to the shell; the API never does.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The first install takes control at once, so the first visit already works offline. Updates
        // still wait for the reader's "刷新" (registerType 'prompt': no skipWaiting).
        clientsClaim: true,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    firstScreen(),
    precompress(),
  ],
  test: {
    // Every core: Vitest's default keeps one for itself, which on two cores runs the files one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'engine',
          root: './engine',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          ...serverProject,
          name: 'sync-server',
          include: ['src/**/*.test.ts'],
          exclude: SERVER_SERIAL_FILES,
        },
      },
      {
        test: {
          ...serverProject,
          name: 'sync-server-serial',
          include: SERVER_SERIAL_FILES,
          fileParallelism: false,
        },
      },
      {
        // Checks over the whole repository (links of README.md and docs/) and the Node-side runners.
        test: {
          name: 'scripts',
          root: './scripts',
          environment: 'node',
          include: ['**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'pwa',
          root: './pwa',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
          // A page test values a company in process (2–5 s with the browser lane beside it): a deadline, not a
          // timing assertion.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: './pwa',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
