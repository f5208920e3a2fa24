// `npm run docs:api`: writes the endpoint list of docs/api.md from the OpenAPI document of the app as it is
// now (a throwaway database in a temp dir, nothing else touched).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform } from '../src/bootstrap.ts';
import { configFromEnv, generateSecret } from '../src/config.ts';
import { endpointList, withEndpointList } from '../src/http/api-endpoint-list.ts';
import { openApiDocument } from '../src/http/openapi.ts';
import { SERVER_VERSION } from '../src/routes/company-routes.ts';

const API_DOC = new URL('../../docs/api.md', import.meta.url);

const dir = mkdtempSync(join(tmpdir(), 'fcf-api-docs-'));
const platform = await startPlatform({
  ...configFromEnv({}),
  databaseUrl: `file:${join(dir, 'fcf.db')}`,
  adminPassword: generateSecret(),
  staticDir: join(dir, 'no-dist'),
  logRequests: false,
});
try {
  const list = endpointList(await openApiDocument(platform.app, SERVER_VERSION));
  writeFileSync(API_DOC, withEndpointList(readFileSync(API_DOC, 'utf8'), list));
  console.log('docs/api.md: endpoint list written');
} finally {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
}
