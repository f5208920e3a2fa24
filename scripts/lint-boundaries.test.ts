import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The folder boundaries and the no-cycle rule are Biome's (biome.jsonc, docs/architecture.md#where-each-rule-lives).
 * Each breach is planted in a scratch tree laid out like the repository and linted with the repository's own
 * configuration, beside imports the rules allow, so a rule that refused everything would fail here too.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIOME = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

const PLANTED: Readonly<Record<string, string>> = {
  // A feature importing another feature; the same feature importing shared folders and the engine.
  'pwa/src/compare/imports-report.ts': "import { chart } from '../report/chart.ts';\nexport const a = chart;\n",
  'pwa/src/compare/imports-shared.ts': [
    "import { reportSpecs } from '@fcf/engine/report';",
    "import { pager } from '../ui/pager.ts';",
    "import { local } from './local.ts';",
    'export const b = [reportSpecs, pager, local];',
    '',
  ].join('\n'),
  'pwa/src/compare/local.ts': 'export const local = 1;\n',
  'pwa/src/report/chart.ts': 'export const chart = 1;\n',
  'pwa/src/report/modules/module.ts': "import { chart } from '../chart.ts';\nexport const c = chart;\n",
  'pwa/src/report/modules/imports-compare.ts':
    "import { local } from '../../compare/local.ts';\nexport const h = local;\n",
  'pwa/src/ui/pager.ts': 'export const pager = 1;\n',
  // An admin section importing another section; and the modules at the top of admin/.
  'pwa/src/admin/quotes/imports-upload.ts':
    "import { chooser } from '../upload/chooser.ts';\nexport const d = chooser;\n",
  'pwa/src/admin/quotes/imports-report.ts': "import { chart } from '../../report/chart.ts';\nexport const i = chart;\n",
  'pwa/src/admin/quotes/imports-admin.ts': "import { api } from '../admin-api.ts';\nexport const e = api;\n",
  'pwa/src/admin/upload/chooser.ts': 'export const chooser = 1;\n',
  'pwa/src/admin/admin-api.ts': 'export const api = 1;\n',
  // A service importing http/; a route doing so.
  'sync-server/src/valuation/imports-http.ts':
    "import { ApiError } from '../http/errors.ts';\nexport const f = ApiError;\n",
  'sync-server/src/routes/imports-http.ts':
    "import { ApiError } from '../http/errors.ts';\nexport const g = ApiError;\n",
  'sync-server/src/http/errors.ts': 'export class ApiError extends Error {}\n',
  // A runtime import cycle; and one closed only by `import type`.
  'sync-server/src/store/cycle-a.ts': "import { b } from './cycle-b.ts';\nexport const a = () => b;\n",
  'sync-server/src/store/cycle-b.ts': "import { a } from './cycle-a.ts';\nexport const b = () => a;\n",
  'sync-server/src/store/typed-a.ts': "import type { B } from './typed-b.ts';\nexport interface A {\n  b?: B;\n}\n",
  'sync-server/src/store/typed-b.ts': "import type { A } from './typed-a.ts';\nexport interface B {\n  a?: A;\n}\n",
};

interface Finding {
  readonly rule: string;
  readonly file: string;
}

let scratch = '';
let findings: Finding[] = [];

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'lint-boundaries-'));
  copyFileSync(join(ROOT, 'biome.jsonc'), join(scratch, 'biome.jsonc'));
  // The configuration reads .gitignore through git (vcs.useIgnoreFile).
  await promisify(execFile)('git', ['init', '-q'], { cwd: scratch });
  for (const [path, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), text);
  }
  const output = await promisify(execFile)(process.execPath, [BIOME, 'lint', '--reporter=github', '.'], {
    cwd: scratch,
  }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  findings = [...output.matchAll(/^::error title=([^,]+),file=([^,]+),/gm)].map(([, rule = '', file = '']) => ({
    rule,
    file: relative(scratch, file),
  }));
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const rulesOf = (file: string) => findings.filter((finding) => finding.file === file).map(({ rule }) => rule);

describe('npm run lint (biome.jsonc)', () => {
  it('refuses a PWA feature importing another feature, from any depth of its folder', () => {
    expect(rulesOf('pwa/src/compare/imports-report.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(rulesOf('pwa/src/report/modules/imports-compare.ts')).toEqual(['lint/style/noRestrictedImports']);
    expect(rulesOf('pwa/src/admin/quotes/imports-report.ts')).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses an admin section importing another section', () => {
    expect(rulesOf('pwa/src/admin/quotes/imports-upload.ts')).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses a server service importing http/', () => {
    expect(rulesOf('sync-server/src/valuation/imports-http.ts')).toEqual(['lint/style/noRestrictedImports']);
  });

  it('refuses a runtime import cycle, on both of its files', () => {
    expect(rulesOf('sync-server/src/store/cycle-a.ts')).toEqual(['lint/suspicious/noImportCycles']);
    expect(rulesOf('sync-server/src/store/cycle-b.ts')).toEqual(['lint/suspicious/noImportCycles']);
  });

  it('lets everything else through: shared folders, the engine, the own folder, routes, type-only cycles', () => {
    const refused = new Set([
      'pwa/src/compare/imports-report.ts',
      'pwa/src/report/modules/imports-compare.ts',
      'pwa/src/admin/quotes/imports-report.ts',
      'pwa/src/admin/quotes/imports-upload.ts',
      'sync-server/src/valuation/imports-http.ts',
      'sync-server/src/store/cycle-a.ts',
      'sync-server/src/store/cycle-b.ts',
    ]);
    expect(findings.filter((finding) => !refused.has(finding.file))).toEqual([]);
  });
});
