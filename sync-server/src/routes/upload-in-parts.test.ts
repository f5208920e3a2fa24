import { companiesStatusAnswer, dcfValuationAnswer, fileRemovedAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryAll } from '../db/query.ts';
import { answerOf, readData } from '../testing/answers.ts';
import type { TestPlatform } from '../testing/test-platform.ts';
import {
  COMPANIES,
  counts,
  type EmptyPlatform,
  fixtureFile,
  NETEASE_FILES,
  startEmptyPlatform,
  storedValuations,
  upload,
  WITHOUT_CASH_FLOW,
} from './testing/uploads.ts';

/**
 * Uploading fixtures/163 in several requests: the same end state as one request, re-uploads that write
 * nothing, and file deletes that leave the newer copy's figures.
 */

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
      const dcf = await readData(platform, `/api/home/dcf_valuation/${code}`, dcfValuationAnswer);
      expect(row.value_per_share, code).toBe(dcf.valuation.value_per_share);
    }
    const status = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
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
    await readData(platform, '/api/home/dcf_valuation/600298', dcfValuationAnswer);
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
    const body = await answerOf(response, fileRemovedAnswer);
    expect(body.data.valuation_problems).toEqual([
      { company: '国电电力', reason: '该公司暂无历史财务数据，无法生成预测' },
    ]);
    expect((await platform.call('GET', '/api/home/dcf_valuation/600795')).status).toBe(422);
    const status = await readData(platform, '/api/data/companies-status', companiesStatusAnswer, token);
    expect(status.companies.find((company) => company.code === '600795')?.valued).toBe(false);
    expect(status.unvalued_companies).toContain('国电电力');
    expect(storedValuations(platform).get('600795')?.deleted ?? 1).toBe(1);
  });
});
