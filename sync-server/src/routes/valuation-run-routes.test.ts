import { readFileSync } from 'node:fs';
import {
  batchAnswer,
  companyRunAnswer,
  dcfValuationAnswer,
  doneAnswer,
  fcfRatioAnswer,
  type Job,
  jobAnswer,
  jobStartedAnswer,
  uploadAnswer,
} from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { $ZodType } from 'zod/v4/core';
import { nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import { answerOf, conforming, readData, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * Valuation runs, batches and their jobs, the FCF-ratio post-analysis and forecast generation
 *, on the platform seeded from fixtures/ (15 companies, nothing valued yet).
 */

/** fixtures/163 and fixtures/workbooks: every one has the history a valuation needs. */
const FIXTURE_COMPANIES = [
  '美的集团',
  '格力电器',
  '分众传媒',
  '金风科技',
  '大华股份',
  '顺丰控股',
  '浙江美大',
  '中国广核',
  '华电国际',
  '圆通速递',
  '安琪酵母',
  '华夏幸福',
  '海尔智家',
  '国电电力',
  '大唐发电',
];

const ANGEL = encodeURIComponent('安琪酵母');
const NO_HISTORY = '该公司暂无历史财务数据，无法生成预测';

let platform: TestPlatform;
let token: string;
let userToken: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  token = await platform.adminToken();
  userToken = await platform.userToken();
});
afterAll(() => platform.close());

/** POST as the admin: the status and the answer, checked against the contract's `schema`. */
async function post<Schema extends $ZodType>(path: string, schema: Schema, body: unknown = {}) {
  const response = await platform.call('POST', path, { token, body });
  return { status: response.status, body: conforming(schema, await response.json(), `POST ${path}`) };
}

/** POST as the admin, expecting a 200 with `success`. */
async function ok<Schema extends $ZodType<{ success: boolean }>>(path: string, schema: Schema, body: unknown = {}) {
  const answer = await answerOf(await platform.call('POST', path, { token, body }), schema);
  expect(answer.success).toBe(true);
  return answer;
}

const failure = async (response: Response | Promise<Response>, status: number) => refusalOf(await response, status);

const dcfOf = (company: string) =>
  readData(platform, `/api/home/dcf_valuation/${encodeURIComponent(company)}`, dcfValuationAnswer);

function storedValuations(): Map<string, { value_per_share: number; change_seq: number; source: string }> {
  const rows = queryAll<{ name: string; value_per_share: number; change_seq: number; source: string }>(
    platform.db,
    `SELECT c.name, v.value_per_share, v.change_seq, v.source FROM valuation_results v
     JOIN companies c ON c.code = v.company_code WHERE v.deleted = 0`,
  );
  return new Map(rows.map(({ name, ...row }) => [name, row]));
}

/** Uploads a copy of 安琪酵母's balance sheet as 平安银行's (000001): a company with no revenue history. */
async function uploadBalanceSheetOnlyCompany(): Promise<void> {
  const form = new FormData();
  const bytes = readFileSync(new URL('../../../fixtures/163/zcfzb600298.csv', import.meta.url));
  form.append('files', new File([bytes], 'zcfzb000001.csv'));
  const response = await platform.app.request('/api/upload_excel', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  const answer = await answerOf(response, uploadAnswer);
  expect(answer.affected_companies).toEqual(['平安银行']);
  expect(answer.valuation_problems).toEqual([{ company: '平安银行', reason: NO_HISTORY }]);
}

/** Polls GET /api/jobs/{id} until the job has ended; its last state. */
async function waitForJob(id: string): Promise<Job> {
  return vi.waitFor(
    async () => {
      const job = await readData(platform, `/api/jobs/${id}`, jobAnswer, token);
      expect(job.done).toBeLessThanOrEqual(job.total);
      if (job.status === 'running') throw new Error(`job ${id} still running: ${JSON.stringify(job)}`);
      return job;
    },
    { timeout: 10_000, interval: 5 },
  );
}

describe('POST /api/valuation/company/{company}', () => {
  it('stores and answers the valuation, equal to GET /api/home/dcf_valuation', async () => {
    expect(storedValuations().size).toBe(0);
    const answer = await ok(`/api/valuation/company/${ANGEL}`, companyRunAnswer, {
      calculation_type: 'full',
      force_recalculate: true,
    });
    const dcf = await dcfOf('安琪酵母');
    expect(answer.data.company).toBe('安琪酵母');
    expect(answer.data.latest_year).toBe(2019);
    expect(answer.data.dcf).toEqual(dcf);
    // The six result fields of docs/requirements.md#the-dcf-table.
    expect(answer.data.valuation_results).toEqual({
      forecast_fcf_sum: dcf.forecast_fcf_sum,
      terminal_value: dcf.terminal_value,
      terminal_pv: dcf.terminal_pv,
      enterprise_value: dcf.valuation.enterprise_value,
      equity_value: dcf.valuation.equity_value,
      value_per_share: dcf.valuation.value_per_share,
      value_per_share_reason: null,
      warnings: dcf.warnings,
    });
    expect(answer.message).toContain('安琪酵母');
    const stored = storedValuations();
    expect([...stored.keys()]).toEqual(['安琪酵母']);
    expect(stored.get('安琪酵母')).toMatchObject({ value_per_share: dcf.valuation.value_per_share, source: 'auto' });
  });

  it('names the company by code too, and a re-run stores a new run', async () => {
    const before = storedValuations().get('安琪酵母');
    const answer = await ok('/api/valuation/company/600298', companyRunAnswer, { calculation_type: 'full' });
    expect(answer.data.company).toBe('安琪酵母');
    expect(storedValuations().get('安琪酵母')?.change_seq).toBeGreaterThan(before?.change_seq ?? Infinity);
  });

  it('an unknown company is a 404; a bad body a 400', async () => {
    const unknown = await failure(
      platform.call('POST', `/api/valuation/company/${encodeURIComponent('不存在')}`, { token, body: {} }),
      404,
    );
    expect(unknown.message).toContain('不存在');
    await failure(
      platform.call('POST', `/api/valuation/company/${ANGEL}`, { token, body: { force_recalculate: 'yes' } }),
      400,
    );
    await failure(platform.call('POST', `/api/valuation/company/${ANGEL}`, { token, body: '{"calc' }), 400);
  });

  it('needs an admin', async () => {
    await failure(platform.call('POST', `/api/valuation/company/${ANGEL}`, { body: {} }), 401);
    await failure(platform.call('POST', `/api/valuation/company/${ANGEL}`, { token: userToken, body: {} }), 403);
  });
});

describe('POST /api/valuation/auto', () => {
  it("mode 'unvalued' values only the companies without a stored valuation", async () => {
    const before = storedValuations();
    expect([...before.keys()]).toEqual(['安琪酵母']);
    const answer = await ok('/api/valuation/auto', batchAnswer, { mode: 'unvalued' });
    expect([...answer.data.successful_companies].sort()).toEqual(
      FIXTURE_COMPANIES.filter((name) => name !== '安琪酵母').sort(),
    );
    expect(answer.data.failed).toEqual([]);
    expect(answer.summary).toMatchObject({ success_count: 14, failure_count: 0 });
    // 安琪酵母 was not run again.
    expect(storedValuations().get('安琪酵母')).toEqual(before.get('安琪酵母'));
    expect(storedValuations().size).toBe(15);

    const again = await ok('/api/valuation/auto', batchAnswer, { mode: 'unvalued' });
    expect(again.data).toEqual({ successful_companies: [], failed: [] });
    expect(again.summary).toMatchObject({ success_count: 0, failure_count: 0 });
  });

  it("mode 'force_all' values every company and stores what GET dcf_valuation answers", async () => {
    const before = storedValuations();
    const answer = await ok('/api/valuation/auto', batchAnswer, { mode: 'force_all' });
    expect([...answer.data.successful_companies].sort()).toEqual([...FIXTURE_COMPANIES].sort());
    expect(answer.data.failed).toEqual([]);
    expect(answer.summary).toEqual({ success_count: 15, failure_count: 0, companies_analyzed: 15 });
    const after = storedValuations();
    for (const name of FIXTURE_COMPANIES) {
      expect(after.get(name)?.change_seq, name).toBeGreaterThan(before.get(name)?.change_seq ?? Infinity);
      expect(after.get(name)?.value_per_share, name).toBe((await dcfOf(name)).valuation.value_per_share);
    }
  });

  it('force_all is the default mode', async () => {
    const answer = await ok('/api/valuation/auto', batchAnswer, {});
    expect(answer.summary.success_count).toBe(15);
  });

  it('a company whose DCF is invalid is listed with its reason and the batch goes on', async () => {
    // WACC ≤ g cannot be set through the API; a value stored by an older client can still be there.
    transaction(platform.db, () =>
      execute(
        platform.db,
        `INSERT INTO valuation_inputs (company_code, wacc_manual, terminal_growth_rate_manual, updated_at, change_seq)
         VALUES ('002027', 0.03, 0.05, '2026-01-01T00:00:00Z', ?)`,
        nextChangeSeq(platform.db),
      ),
    );
    try {
      const answer = await ok('/api/valuation/auto', batchAnswer, { mode: 'force_all' });
      expect(answer.data.failed).toHaveLength(1);
      expect(answer.data.failed[0]?.company).toBe('分众传媒');
      expect(answer.data.failed[0]?.reason).toContain('WACC必须大于永续增长率');
      expect([...answer.data.successful_companies].sort()).toEqual(
        FIXTURE_COMPANIES.filter((name) => name !== '分众传媒').sort(),
      );
      expect(answer.summary).toMatchObject({ success_count: 14, failure_count: 1 });
    } finally {
      transaction(platform.db, () =>
        execute(
          platform.db,
          `UPDATE valuation_inputs SET wacc_manual = NULL, terminal_growth_rate_manual = NULL, change_seq = ?
           WHERE company_code = '002027'`,
          nextChangeSeq(platform.db),
        ),
      );
    }
  });

  it('named companies: an unknown name is listed in failed, the others run', async () => {
    const answer = await ok('/api/valuation/auto', batchAnswer, {
      mode: 'force_all',
      companies: ['安琪酵母', '不存在'],
    });
    expect(answer.data.successful_companies).toEqual(['安琪酵母']);
    expect(answer.data.failed).toEqual([{ company: '不存在', reason: '未找到公司"不存在"' }]);
    expect(answer.summary).toMatchObject({ success_count: 1, failure_count: 1 });
  });

  it('a named company without revenue history fails with the no-history message, the batch goes on', async () => {
    await uploadBalanceSheetOnlyCompany();
    const answer = await ok('/api/valuation/auto', batchAnswer, { companies: ['平安银行', '600298', '格力电器'] });
    expect(answer.data.successful_companies).toEqual(['安琪酵母', '格力电器']);
    expect(answer.data.failed).toEqual([{ company: '平安银行', reason: NO_HISTORY }]);
    expect(storedValuations().has('平安银行')).toBe(false);
  });

  it('a bad mode or companies field is a 400', async () => {
    const mode = await failure(
      platform.call('POST', '/api/valuation/auto', { token, body: { mode: 'everything' } }),
      400,
    );
    expect(mode.message).toContain('force_all');
    await failure(platform.call('POST', '/api/valuation/auto', { token, body: { companies: '安琪酵母' } }), 400);
  });

  it('needs an admin', async () => {
    await failure(platform.call('POST', '/api/valuation/auto', { body: { mode: 'force_all' } }), 401);
    await failure(platform.call('POST', '/api/valuation/auto', { token: userToken, body: { mode: 'force_all' } }), 403);
  });
});

describe('batch jobs: {async: true} and GET /api/jobs/{id}', () => {
  it('answers 202 with a job id at once; the job reports progress until done with the summary', async () => {
    const started = await post('/api/valuation/auto', jobStartedAnswer, {
      mode: 'force_all',
      async: true,
    });
    expect(started.status).toBe(202);
    expect(started.body.success).toBe(true);
    expect(started.body.data.job_id).toMatch(/^[0-9a-f-]{36}$/);
    // Every company: the 15 fixtures and 平安银行, which has no revenue history and fails with the reason.
    expect(started.body.data.total).toBe(16);

    const job = await waitForJob(started.body.data.job_id);
    expect(job).toMatchObject({ id: started.body.data.job_id, kind: 'valuation', status: 'done', error: null });
    expect(job.done).toBe(job.total);
    expect(job.total).toBe(16);
    expect(job.result?.summary).toEqual({ success_count: 15, failure_count: 1, companies_analyzed: 15 });
    expect([...(job.result?.data.successful_companies ?? [])].sort()).toEqual([...FIXTURE_COMPANIES].sort());
  });

  it('an async batch of named companies reports the unknown ones in its result', async () => {
    const started = await post('/api/valuation/auto', jobStartedAnswer, {
      companies: ['安琪酵母', '不存在'],
      async: true,
    });
    expect(started.status).toBe(202);
    expect(started.body.data.total).toBe(1);
    const job = await waitForJob(started.body.data.job_id);
    expect(job.status).toBe('done');
    expect(job.result?.data.failed).toEqual([{ company: '不存在', reason: '未找到公司"不存在"' }]);
  });

  it('an unknown job is a 404', async () => {
    const error = await failure(platform.call('GET', '/api/jobs/00000000-0000-0000-0000-000000000000', { token }), 404);
    expect(error.message).toBe('任务不存在');
  });

  it('jobs are for admins', async () => {
    const started = await post('/api/valuation/auto', jobStartedAnswer, { async: true });
    await failure(platform.call('GET', `/api/jobs/${started.body.data.job_id}`), 401);
    await failure(platform.call('GET', `/api/jobs/${started.body.data.job_id}`, { token: userToken }), 403);
    await waitForJob(started.body.data.job_id);
  });
});

describe('POST /api/execute-script (the FCF-ratio post-analysis)', () => {
  const script = { script_type: 'post_analysis', mode: 'fcf_ratio', company_name: null, force_recalculate: false };

  function analysed(): Map<string, string> {
    const rows = queryAll<{ name: string; result_json: string }>(
      platform.db,
      `SELECT c.name, r.result_json FROM fcf_ratio_results r JOIN companies c ON c.code = r.company_code
       WHERE r.deleted = 0`,
    );
    return new Map(rows.map((row) => [row.name, row.result_json]));
  }

  it('one company: stores its analysis, equal to GET /api/home/fcf_ratio', async () => {
    const answer = await ok('/api/execute-script', batchAnswer, { ...script, company_name: '安琪酵母' });
    expect(answer.summary.companies_analyzed).toBe(1);
    expect(answer.data.successful_companies).toEqual(['安琪酵母']);
    const view = await readData(platform, `/api/home/fcf_ratio/${ANGEL}`, fcfRatioAnswer);
    expect(view.summary.total_years).toBeGreaterThan(5);
    expect(JSON.parse(analysed().get('安琪酵母') ?? 'null')).toEqual(view);
  });

  it('company_name null: analyses every company not analysed yet', async () => {
    const answer = await ok('/api/execute-script', batchAnswer, script);
    expect(answer.summary.companies_analyzed).toBe(14);
    expect(answer.data.successful_companies).not.toContain('安琪酵母');
    expect([...analysed().keys()].sort()).toEqual([...FIXTURE_COMPANIES].sort());
    const again = await ok('/api/execute-script', batchAnswer, script);
    expect(again.summary.companies_analyzed).toBe(0);
  });

  it('force_recalculate analyses everyone again', async () => {
    const answer = await ok('/api/execute-script', batchAnswer, { ...script, force_recalculate: true });
    expect(answer.summary.companies_analyzed).toBe(15);
    expect(answer.summary.success_count).toBe(15);
  });

  it('an unknown company is listed in failed', async () => {
    const answer = await ok('/api/execute-script', batchAnswer, { ...script, company_name: '不存在' });
    expect(answer.summary.companies_analyzed).toBe(0);
    expect(answer.data.failed).toEqual([{ company: '不存在', reason: '未找到公司"不存在"' }]);
  });

  it('async: a job of kind fcf_ratio', async () => {
    const started = await post('/api/execute-script', jobStartedAnswer, {
      ...script,
      force_recalculate: true,
      async: true,
    });
    expect(started.status).toBe(202);
    const job = await waitForJob(started.body.data.job_id);
    expect(job).toMatchObject({ kind: 'fcf_ratio', status: 'done', done: 16, total: 16 });
    expect(job.result?.summary.companies_analyzed).toBe(15);
  });

  it('a bad script_type or mode is a 400', async () => {
    const type = await failure(
      platform.call('POST', '/api/execute-script', { token, body: { ...script, script_type: 'rm -rf' } }),
      400,
    );
    expect(type.message).toContain('script_type');
    const mode = await failure(
      platform.call('POST', '/api/execute-script', { token, body: { ...script, mode: 'roe' } }),
      400,
    );
    expect(mode.message).toContain('mode');
    await failure(platform.call('POST', '/api/execute-script', { token, body: {} }), 400);
  });

  it('needs an admin', async () => {
    await failure(platform.call('POST', '/api/execute-script', { body: script }), 401);
    await failure(platform.call('POST', '/api/execute-script', { token: userToken, body: script }), 403);
  });
});

describe('POST /api/data/generate-sample-fcff/{company}', () => {
  it('with history: generates the forecast and values the company', async () => {
    const answer = await ok(`/api/data/generate-sample-fcff/${ANGEL}`, doneAnswer);
    expect(answer.message).toContain('安琪酵母');
    expect(storedValuations().get('安琪酵母')?.value_per_share).toBe(
      (await dcfOf('安琪酵母')).valuation.value_per_share,
    );
  });

  it('without revenue history: 422 with exactly the no-history message', async () => {
    const uploaded = queryAll(platform.db, `SELECT code FROM companies WHERE code = '000001'`);
    if (uploaded.length === 0) await uploadBalanceSheetOnlyCompany();
    const error = await failure(
      platform.call('POST', `/api/data/generate-sample-fcff/${encodeURIComponent('平安银行')}`, { token }),
      422,
    );
    expect(error.message).toBe(NO_HISTORY);
  });

  it('a company row with no statement at all: 422 with the same message', async () => {
    transaction(platform.db, () =>
      execute(
        platform.db,
        `INSERT INTO companies (code, name, industry, change_seq) VALUES ('600000', '浦发银行', '金融业', ?)`,
        nextChangeSeq(platform.db),
      ),
    );
    const error = await failure(platform.call('POST', '/api/data/generate-sample-fcff/600000', { token }), 422);
    expect(error.message).toBe(NO_HISTORY);
  });

  it('an unknown company is a 404', async () => {
    await failure(
      platform.call('POST', `/api/data/generate-sample-fcff/${encodeURIComponent('不存在')}`, { token }),
      404,
    );
  });

  it('needs an admin', async () => {
    await failure(platform.call('POST', `/api/data/generate-sample-fcff/${ANGEL}`), 401);
    await failure(platform.call('POST', `/api/data/generate-sample-fcff/${ANGEL}`, { token: userToken }), 403);
  });
});
