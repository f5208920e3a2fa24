import { readFileSync } from 'node:fs';
import {
  companiesStatusAnswer,
  companyListAnswer,
  companyNamesAnswer,
  dcfValuationAnswer,
  fileRemovedAnswer,
  uploadedFilesAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { answerOf, readData, refusalOf } from '../testing/answers.ts';
import type { TestPlatform } from '../testing/test-platform.ts';
import {
  CODES,
  COMPANIES,
  counts,
  type EmptyPlatform,
  fixtureFile,
  NETEASE_DIR,
  NETEASE_FILES,
  REPORT_TYPE_BY_PREFIX,
  startEmptyPlatform,
  storedValuations,
  upload,
  WITHOUT_CASH_FLOW,
} from './testing/uploads.ts';

/**
 * POST /api/upload_excel with every NetEase export of fixtures/163 at once, on a platform whose database
 * starts with no company; then the file records, file and company removal and the companies' status.
 */

describe('uploading all 34 files of fixtures/163 in one request', () => {
  let empty: EmptyPlatform;
  let platform: TestPlatform;
  let token: string;
  let answer: Awaited<ReturnType<typeof upload>>;

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
    // 34 files parsed in the worker pool, valued and their industries rebuilt: seconds on a busy machine.
  }, 60_000);
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

  it('lists, per file, the statement lines it did not map', () => {
    const files = answer.body.uploaded_files;
    expect(files.every((item) => Array.isArray(item.unmapped_items))).toBe(true);
    // The 163 balance sheets carry lines the model does not use (e.g. 结算备付金): listed, not an error.
    const balanceSheet = files.find((item) => item.filename.startsWith('zcfzb'));
    expect(balanceSheet?.unmapped_items).toContain('结算备付金(万元)');
    expect(balanceSheet?.unmapped_items).not.toContain('货币资金(万元)');
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
      const dcf = await readData(platform, `/api/home/dcf_valuation/${code}`, dcfValuationAnswer);
      expect(row.value_per_share, code).toBe(dcf.valuation.value_per_share);
      expect(row.enterprise_value, code).toBe(dcf.valuation.enterprise_value);
    }
  });

  it('GET /api/files lists one uploaded record per file', async () => {
    const response = await platform.call('GET', '/api/files', { token });
    const body = await answerOf(response, uploadedFilesAnswer);
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
    const data = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
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
    const data = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
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
      const body = await answerOf(response, fileRemovedAnswer);
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
      const dcf = await readData(platform, '/api/home/dcf_valuation/600298', dcfValuationAnswer);
      expect(valuationAfter?.value_per_share).toBe(dcf.valuation.value_per_share);
      // Without its cash-flow statement the history's D&A and capex are estimated from the balance sheet. The
      // value may stay: the forecast's capex is D&A + Δrevenue ÷ sales-to-capital, so D&A cancels out of FCFF.
      expect(dcf.warnings.map((warning) => warning.code)).toContain('no_cash_flow_statement');

      const files = await platform.call('GET', '/api/files', { token });
      const listed = (await answerOf(files, uploadedFilesAnswer)).files;
      expect(listed).toHaveLength(33);
      expect(listed.some((record) => record.id === file.id)).toBe(false);
      const status = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
      expect(status.companies.find((company) => company.code === '600298')?.completeness).toBe('2/4');
    });

    it('an unknown or deleted id is a 404', async () => {
      const error = await refusalOf(await platform.call('DELETE', '/api/files/99999', { token }), 404);
      expect(error.message).toBe('文件不存在或已删除');
      await refusalOf(await platform.call('DELETE', '/api/files/not-a-number', { token }), 404);
    });

    it('needs an admin token', async () => {
      const [file] = queryAll<{ id: number }>(platform.db, 'SELECT id FROM uploaded_files LIMIT 1');
      await refusalOf(await platform.call('DELETE', `/api/files/${file?.id}`), 401);
      await refusalOf(
        await platform.call('DELETE', `/api/files/${file?.id}`, { token: await platform.userToken() }),
        403,
      );
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
        await refusalOf(await platform.call('DELETE', `/api/delete_company/${company}`, { token }), 500);
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
      const companies = await readData(platform, '/api/data/available-companies', companyListAnswer);
      expect(companies.map((entry) => entry.code)).not.toContain('601991');
      expect(companies).toHaveLength(11);
      const names = await readData(platform, '/api/data/companies', companyNamesAnswer);
      expect(names).not.toContain('大唐发电');
      const status = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
      expect(status.statistics.total_companies).toBe(11);
      expect(status.companies.map((entry) => entry.code)).not.toContain('601991');
      await refusalOf(await platform.call('GET', `/api/home/dcf_valuation/${company}`), 404);
      await refusalOf(await platform.call('GET', '/api/home/financial_analysis/601991'), 404);
      const files = await platform.call('GET', '/api/files', { token });
      const listed = (await answerOf(files, uploadedFilesAnswer)).files;
      expect(listed.some((file) => file.company_name === '大唐发电' || file.company_code === '601991')).toBe(false);
    });

    it('a deleted or unknown company is a 404', async () => {
      const again = await refusalOf(await platform.call('DELETE', `/api/delete_company/${company}`, { token }), 404);
      expect(again.message).toContain('大唐发电');
      const unknown = await refusalOf(
        await platform.call('DELETE', `/api/delete_company/${encodeURIComponent('不存在公司')}`, { token }),
        404,
      );
      expect(unknown.message).toContain('不存在公司');
    });

    it('needs an admin token', async () => {
      const before = counts(platform);
      await refusalOf(await platform.call('DELETE', '/api/delete_company/600795'), 401);
      await refusalOf(
        await platform.call('DELETE', '/api/delete_company/600795', { token: await platform.userToken() }),
        403,
      );
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
      const dcf = await readData(platform, `/api/home/dcf_valuation/${company}`, dcfValuationAnswer);
      expect(storedValuations(platform).get('601991')).toMatchObject({
        deleted: 0,
        value_per_share: dcf.valuation.value_per_share,
      });
    });
  });
});
