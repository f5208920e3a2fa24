import { valuationDate } from '@fcf/engine';
import {
  companyBundleAnswer,
  companyRunAnswer,
  companyValuationAnswer,
  screenerAnswer,
  valuationSummaryAnswer,
} from '@fcf/engine/contract';
import { buildCompanyReport } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { answerOf, readData } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * Every answer names the model of its value (docs/model.md 15.1): 工商银行 (fixtures/sina, full statements) is
 * valued by excess returns with its P/B and justified P/B — on the server, in the stored result, the screener
 * row and the bundle's report alike — and never as an FCFF DCF; 安琪酵母 stays the FCFF's.
 */
const FIXTURES = new URL('../../../fixtures/', import.meta.url).pathname;
const BANK = '601398';
const INDUSTRIAL = '600298';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform({ fixturesDir: FIXTURES });
  const form = new FormData();
  const csv = [
    '代码,名称,日期,最新价,总市值(元),总股本(股)',
    '601398,工商银行,2023-03-31,4.90,1746394300000,356406257089',
  ];
  form.append('files', new File([utf8Bytes(csv.join('\n'))], 'bank.csv'));
  const response = await platform.app.request('/api/upload_quotes', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await platform.adminToken()}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}, 180_000);
afterAll(() => platform.close());

describe('the model a company is valued by, named in every answer', () => {
  it('GET /api/home/dcf_valuation values 工商银行 by excess returns, with its P/B and justified P/B', async () => {
    const view = await readData(platform, `/api/home/dcf_valuation/${BANK}`, companyValuationAnswer);
    if (view.model !== 'excess_return') throw new Error(`${BANK} valued by ${view.model}`);
    const figure = (key: string) => view.figures.find((entry) => entry.key === key)?.value ?? Number.NaN;
    // 金融业's β 0.9 on the dated risk-free rate (today: 2024's year-end 1.68%, the table's last): Ke 7.08%;
    // 2022's ordinary book equity 31,408.40 亿元 on 3,564.06 亿股 (docs/model.md 15.2 gives it at 3%: 10.08).
    expect(figure('cost_of_equity')).toBeCloseTo(0.0168 + 0.9 * 0.06, 12);
    expect(view.value_per_share).toBeCloseTo(10.56, 1);
    expect(figure('implied_pb')).toBeCloseTo(1.2, 1);
    expect(figure('justified_pb')).toBeCloseTo(2.05, 1);
    expect(view.meta.latest_report_year).toBe(2022);
    expect(view.meta.not_fcff_reason).toContain('金融企业');
    expect(view.warnings.map((warning) => warning.code)).toContain('financial_company');
    const industrial = await readData(platform, `/api/home/dcf_valuation/${INDUSTRIAL}`, companyValuationAnswer);
    expect(industrial.model).toBe('fcff');
  });

  it('估值与股息, the bundle and the report the device builds from it name the same model and value', async () => {
    const summary = await readData(platform, `/api/home/valuation_summary/${BANK}`, valuationSummaryAnswer);
    const view = await readData(platform, `/api/home/dcf_valuation/${BANK}`, companyValuationAnswer);
    const bundle = await readData(platform, `/api/data/company-bundle/${BANK}`, companyBundleAnswer);
    expect(summary.model).toBe('excess_return');
    expect(bundle.model).toBe('excess_return');
    expect(view.model === 'excess_return' && view.value_per_share).toBe(summary.value_per_share);
    expect(summary.market?.pb).toBeGreaterThan(0);
    // The device values at today's date, as the server does (the dated risk-free rate).
    const report = buildCompanyReport(bundle, undefined, valuationDate(new Date()));
    expect(report.dcf).toBeNull();
    expect(report.model?.value_per_share).toBe(summary.value_per_share);
    const industrial = await readData(platform, `/api/data/company-bundle/${INDUSTRIAL}`, companyBundleAnswer);
    expect(industrial.model).toBe('fcff');
  });

  it('FCFF-only answers refuse the bank with the model it is valued by', async () => {
    const results = await platform.call('GET', `/api/data/valuation-results/${BANK}`);
    expect(results.status).toBe(422);
    const body = (await results.json()) as { code?: string; message: string };
    expect(body.code).toBe('financial_company');
    expect(body.message).toContain('超额收益');
    // Its FCF structure, FCF ratios and WACC say why they do not apply, in the same 422 shape.
    for (const path of ['/api/home/fcf_structure', '/api/home/fcf_ratio', '/api/data/wacc-data']) {
      const section = await platform.call('GET', `${path}/${BANK}`);
      expect(section.status, path).toBe(422);
      const refusal = (await section.json()) as { code?: string; message: string };
      expect(refusal.code, path).toBe('financial_company');
      expect(refusal.message, path).toContain('不适用于金融企业');
    }
  });

  it('stores the bank’s value with its model, and screens it as the excess-return model’s', async () => {
    const { db } = platform;
    const runOf = async (code: string) => {
      const token = await platform.adminToken();
      const response = await platform.call('POST', `/api/valuation/company/${code}`, { token, body: {} });
      return (await answerOf(response, companyRunAnswer)).data;
    };
    expect((await runOf(INDUSTRIAL)).dcf.model).toBe('fcff');
    const run = await runOf(BANK);
    expect(run.dcf.model).toBe('excess_return');
    expect(run.valuation_results).toBeNull();
    const [row] = queryAll<{ model: string; enterprise_value: number | null; value_per_share: number }>(
      db,
      'SELECT model, enterprise_value, value_per_share FROM valuation_results WHERE company_code = ?',
      BANK,
    );
    expect(row).toMatchObject({ model: 'excess_return', enterprise_value: null });
    expect(row?.value_per_share).toBeCloseTo(10.56, 1);
    const screened = await readData(platform, '/api/data/screener?hide_flagged=0&limit=500', screenerAnswer);
    const bank = screened.rows.find((entry) => entry.code === BANK);
    expect(bank?.model).toBe('excess_return');
    expect(bank?.value_per_share).toBeCloseTo(10.56, 1);
    expect(screened.rows.find((entry) => entry.code !== BANK)?.model).toBe('fcff');
    const industrial = queryAll<{ model: string }>(
      db,
      'SELECT model FROM valuation_results WHERE company_code = ?',
      INDUSTRIAL,
    );
    expect(industrial[0]?.model).toBe('fcff');
  });
});
