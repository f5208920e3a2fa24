import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadAnswer } from '@fcf/engine/contract';
import { currentChangeSeq } from '../../db/change-seq.ts';
import { queryAll } from '../../db/query.ts';
import { conforming } from '../../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../../testing/test-platform.ts';

/** What the upload tests share: the NetEase exports of fixtures/163, an empty platform, the upload call. */

export const FIXTURES = new URL('../../../../fixtures/', import.meta.url);
export const NETEASE_DIR = new URL('163/', FIXTURES);
export const NETEASE_FILES = readdirSync(NETEASE_DIR).sort();

/** The 12 companies of fixtures/163 by code (names from fullStockList.csv). */
export const COMPANIES: Record<string, string> = {
  '002027': '分众传媒',
  '002202': '金风科技',
  '002236': '大华股份',
  '002352': '顺丰控股',
  '002677': '浙江美大',
  '003816': '中国广核',
  '600027': '华电国际',
  '600233': '圆通速递',
  '600298': '安琪酵母',
  '600340': '华夏幸福',
  '600795': '国电电力',
  '601991': '大唐发电',
};
export const CODES = Object.keys(COMPANIES).sort();
/** Companies of fixtures/163 without a cash-flow statement file. */
export const WITHOUT_CASH_FLOW = ['002352', '600233'];

export const REPORT_TYPE_BY_PREFIX: Record<string, string> = {
  lrb: 'income_statement',
  zcfzb: 'balance_sheet',
  xjllb: 'cash_flow',
};

/** The tables an upload writes, counted (and the change sequence), to show that a refused one wrote nothing. */
const WRITTEN_TABLES = ['companies', 'statement_values', 'uploaded_files', 'valuation_results'] as const;

export function fixtureFile(name: string, as = name): File {
  return new File([readFileSync(new URL(name, NETEASE_DIR))], as);
}

/** A fixtures dir with the market lists and menus only, so the platform seeds no statements. */
function fixturesWithoutStatements(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-upload-fixtures-'));
  cpSync(new URL('market/', FIXTURES), join(dir, 'market'), { recursive: true });
  cpSync(new URL('menus.json', FIXTURES), join(dir, 'menus.json'));
  return dir;
}

export interface EmptyPlatform {
  platform: TestPlatform;
  close(): void;
}

export async function startEmptyPlatform(): Promise<EmptyPlatform> {
  const fixturesDir = fixturesWithoutStatements();
  const platform = await startTestPlatform({ fixturesDir });
  return {
    platform,
    close() {
      platform.close();
      rmSync(fixturesDir, { recursive: true, force: true });
    },
  };
}

/** POST /api/upload_excel with `files` in the form field `field`. */
export async function uploadRequest(
  platform: TestPlatform,
  files: readonly File[],
  token?: string,
  field = 'files',
): Promise<Response> {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  return platform.app.request('/api/upload_excel', { method: 'POST', body: form, headers });
}

/** An upload's answer (200, 400 or 503: the per-file results), checked against the contract. */
export async function upload(platform: TestPlatform, files: readonly File[], token?: string) {
  const response = await uploadRequest(platform, files, token);
  return { status: response.status, body: conforming(uploadAnswer, await response.json(), 'upload answer') };
}

export function counts(platform: TestPlatform): Record<string, number> {
  const result: Record<string, number> = { change_seq: currentChangeSeq(platform.db) };
  for (const table of WRITTEN_TABLES) {
    result[table] = queryAll<{ n: number }>(platform.db, `SELECT count(*) AS n FROM ${table}`)[0]?.n ?? -1;
  }
  return result;
}

export interface StoredValuation {
  company_code: string;
  value_per_share: number;
  enterprise_value: number;
  change_seq: number;
  version: number;
  deleted: number;
}

export function storedValuations(platform: TestPlatform): Map<string, StoredValuation> {
  const rows = queryAll<StoredValuation>(
    platform.db,
    'SELECT company_code, value_per_share, enterprise_value, change_seq, version, deleted FROM valuation_results',
  );
  return new Map(rows.map((row) => [row.company_code, row]));
}
