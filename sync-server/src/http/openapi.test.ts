import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_VERSION } from '../routes/company-routes.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { accessFor } from './access-policy.ts';
import { ENDPOINTS_END, ENDPOINTS_START, endpointList } from './api-endpoint-list.ts';
import { type ApiDocument, openApiDocument, operationsOf } from './openapi.ts';

/** The OpenAPI document against the routes the app really has, and docs/api.md against the document. */

let platform: TestPlatform;
let document: ApiDocument;
beforeAll(async () => {
  platform = await startTestPlatform();
  document = await openApiDocument(platform.app, SERVER_VERSION);
});
afterAll(() => platform.close());

/** `:company`, `:id{[0-9]+}` → `{company}`, `{id}`: Hono's path parameters as OpenAPI writes them. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, '{$1}');

const operations = () => operationsOf(document);

describe('the OpenAPI document', () => {
  it('lists every route of the app, and only those', () => {
    const routes = new Set(
      platform.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
        .map((route) => `${route.method} ${openApiPath(route.path)}`),
    );
    const documented = new Set(operations().map(({ method, path }) => `${method} ${path}`));
    expect(
      [...routes].filter((route) => !documented.has(route)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      [...documented].filter((route) => !routes.has(route)),
      'documented but not routes',
    ).toEqual([]);
    expect(routes.size).toBeGreaterThan(50);
  });

  it('gives every operation a summary and the shape (or media type) of its successful answer', () => {
    for (const { method, path, operation } of operations()) {
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [status, response] of success) {
        expect(Object.keys(response.content ?? {}).length, `${method} ${path} ${status}`).toBeGreaterThan(0);
      }
    }
  });

  it('gives every write its request: a JSON schema, or the form of an upload', () => {
    const bodiless = new Set(['POST /api/data/generate-sample-fcff/{company}', 'POST /api/logout']);
    for (const { method, path, operation } of operations()) {
      if ((method !== 'POST' && method !== 'PUT') || bodiless.has(`${method} ${path}`)) continue;
      const media = Object.keys(operation.requestBody?.content ?? {});
      expect(media.length === 1 && ['application/json', 'multipart/form-data'].includes(media[0] ?? ''), path).toBe(
        true,
      );
    }
  });

  it('shows who may call each operation, as the access policy decides, with its 401 and 403 where a token is needed', () => {
    for (const { method, path, operation } of operations()) {
      const access = accessFor(method, path);
      expect(operation['x-access'], `${method} ${path}`).toBe(access);
      expect(operation.security, `${method} ${path}`).toEqual(access === 'public' ? [] : [{ bearerAuth: [] }]);
      if (access !== 'public') expect(operation.responses, `${method} ${path}`).toHaveProperty('401');
      if (access === 'admin') expect(operation.responses, `${method} ${path}`).toHaveProperty('403');
    }
  });

  it('names the answers several routes share once, as components', () => {
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['ErrorAnswer', 'CompanyBundle', 'DcfValuation', 'ForecastRow', 'TopMenuItem']),
    );
  });
});

describe('serving the document and its reference page', () => {
  it('answers the document to anyone', async () => {
    const response = await platform.call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { openapi: string; info: { version: string } };
    expect(body.openapi).toBe('3.1.0');
    expect(body.info.version).toBe(SERVER_VERSION);
  });

  it('serves the reference page and its scripts from this server, nothing from elsewhere', async () => {
    const page = await platform.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    // Same origin only: the page's own assets under /api/docs/, and the app's icon.
    expect(sources.every((source) => /^\/(?!\/)/.test(source))).toBe(true);
    const ownAssets = sources.filter((source) => source.startsWith('/api/docs/'));
    expect(ownAssets.length).toBeGreaterThan(0);
    expect(sources.filter((source) => !source.startsWith('/api/docs/'))).toEqual(['/icons/favicon.svg']);
    expect(html).not.toMatch(/<script>/);
    for (const source of ownAssets) {
      const asset = await platform.call('GET', source);
      expect(asset.status, source).toBe(200);
      expect((await asset.text()).length, source).toBeGreaterThan(0);
    }
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('answers an unknown asset with the error envelope, never a file outside its list', async () => {
    for (const name of ['constructor', '..%2Fpackage.json', 'index.html']) {
      const response = await platform.call('GET', `/api/docs/${name}`);
      expect(response.status, name).toBe(404);
      expect(((await response.json()) as { success: boolean }).success).toBe(false);
    }
  });
});

describe('docs/api.md', () => {
  it('lists the endpoints of the document (run `npm run docs:api` after changing routes)', () => {
    const markdown = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    const start = markdown.indexOf(ENDPOINTS_START) + ENDPOINTS_START.length;
    const written = markdown.slice(start, markdown.indexOf(ENDPOINTS_END)).trim();
    expect(written, 'docs/api.md is out of date: run npm run docs:api').toBe(endpointList(document));
  });
});
