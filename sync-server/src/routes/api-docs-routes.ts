import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { openApiDocumentAnswer } from '@fcf/engine/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';

/**
 * The API's own description: the OpenAPI document, and a reference page to browse it and try calls. The
 * page is Swagger UI served from this server (node_modules), never a CDN: the app's CSP allows only its own
 * origin, and the reference must work where the app does, without the internet.
 */

const SWAGGER_UI = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Starts Swagger UI on the document; a separate file because the CSP allows no inline script. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Its default posts the document to a validator on the internet.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
});
`;

const PAGE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>自由现金流估值平台 API</title>
    <link rel="icon" href="/icons/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>
`;

const JS = 'text/javascript; charset=utf-8';
const ASSETS = new Map<string, { readonly type: string; readonly read: () => string }>([
  [
    'swagger-ui.css',
    { type: 'text/css; charset=utf-8', read: () => readFileSync(join(SWAGGER_UI, 'swagger-ui.css'), 'utf8') },
  ],
  ['swagger-ui-bundle.js', { type: JS, read: () => readFileSync(join(SWAGGER_UI, 'swagger-ui-bundle.js'), 'utf8') }],
  ['start.js', { type: JS, read: () => START_SCRIPT }],
]);
const assetCache = new Map<string, string>();

/** GET /api/openapi.json, /api/docs and the page's files; `document` builds (once) the app's document. */
export function apiDocsRoutes(document: () => Promise<object>) {
  return new Hono<AppEnv>()
    .get(
      '/openapi.json',
      documented({ tag: 'docs', summary: '本接口的 OpenAPI 3.1 文档', answers: { 200: openApiDocumentAnswer } }),
      async (c) => c.json(await document()),
    )
    .get(
      '/docs',
      documented({
        tag: 'docs',
        summary: '接口参考页（浏览文档、试调用）',
        answers: { 200: { media: 'text/html', description: '参考页' } },
      }),
      (c) => c.html(PAGE),
    )
    .get(
      '/docs/:asset',
      documented({
        tag: 'docs',
        summary: '参考页的脚本与样式',
        answers: { 200: { media: 'text/javascript', description: [...ASSETS.keys()].join('、') } },
      }),
      (c) => {
        const name = c.req.param('asset');
        const asset = ASSETS.get(name);
        if (!asset) throw new ApiError(404, '文件不存在', name);
        let body = assetCache.get(name);
        if (body === undefined) {
          body = asset.read();
          assetCache.set(name, body);
        }
        return c.body(body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=86400' });
      },
    );
}
