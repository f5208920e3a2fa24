import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * POST /api/upload_excel, the file records, file and company removal and the companies' status
 * (back-office §3, §7; DESIGN §4), on a platform whose database starts with no company: every company
 * comes from an upload through the endpoint.
 */

interface UploadItem {
  filename: string;
  success: boolean;
  error: string | null;
  company?: string;
  report_type?: string;
}

interface UploadAnswer {
  success: boolean;
  uploaded_files: UploadItem[];
  affected_companies: string[];
  valuation_problems: { company: string; reason: string }[];
  message: string;
}

interface FileRecord {
  id: number;
  company_code: string;
  company_name: string;
  file_name: string;
  report_type: string;
  year: string | null;
  size: number;
  status: string;
  upload_time: string;
}

interface CompanyStatus {
  code: string;
  name: string;
  report_types: string[];
  completeness: string;
  complete: boolean;
  valued: boolean;
  analyzed: boolean;
}

interface StatusData {
  unvalued_companies: string[];
  unanalyzed_companies: string[];
  statistics: { total_companies: number; unvalued_count: number; unanalyzed_count: number; complete_count: number };
  companies: CompanyStatus[];
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

interface ErrorBody {
  success: false;
  message: string;
  detail: string;
}

interface DcfData {
  valuation: { value_per_share: number; enterprise_value: number };
}

const FIXTURES = new URL('../../../fixtures/', import.meta.url);
const NETEASE_DIR = new URL('163/', FIXTURES);
const NETEASE_FILES = readdirSync(NETEASE_DIR).sort();

/** The 12 companies of fixtures/163 by code (names from fullStockList.csv). */
const COMPANIES: Record<string, string> = {
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
const CODES = Object.keys(COMPANIES).sort();
/** Companies of fixtures/163 without a cash-flow statement file. */
const WITHOUT_CASH_FLOW = ['002352', '600233'];

const REPORT_TYPE_BY_PREFIX: Record<string, string> = {
  lrb: 'income_statement',
  zcfzb: 'balance_sheet',
  xjllb: 'cash_flow',
};

/** The tables an upload writes, counted (and the change sequence), to show that a refused one wrote nothing. */
const WRITTEN_TABLES = ['companies', 'statement_values', 'uploaded_files', 'valuation_results'] as const;

function fixtureFile(name: string, as = name): File {
  return new File([readFileSync(new URL(name, NETEASE_DIR))], as);
}

/** A fixtures dir with the market lists and menus only, so the platform seeds no statements. */
function fixturesWithoutStatements(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-upload-fixtures-'));
  cpSync(new URL('market/', FIXTURES), join(dir, 'market'), { recursive: true });
  cpSync(new URL('menus.json', FIXTURES), join(dir, 'menus.json'));
  return dir;
}

interface EmptyPlatform {
  platform: TestPlatform;
  close(): void;
}

async function startEmptyPlatform(): Promise<EmptyPlatform> {
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

async function upload(platform: TestPlatform, files: readonly File[], token?: string, field = 'files') {
  const form = new FormData();
  for (const file of files) form.append(field, file);
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = await platform.app.request('/api/upload_excel', { method: 'POST', body: form, headers });
  return { status: response.status, body: (await response.json()) as UploadAnswer & ErrorBody };
}

function counts(platform: TestPlatform): Record<string, number> {
  const result: Record<string, number> = { change_seq: currentChangeSeq(platform.db) };
  for (const table of WRITTEN_TABLES) {
    result[table] = queryAll<{ n: number }>(platform.db, `SELECT count(*) AS n FROM ${table}`)[0]?.n ?? -1;
  }
  return result;
}

async function read<T>(platform: TestPlatform, path: string, token?: string): Promise<T> {
  const response = await platform.call('GET', path, token ? { token } : {});
  expect(response.status, path).toBe(200);
  const body = (await response.json()) as Envelope<T>;
  expect(body.success).toBe(true);
  return body.data;
}

async function failure(response: Response | Promise<Response>, status: number): Promise<ErrorBody> {
  const answer = await response;
  expect(answer.status).toBe(status);
  const body = (await answer.json()) as ErrorBody;
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  expect(typeof body.detail).toBe('string');
  return body;
}

interface StoredValuation {
  company_code: string;
  value_per_share: number;
  enterprise_value: number;
  change_seq: number;
  version: number;
  deleted: number;
}

function storedValuations(platform: TestPlatform): Map<string, StoredValuation> {
  const rows = queryAll<StoredValuation>(
    platform.db,
    'SELECT company_code, value_per_share, enterprise_value, change_seq, version, deleted FROM valuation_results',
  );
  return new Map(rows.map((row) => [row.company_code, row]));
}

describe('uploading all 34 files of fixtures/163 in one request', () => {
  let empty: EmptyPlatform;
  let platform: TestPlatform;
  let token: string;
  let answer: { status: number; body: UploadAnswer };

  beforeAll(async () => {
    empty = await startEmptyPlatform();
    platform = empty.platform;
    token = await platform.adminToken();
    expect(counts(platform)).toMatchObject({ companies: 0, statement_values: 0, uploaded_files: 0 });
    expect(NETEASE_FILES).toHaveLength(34);
    answer = await upload(
      platform,
      NETEASE_FILES.map((name) => fixtureFile(name)),
      token,
    );
  });
  afterAll(() => empty.close());

  it('answers every file with its company and report type, and the affected companies', () => {
    expect(answer.status).toBe(200);
    const { body } = answer;
    expect(body.success).toBe(true);
    expect(body.message).toBe('全部上传成功，共 34 个文件');
    expect(body.uploaded_files.map((item) => item.filename)).toEqual(NETEASE_FILES);
    for (const item of body.uploaded_files) {
      const [, prefix, code] = /^(lrb|zcfzb|xjllb)(\d{6})\.csv$/.exec(item.filename) ?? [];
      expect(item).toMatchObject({
        filename: item.filename,
        success: true,
        error: null,
        company: COMPANIES[code ?? ''],
        report_type: REPORT_TYPE_BY_PREFIX[prefix ?? ''],
      });
    }
    expect([...body.affected_companies].sort()).toEqual(Object.values(COMPANIES).sort());
    expect(body.valuation_problems).toEqual([]);
  });

  it('creates the companies with their names and industries', () => {
    const rows = queryAll<{ code: string; name: string; industry: string; deleted: number }>(
      platform.db,
      'SELECT code, name, industry, deleted FROM companies ORDER BY code',
    );
    expect(Object.fromEntries(rows.map((row) => [row.code, row.name]))).toEqual(COMPANIES);
    expect(rows.find((row) => row.code === '600298')).toMatchObject({ name: '安琪酵母', industry: '制造业' });
    for (const row of rows) expect(row.deleted).toBe(0);
  });

  it('stores the figures with their file and a valuation for every affected company', async () => {
    const values = queryAll<{ company_code: string; report_type: string; n: number; files: number }>(
      platform.db,
      `SELECT company_code, report_type, count(*) AS n, count(DISTINCT file_id) AS files FROM statement_values
       WHERE deleted = 0 GROUP BY company_code, report_type`,
    );
    expect(values).toHaveLength(34);
    for (const group of values) {
      expect(group.n).toBeGreaterThan(20);
      expect(group.files).toBe(1);
    }
    const stored = storedValuations(platform);
    expect([...stored.keys()].sort()).toEqual(CODES);
    // What was stored is the engine's valuation of what was uploaded.
    for (const [code, row] of stored) {
      const dcf = await read<DcfData>(platform, `/api/home/dcf_valuation/${code}`);
      expect(row.value_per_share, code).toBe(dcf.valuation.value_per_share);
      expect(row.enterprise_value, code).toBe(dcf.valuation.enterprise_value);
    }
  });

  it('GET /api/files lists one uploaded record per file', async () => {
    const response = await platform.call('GET', '/api/files', { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; files: FileRecord[] };
    expect(body.success).toBe(true);
    expect(body.files).toHaveLength(34);
    expect(body.files.map((file) => file.file_name).sort()).toEqual(NETEASE_FILES);
    for (const file of body.files) {
      expect(Object.keys(file)).toEqual(
        expect.arrayContaining(['id', 'company_name', 'file_name', 'report_type', 'year', 'status', 'upload_time']),
      );
      const [, prefix, code] = /^(lrb|zcfzb|xjllb)(\d{6})\.csv$/.exec(file.file_name) ?? [];
      expect(file.company_name).toBe(COMPANIES[code ?? '']);
      expect(file.report_type).toBe(REPORT_TYPE_BY_PREFIX[prefix ?? '']);
      expect(file.status).toBe('uploaded');
      expect(file.year).toMatch(/^\d{4}-\d{4}$/);
      expect(Number.isNaN(Date.parse(file.upload_time))).toBe(false);
      expect(file.size).toBe(readFileSync(new URL(file.file_name, NETEASE_DIR)).byteLength);
    }
    // Newest first.
    expect(body.files.map((file) => file.id)).toEqual([...body.files.map((file) => file.id)].sort((a, b) => b - a));
    expect(body.files.find((file) => file.file_name === 'lrb600298.csv')?.year).toBe('2006-2019');
  });

  it('GET /api/data/companies-status: everyone valued, nobody analysed, completeness x/4', async () => {
    const data = await read<StatusData>(platform, '/api/data/companies-status', token);
    expect(data.unvalued_companies).toEqual([]);
    expect([...data.unanalyzed_companies].sort()).toEqual(Object.values(COMPANIES).sort());
    expect(data.statistics).toEqual({
      total_companies: 12,
      unvalued_count: 0,
      unanalyzed_count: 12,
      complete_count: 0,
    });
    expect(data.companies.map((company) => company.code)).toEqual(CODES);
    for (const company of data.companies) {
      const withoutCashFlow = WITHOUT_CASH_FLOW.includes(company.code);
      expect(company.completeness, company.code).toBe(withoutCashFlow ? '2/4' : '3/4');
      expect(company.report_types).toEqual(
        withoutCashFlow ? ['income_statement', 'balance_sheet'] : ['income_statement', 'balance_sheet', 'cash_flow'],
      );
      expect(company).toMatchObject({ name: COMPANIES[company.code], complete: false, valued: true, analyzed: false });
    }
  });

  it('the post-analysis moves companies out of the unanalyzed list', async () => {
    const run = await platform.call('POST', '/api/execute-script', {
      token,
      body: { script_type: 'post_analysis', mode: 'fcf_ratio', company_name: '安琪酵母', force_recalculate: false },
    });
    expect(run.status).toBe(200);
    const data = await read<StatusData>(platform, '/api/data/companies-status', token);
    expect(data.unanalyzed_companies).not.toContain('安琪酵母');
    expect(data.statistics.unanalyzed_count).toBe(11);
    expect(data.companies.find((company) => company.code === '600298')?.analyzed).toBe(true);
  });

  describe('DELETE /api/files/{id}', () => {
    it('tombstones the file figures, deletes its record and recomputes the valuation', async () => {
      const [file] = queryAll<{ id: number }>(
        platform.db,
        `SELECT id FROM uploaded_files WHERE file_name = 'xjllb600298.csv'`,
      );
      if (!file) throw new Error('no xjllb600298.csv record');
      const before = queryAll<{ item: string; version: number; change_seq: number }>(
        platform.db,
        'SELECT item, version, change_seq FROM statement_values WHERE file_id = ? AND deleted = 0',
        file.id,
      );
      expect(before.length).toBeGreaterThan(50);
      const seqBefore = currentChangeSeq(platform.db);
      const valuationBefore = storedValuations(platform).get('600298');

      const response = await platform.call('DELETE', `/api/files/${file.id}`, { token });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Envelope<{ removed_values: number; valuation_problems: unknown[] }>;
      expect(body.success).toBe(true);
      expect(body.data.removed_values).toBe(before.length);

      const after = queryAll<{ version: number; change_seq: number; deleted: number }>(
        platform.db,
        'SELECT version, change_seq, deleted FROM statement_values WHERE file_id = ?',
        file.id,
      );
      expect(after).toHaveLength(before.length);
      const oldVersion = Math.max(...before.map((row) => row.version));
      for (const row of after) {
        expect(row.deleted).toBe(1);
        expect(row.version).toBe(oldVersion + 1);
        expect(row.change_seq).toBeGreaterThan(seqBefore);
      }
      expect(queryAll(platform.db, 'SELECT id FROM uploaded_files WHERE id = ?', file.id)).toEqual([]);
      // The other files of the company keep their figures.
      expect(
        queryAll<{ n: number }>(
          platform.db,
          `SELECT count(*) AS n FROM statement_values WHERE company_code = '600298' AND deleted = 0`,
        )[0]?.n,
      ).toBeGreaterThan(100);

      // Recomputed from what is left: a new stored run, equal to the report's DCF.
      const valuationAfter = storedValuations(platform).get('600298');
      expect(valuationAfter?.change_seq).toBeGreaterThan(valuationBefore?.change_seq ?? Number.POSITIVE_INFINITY);
      const dcf = await read<DcfData>(platform, '/api/home/dcf_valuation/600298');
      expect(valuationAfter?.value_per_share).toBe(dcf.valuation.value_per_share);
      expect(valuationAfter?.value_per_share).not.toBe(valuationBefore?.value_per_share);

      const files = await platform.call('GET', '/api/files', { token });
      const listed = ((await files.json()) as { files: FileRecord[] }).files;
      expect(listed).toHaveLength(33);
      expect(listed.some((record) => record.id === file.id)).toBe(false);
      const status = await read<StatusData>(platform, '/api/data/companies-status', token);
      expect(status.companies.find((company) => company.code === '600298')?.completeness).toBe('2/4');
    });

    it('an unknown or deleted id is a 404', async () => {
      const error = await failure(platform.call('DELETE', '/api/files/99999', { token }), 404);
      expect(error.message).toBe('文件不存在或已删除');
      await failure(platform.call('DELETE', '/api/files/not-a-number', { token }), 404);
    });

    it('needs an admin token', async () => {
      const [file] = queryAll<{ id: number }>(platform.db, 'SELECT id FROM uploaded_files LIMIT 1');
      await failure(platform.call('DELETE', `/api/files/${file?.id}`), 401);
      await failure(platform.call('DELETE', `/api/files/${file?.id}`, { token: await platform.userToken() }), 403);
      expect(queryAll(platform.db, 'SELECT id FROM uploaded_files WHERE id = ?', file?.id)).toHaveLength(1);
    });
  });

  describe('DELETE /api/delete_company/{company}', () => {
    const company = encodeURIComponent('大唐发电');

    it('is all or nothing: a failure part-way leaves every row as it was', async () => {
      // A trigger makes the last step (the company's tombstone) fail after the others have run.
      platform.db.exec(`CREATE TRIGGER refuse_company_delete BEFORE UPDATE OF deleted ON companies
        WHEN NEW.deleted = 1 BEGIN SELECT RAISE(ABORT, 'refused by test'); END`);
      const before = counts(platform);
      const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        await failure(platform.call('DELETE', `/api/delete_company/${company}`, { token }), 500);
      } finally {
        quiet.mockRestore();
        platform.db.exec('DROP TRIGGER refuse_company_delete');
      }
      expect(counts(platform)).toEqual(before);
      expect(
        queryAll(platform.db, `SELECT 1 FROM statement_values WHERE company_code = '601991' AND deleted = 1`),
      ).toEqual([]);
      expect(queryAll(platform.db, `SELECT id FROM uploaded_files WHERE company_code = '601991'`)).toHaveLength(3);
      expect(storedValuations(platform).get('601991')?.deleted).toBe(0);
    });

    it('removes everything of the company in one go, leaving tombstones for sync', async () => {
      const seqBefore = currentChangeSeq(platform.db);
      const response = await platform.call('DELETE', `/api/delete_company/${company}`, { token });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body.success).toBe(true);
      expect(body.message).toContain('大唐发电');

      const [row] = queryAll<{ deleted: number; version: number; change_seq: number }>(
        platform.db,
        `SELECT deleted, version, change_seq FROM companies WHERE code = '601991'`,
      );
      expect(row).toMatchObject({ deleted: 1, version: 2 });
      expect(row?.change_seq).toBeGreaterThan(seqBefore);
      const values = queryAll<{ deleted: number; change_seq: number }>(
        platform.db,
        `SELECT deleted, change_seq FROM statement_values WHERE company_code = '601991'`,
      );
      expect(values.length).toBeGreaterThan(100);
      for (const value of values) {
        expect(value.deleted).toBe(1);
        expect(value.change_seq).toBeGreaterThan(seqBefore);
      }
      expect(storedValuations(platform).get('601991')?.deleted).toBe(1);
      expect(queryAll(platform.db, `SELECT id FROM uploaded_files WHERE company_code = '601991'`)).toEqual([]);
      // Other companies are untouched.
      expect(queryAll(platform.db, `SELECT id FROM uploaded_files WHERE company_code = '600795'`)).toHaveLength(3);
    });

    it('the company is gone from the lists, the status and the reports', async () => {
      const companies = await read<{ code: string }[]>(platform, '/api/data/available-companies');
      expect(companies.map((entry) => entry.code)).not.toContain('601991');
      expect(companies).toHaveLength(11);
      const names = await read<string[]>(platform, '/api/data/companies');
      expect(names).not.toContain('大唐发电');
      const status = await read<StatusData>(platform, '/api/data/companies-status', token);
      expect(status.statistics.total_companies).toBe(11);
      expect(status.companies.map((entry) => entry.code)).not.toContain('601991');
      await failure(platform.call('GET', `/api/home/dcf_valuation/${company}`), 404);
      await failure(platform.call('GET', '/api/home/financial_analysis/601991'), 404);
      const files = await platform.call('GET', '/api/files', { token });
      const listed = ((await files.json()) as { files: FileRecord[] }).files;
      expect(listed.some((file) => file.company_name === '大唐发电' || file.company_code === '601991')).toBe(false);
    });

    it('a deleted or unknown company is a 404', async () => {
      const again = await failure(platform.call('DELETE', `/api/delete_company/${company}`, { token }), 404);
      expect(again.message).toContain('大唐发电');
      const unknown = await failure(
        platform.call('DELETE', `/api/delete_company/${encodeURIComponent('不存在公司')}`, { token }),
        404,
      );
      expect(unknown.message).toContain('不存在公司');
    });

    it('needs an admin token', async () => {
      const before = counts(platform);
      await failure(platform.call('DELETE', '/api/delete_company/600795'), 401);
      await failure(platform.call('DELETE', '/api/delete_company/600795', { token: await platform.userToken() }), 403);
      expect(counts(platform)).toEqual(before);
    });

    it('re-uploading a deleted company brings it back', async () => {
      const again = await upload(
        platform,
        ['lrb601991.csv', 'zcfzb601991.csv', 'xjllb601991.csv'].map((name) => fixtureFile(name)),
        token,
      );
      expect(again.status).toBe(200);
      expect(again.body.affected_companies).toEqual(['大唐发电']);
      const dcf = await read<DcfData>(platform, `/api/home/dcf_valuation/${company}`);
      expect(storedValuations(platform).get('601991')).toMatchObject({
        deleted: 0,
        value_per_share: dcf.valuation.value_per_share,
      });
    });
  });
});

describe('uploading fixtures/163 in a few requests', () => {
  let empty: EmptyPlatform;
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    empty = await startEmptyPlatform();
    platform = empty.platform;
    token = await platform.adminToken();
  });
  afterAll(() => empty.close());

  it('income statements, then balance sheets, then cash flows: each answer names its companies', async () => {
    const byPrefix = (prefix: string) => NETEASE_FILES.filter((name) => name.startsWith(prefix));
    const incomes = await upload(
      platform,
      byPrefix('lrb').map((name) => fixtureFile(name)),
      token,
    );
    expect(incomes.status).toBe(200);
    expect(incomes.body.uploaded_files).toHaveLength(12);
    expect(incomes.body.uploaded_files.every((item) => item.success && item.report_type === 'income_statement')).toBe(
      true,
    );
    expect(incomes.body.affected_companies).toHaveLength(12);

    const balances = await upload(
      platform,
      byPrefix('zcfzb').map((name) => fixtureFile(name)),
      token,
    );
    expect(balances.status).toBe(200);
    expect(balances.body.uploaded_files.every((item) => item.success && item.report_type === 'balance_sheet')).toBe(
      true,
    );
    expect([...balances.body.affected_companies].sort()).toEqual(Object.values(COMPANIES).sort());

    const cashFlows = await upload(
      platform,
      byPrefix('xjllb').map((name) => fixtureFile(name)),
      token,
    );
    expect(cashFlows.status).toBe(200);
    expect(cashFlows.body.uploaded_files).toHaveLength(10);
    expect([...cashFlows.body.affected_companies].sort()).toEqual(
      Object.entries(COMPANIES)
        .filter(([code]) => !WITHOUT_CASH_FLOW.includes(code))
        .map(([, name]) => name)
        .sort(),
    );
    expect(cashFlows.body.valuation_problems).toEqual([]);
  });

  it('ends where one request does: 12 companies, 34 records, every company valued on all its data', async () => {
    expect(counts(platform)).toMatchObject({ companies: 12, uploaded_files: 34, valuation_results: 12 });
    for (const [code, row] of storedValuations(platform)) {
      const dcf = await read<DcfData>(platform, `/api/home/dcf_valuation/${code}`);
      expect(row.value_per_share, code).toBe(dcf.valuation.value_per_share);
    }
    const status = await read<StatusData>(platform, '/api/data/companies-status', token);
    expect(status.statistics).toMatchObject({ total_companies: 12, unvalued_count: 0 });
  });

  it('re-uploading the same file writes no figure again (clients pull nothing new)', async () => {
    const seq = currentChangeSeq(platform.db);
    const again = await upload(platform, [fixtureFile('lrb600298.csv')], token);
    expect(again.status).toBe(200);
    expect(again.body.uploaded_files[0]).toMatchObject({ success: true, company: '安琪酵母' });
    expect(
      queryAll(platform.db, 'SELECT 1 FROM statement_values WHERE change_seq > ?', seq),
      'no statement value re-written',
    ).toEqual([]);
  });

  // BUG (fails today): an unchanged re-import keeps the figures on the first file's record
  // (store/statements.ts writeReport skips them), so deleting that older record tombstones figures the
  // newer record, still listed by GET /api/files, holds; the company loses its income statement.
  it('deleting the older of two records of the same file keeps the figures the newer one holds', async () => {
    const records = queryAll<{ id: number }>(
      platform.db,
      `SELECT id FROM uploaded_files WHERE file_name = 'lrb600298.csv' ORDER BY id`,
    );
    expect(records).toHaveLength(2);
    const live = () =>
      queryAll<{ n: number }>(
        platform.db,
        `SELECT count(*) AS n FROM statement_values
         WHERE company_code = '600298' AND report_type = 'income_statement' AND deleted = 0`,
      )[0]?.n;
    const before = live();
    const response = await platform.call('DELETE', `/api/files/${records[0]?.id}`, { token });
    expect(response.status).toBe(200);
    expect(live()).toBe(before);
    expect((await platform.call('GET', '/api/home/dcf_valuation/600298')).status).toBe(200);
  });

  // BUG (fails today): when a file delete leaves a company that can no longer be valued, the revaluation
  // fails (reported in valuation_problems) but the old stored valuation stays live, so the status still
  // says valued and clients keep a value computed from deleted figures.
  it('a company left without history by a file delete is no longer listed as valued', async () => {
    const [income] = queryAll<{ id: number }>(
      platform.db,
      `SELECT id FROM uploaded_files WHERE file_name = 'lrb600795.csv'`,
    );
    const response = await platform.call('DELETE', `/api/files/${income?.id}`, { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope<{ valuation_problems: { company: string; reason: string }[] }>;
    expect(body.data.valuation_problems).toEqual([
      { company: '国电电力', reason: '该公司暂无历史财务数据，无法生成预测' },
    ]);
    expect((await platform.call('GET', '/api/home/dcf_valuation/600795')).status).toBe(422);
    const status = await read<StatusData>(platform, '/api/data/companies-status', token);
    expect(status.companies.find((company) => company.code === '600795')?.valued).toBe(false);
    expect(status.unvalued_companies).toContain('国电电力');
    expect(storedValuations(platform).get('600795')?.deleted ?? 1).toBe(1);
  });
});

describe('upload errors', () => {
  let empty: EmptyPlatform;
  let platform: TestPlatform;
  let token: string;

  beforeAll(async () => {
    empty = await startEmptyPlatform();
    platform = empty.platform;
    token = await platform.adminToken();
  });
  afterAll(() => empty.close());

  it('a .txt and a .pdf file fail with the reason; the other files of the request still succeed', async () => {
    const { status, body } = await upload(
      platform,
      [
        new File(['some notes'], 'notes.txt'),
        fixtureFile('lrb600298.csv'),
        new File(['%PDF-1.4 not a statement'], 'report.pdf'),
        fixtureFile('zcfzb600298.csv'),
      ],
      token,
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toBe('上传完成：成功 2 个，失败 2 个');
    const [txt, income, pdf, balance] = body.uploaded_files;
    for (const refused of [txt, pdf]) {
      expect(refused?.success).toBe(false);
      expect(refused?.error).toMatch(/^不支持的文件类型/);
    }
    expect(txt?.filename).toBe('notes.txt');
    expect(pdf?.filename).toBe('report.pdf');
    expect(income).toMatchObject({ success: true, error: null, company: '安琪酵母', report_type: 'income_statement' });
    expect(balance).toMatchObject({ success: true, company: '安琪酵母', report_type: 'balance_sheet' });
    expect(body.affected_companies).toEqual(['安琪酵母']);
    expect(queryAll(platform.db, 'SELECT file_name FROM uploaded_files ORDER BY id')).toEqual([
      { file_name: 'lrb600298.csv' },
      { file_name: 'zcfzb600298.csv' },
    ]);
  });

  it('strips direction controls from the recorded and answered file names', async () => {
    const named = fixtureFile('lrb600298.csv', '\u2067lrb600298\u202Evsc.csv\u2069');
    const { body } = await upload(platform, [named], token);
    expect(body.uploaded_files[0]).toMatchObject({ filename: 'lrb600298vsc.csv', success: true });
    const recorded = queryAll<{ file_name: string }>(platform.db, 'SELECT file_name FROM uploaded_files');
    expect(recorded.some((row) => /[\u202a-\u202e\u2066-\u2069]/.test(row.file_name))).toBe(false);
  });

  it('a corrupt .xlsx, an empty .csv and a file of no known company fail one by one', async () => {
    const before = counts(platform);
    const { status, body } = await upload(
      platform,
      [
        new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8])], 'broken.xlsx'),
        new File([''], 'empty.csv'),
        fixtureFile('zcfzb600298.csv', 'balance.csv'),
        fixtureFile('xjllb600298.csv'),
      ],
      token,
    );
    expect(status).toBe(200);
    const [broken, emptyCsv, nameless, cashFlow] = body.uploaded_files;
    expect(broken).toMatchObject({ filename: 'broken.xlsx', success: false });
    expect(broken?.error).toContain('Excel');
    expect(emptyCsv).toMatchObject({ filename: 'empty.csv', success: false, error: '文件为空' });
    expect(nameless).toMatchObject({ filename: 'balance.csv', success: false });
    expect(nameless?.error).toContain('无法识别公司');
    expect(cashFlow).toMatchObject({ success: true, report_type: 'cash_flow' });
    // Only the good file was recorded.
    expect(counts(platform).uploaded_files).toBe((before.uploaded_files ?? 0) + 1);
  });

  it('a file over 10 MB fails alone', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20);
    const { status, body } = await upload(
      platform,
      [new File([big], 'lrb600340.csv'), fixtureFile('lrb600795.csv')],
      token,
    );
    expect(status).toBe(200);
    expect(body.uploaded_files[0]).toMatchObject({ filename: 'lrb600340.csv', success: false });
    expect(body.uploaded_files[0]?.error).toMatch(/^文件过大/);
    expect(body.uploaded_files[1]).toMatchObject({ success: true, company: '国电电力' });
    expect(queryAll(platform.db, `SELECT 1 FROM companies WHERE code = '600340'`)).toEqual([]);
  });

  it('all files failing is a 400 with the per-file errors, and nothing is written', async () => {
    const before = counts(platform);
    const { status, body } = await upload(
      platform,
      [new File(['x'], 'a.txt'), new File([''], 'empty.csv'), new File([new Uint8Array([1, 2, 3])], 'bad.xlsx')],
      token,
    );
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.uploaded_files.map((item) => [item.filename, item.success])).toEqual([
      ['a.txt', false],
      ['empty.csv', false],
      ['bad.xlsx', false],
    ]);
    for (const item of body.uploaded_files) expect(item.error).toBeTruthy();
    // The error envelope's detail, like every other error answer: each file's reason.
    expect(body.detail).toMatch(/^a\.txt：不支持的文件类型.*；empty\.csv：.*；bad\.xlsx：/);
    expect(body.affected_companies).toEqual([]);
    expect(counts(platform)).toEqual(before);
  });

  it('no files field is a 400', async () => {
    const before = counts(platform);
    const { status, body } = await upload(platform, [fixtureFile('lrb600298.csv')], token, 'attachment');
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.message).toContain('files');
    const json = await failure(platform.call('POST', '/api/upload_excel', { token, body: { files: [] } }), 400);
    expect(json.message).toContain('files');
    expect(counts(platform)).toEqual(before);
  });

  it('more than 200 files is a 413', async () => {
    const before = counts(platform);
    const files = Array.from({ length: 201 }, (_, index) => new File(['x'], `f${index}.csv`));
    const { status, body } = await upload(platform, files, token);
    expect(status).toBe(413);
    expect(body.success).toBe(false);
    expect(body.message).toContain('200');
    expect(counts(platform)).toEqual(before);
  });

  it('exactly 200 files are accepted (each answered)', async () => {
    const files = Array.from({ length: 200 }, (_, index) => new File(['x'], `f${index}.txt`));
    const { status, body } = await upload(platform, files, token);
    expect(status).toBe(400);
    expect(body.uploaded_files).toHaveLength(200);
  });

  it('needs a token (401) of an admin (403), and writes nothing without', async () => {
    const before = counts(platform);
    const anonymous = await upload(platform, [fixtureFile('lrb002027.csv')]);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, message: '未登录或登录已过期，请重新登录' });
    const user = await upload(platform, [fixtureFile('lrb002027.csv')], await platform.userToken());
    expect(user.status).toBe(403);
    expect(user.body).toMatchObject({ success: false, message: '无权限访问，请以管理员身份登录' });
    const forged = await upload(platform, [fixtureFile('lrb002027.csv')], 'not-a-token');
    expect(forged.status).toBe(401);
    expect(counts(platform)).toEqual(before);
  });

  it('the Excel workbooks of fixtures/workbooks upload too (all four statements in one file)', async () => {
    const workbooks = new URL('workbooks/', FIXTURES);
    const names = readdirSync(workbooks).sort();
    const files = names.map((name) => new File([readFileSync(new URL(name, workbooks))], name));
    const { status, body } = await upload(platform, files, token);
    expect(status).toBe(200);
    expect(body.uploaded_files.map((item) => [item.filename, item.success, item.company])).toEqual([
      ['000333-美的集团.xlsx', true, '美的集团'],
      ['000651-格力电器.xlsx', true, '格力电器'],
      ['600690-海尔智家.xlsx', true, '海尔智家'],
    ]);
    expect(body.valuation_problems).toEqual([]);
    const afterWorkbooks = await read<StatusData>(platform, '/api/data/companies-status', token);
    const midea = afterWorkbooks.companies.find((company) => company.code === '000333');
    expect(midea).toMatchObject({ valued: true });
    expect(midea?.report_types).toEqual(expect.arrayContaining(['income_statement', 'balance_sheet', 'cash_flow']));
  });

  it('GET /api/files and GET /api/data/companies-status need an admin', async () => {
    for (const path of ['/api/files', '/api/data/companies-status']) {
      await failure(platform.call('GET', path), 401);
      await failure(platform.call('GET', path, { token: await platform.userToken() }), 403);
    }
  });
});
