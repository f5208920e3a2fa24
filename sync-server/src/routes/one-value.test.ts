import { mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { valuationDate } from '@fcf/engine';
import {
  basicInfoAnswer,
  companyBundleAnswer,
  companyValuationAnswer,
  quoteAnswer,
  valuationResultsAnswer,
  valuationSummaryAnswer,
} from '@fcf/engine/contract';
import { buildReportPdf } from '@fcf/engine/pdf';
import {
  buildCompanyReport,
  type CompanyBundle,
  type CompanyReport,
  formatAmount,
  formatPercent,
  NOT_APPLICABLE,
  type SummaryQuote,
  whatIfView,
} from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfTables } from '../../../engine/src/pdf/testing/read-tables.ts';
import { RecordingDoc } from '../../../engine/src/pdf/testing/recording-doc.ts';
import { queryAll } from '../db/query.ts';
import { utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * One value everywhere: for every sample company, in every quote state, the value per share (and the share
 * count and margin of safety) the API answers is the one the device computes from the bundle and the synced
 * quote — the report (`buildCompanyReport`, as the worker builds it), the custom page (`whatIfView`) and the
 * PDF drawn from that report — to the cent. The xlsx caches the custom page's figure (model-workbook.test.ts);
 * pwa/e2e/one-value.test.ts checks 美的集团 in the browser.
 */

const REPO_FIXTURES = new URL('../../../fixtures/', import.meta.url).pathname;

/** The fixtures without their quote snapshot: the "no quote" state for every company. */
function fixturesWithoutQuotes(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-fixtures-'));
  for (const entry of readdirSync(REPO_FIXTURES)) {
    if (entry !== 'quotes') symlinkSync(join(REPO_FIXTURES, entry), join(dir, entry));
  }
  return dir;
}

let platform: TestPlatform;
let fixtures: string;
let companies: { code: string; name: string }[];

beforeAll(async () => {
  fixtures = fixturesWithoutQuotes();
  platform = await startTestPlatform({ fixturesDir: fixtures });
  companies = queryAll<{ code: string; name: string }>(
    platform.db,
    'SELECT code, name FROM companies WHERE deleted = 0 ORDER BY code',
  );
}, 120_000);
afterAll(async () => {
  await platform.close();
  rmSync(fixtures, { recursive: true, force: true });
});

async function uploadQuotes(name: string, csv: string): Promise<void> {
  const form = new FormData();
  form.append('files', new File([utf8Bytes(csv)], name));
  const response = await platform.app.request('/api/upload_quotes', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await platform.adminToken()}` },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** What the API says of one company: the DCF (or its refusal), the summary, the stored-result view, basic info. */
async function apiOf(code: string) {
  const dcfResponse = await platform.call('GET', `/api/home/dcf_valuation/${code}`);
  const value = dcfResponse.status === 200 ? (await answerOf(dcfResponse, companyValuationAnswer)).data : null;
  const dcf = value?.model === 'fcff' ? value : null;
  const model = value?.model === 'excess_return' ? value : null;
  const resultsResponse = await platform.call('GET', `/api/data/valuation-results/${code}`);
  const results =
    resultsResponse.status === 200 ? (await answerOf(resultsResponse, valuationResultsAnswer)).data : null;
  const summary = (
    await answerOf(await platform.call('GET', `/api/home/valuation_summary/${code}`), valuationSummaryAnswer)
  ).data;
  const basic = (await answerOf(await platform.call('GET', `/api/home/basic_info/${code}`), basicInfoAnswer)).data;
  return { dcf, model, results, summary, basic };
}

/** What a device holds of one company: the bundle and the synced quote (the API's copies of both). */
async function deviceOf(code: string): Promise<{ bundle: CompanyBundle; quote: SummaryQuote | null }> {
  const bundle = (await answerOf(await platform.call('GET', `/api/data/company-bundle/${code}`), companyBundleAnswer))
    .data;
  const quoteResponse = await platform.call('GET', `/api/data/quotes/${code}`);
  const quote = quoteResponse.status === 200 ? (await answerOf(quoteResponse, quoteAnswer)).data : null;
  return { bundle, quote };
}

/** The value per share the PDF draws (its DCF table's row), read back from the recorded drawing. */
function pdfValueText(report: CompanyReport): string | null {
  const docs: RecordingDoc[] = [];
  class Recorder extends RecordingDoc {
    constructor() {
      super();
      docs.push(this);
    }
  }
  buildReportPdf({ jsPDF: Recorder, fontBase64: '' }, report, { generatedAt: new Date('2026-05-01T06:30:05Z') });
  const ops = docs[0]?.ops ?? [];
  for (const table of readPdfTables(ops)) {
    const row = table.rows.find((cells) => cells[0] === '每股价值（元）');
    if (row) return row[1] ?? null;
  }
  return null;
}

const cents = (value: number | null | undefined) => (typeof value === 'number' ? formatAmount(value) : null);

/** Every figure of one company in one state, from the API and from the device's three views and the PDF. */
async function compare(code: string, state: string): Promise<void> {
  const api = await apiOf(code);
  const { bundle, quote } = await deviceOf(code);
  const today = valuationDate(new Date());
  const market = { quote, today };
  const report = buildCompanyReport(bundle, market, today);
  const custom = whatIfView(bundle, { parameters: {}, overrides: {}, asOf: today }, undefined, market);
  const label = `${code} ${state}`;

  // A bank is valued by excess returns on the server and in the report alike (docs/model.md 15.1).
  expect(report.model, `${label}: the report's excess-return value`).toEqual(api.model);
  expect(bundle.model, `${label}: the bundle's model`).toBe(api.model?.model ?? api.dcf?.model ?? null);
  expect(report.valuationSummary.model, `${label}: 估值与股息's model`).toBe(bundle.model);
  const apiValue = api.dcf?.valuation.value_per_share ?? null;
  expect(cents(report.dcf?.valuation.value_per_share), `${label}: report`).toBe(cents(apiValue));
  if (!api.model) expect(cents(custom.dcf?.valuation.value_per_share), `${label}: custom page`).toBe(cents(apiValue));
  expect(report.dcf?.meta.shares ?? null, `${label}: report's share count`).toEqual(api.dcf?.meta.shares ?? null);
  expect(custom.params.shares.count, `${label}: custom page's share count`).toBe(api.basic.total_shares);
  expect(report.basicInfo, `${label}: 公司基本信息`).toEqual(api.basic);
  const stored = api.results?.value_per_share ?? api.model?.value_per_share;
  expect(cents(stored), `${label}: valuation-results`).toBe(cents(api.summary.value_per_share));
  expect(report.valuationSummary, `${label}: 估值与股息`).toEqual(api.summary);
  // The custom page edits the FCFF: for a company valued by another model the report's summary is the one.
  const margin = api.model ? report.valuationSummary.market : custom.market;
  expect(formatPercent(margin?.margin_of_safety), `${label}: margin of safety`).toBe(
    formatPercent(api.summary.market?.margin_of_safety),
  );
  // The PDF draws the page's 不适用 where the API's value per share is null (equity value ≤ 0).
  if (api.dcf && api.dcf.valuation.total_shares > 0)
    expect(pdfValueText(report), `${label}: PDF`).toBe(cents(api.summary.value_per_share) ?? NOT_APPLICABLE);
}

/** The API's share count of a company: its source, count and date. */
async function sharesOf(code: string) {
  const shares = (await apiOf(code)).dcf?.meta.shares;
  return { source: shares?.source, count: shares?.count, date: shares?.date };
}

/** A quote row per company: `price` 元, 总市值 (元) and, when given, 总股本 (股). */
function quoteFile(
  date: string,
  rows: { code: string; name: string; price: number; shares: number; listed: boolean }[],
) {
  const withShares = rows.some((row) => row.listed);
  const header = `代码,名称,日期,最新价,总市值(元)${withShares ? ',总股本(股)' : ''}`;
  const lines = rows.map(({ code, name, price, shares }) => {
    const cells = [code, name, date, price.toFixed(2), Math.round(price * shares * 1e8)];
    return [...cells, ...(withShares ? [Math.round(shares * 1e8)] : [])].join(',');
  });
  return [header, ...lines].join('\n');
}

describe('one value per company on every screen and in every answer', () => {
  it('with no quote, with a first quote without 总股本, with one, and with newer quotes with and without', async () => {
    expect(companies.length).toBeGreaterThanOrEqual(15);
    // The statements' count of each company, for quotes whose 总股本 differs from it.
    const counts = new Map<string, number>();
    for (const { code } of companies) {
      await compare(code, 'no quote');
      counts.set(code, (await apiOf(code)).basic.total_shares || 10);
    }
    const at = (date: string, price: number, scale: number, listed: boolean) =>
      quoteFile(
        date,
        companies.map(({ code, name }, index) => ({
          code,
          name,
          price: price + index,
          shares: (counts.get(code) ?? 10) * scale,
          listed,
        })),
      );
    // Price and 总市值 only: no listed count, the statements decide (a 总市值 is no count).
    await uploadQuotes('first.csv', at('2024-06-28', 20, 1.01, false));
    for (const { code } of companies) await compare(code, 'a quote without 总股本');
    expect(await sharesOf('000333')).toEqual({ source: 'share_capital', count: 76.61, date: null });
    await uploadQuotes('year-end.csv', at('2024-12-31', 21, 1.02, true));
    for (const { code } of companies) await compare(code, 'a quote with 总股本');
    expect(await sharesOf('000333')).toMatchObject({ source: 'listed', date: '2024-12-31' });
    // The case: a newer file of 代码,名称,最新价,…,总市值 keeps the year-end snapshot's count.
    await uploadQuotes('newer-without.csv', at('2026-07-17', 22, 1.01, false));
    for (const { code } of companies) await compare(code, 'a newer quote without 总股本');
    expect(await sharesOf('000333')).toMatchObject({ source: 'listed', date: '2024-12-31' });
    await uploadQuotes('newer-with.csv', at('2026-07-20', 23, 0.97, true));
    for (const { code } of companies) await compare(code, 'a newer quote with 总股本');
    expect(await sharesOf('000333')).toMatchObject({ source: 'listed', date: '2026-07-20' });
  }, 300_000);
});
