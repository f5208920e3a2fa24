import { readFileSync } from 'node:fs';
import { companyBundleAnswer, peValuationAnswer, valuationSummaryAnswer } from '@fcf/engine/contract';
import { buildCompanyReport } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** 估值与股息 and PE估值 as the API answers them, from stored quotes (the shared year-end file loaded here). */

const YEAR_END_QUOTES = new URL('../../../../shared/data/quotes/year-end-quotes.csv', import.meta.url);
const MIDEA = encodeURIComponent('美的集团');

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

async function uploadQuotes(name: string, bytes: Uint8Array): Promise<void> {
  const form = new FormData();
  form.append('files', new File([bytes], name));
  const response = await platform.app.request('/api/upload_quotes', {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${await platform.adminToken()}` },
  });
  expect(response.status).toBe(200);
}

describe('GET /api/home/valuation_summary and /api/home/pe_valuation', () => {
  it('the summary: P/E over the latest 归母净利润, and 股息率 when the quote file has it', async () => {
    await uploadQuotes('div.csv', utf8Bytes('代码,名称,最新价,总市值(亿),股息率\n000333,美的集团,80.00,6000,4.1\n'));
    const { data } = await answerOf(
      await platform.call('GET', `/api/home/valuation_summary/${MIDEA}`),
      valuationSummaryAnswer,
    );
    expect(data.market?.price).toBe(80);
    expect(data.market?.market_cap).toBe(6000);
    expect(data.dividend_yield).toBeCloseTo(0.041, 12);
    expect(data.latest_year).toBe(2024);
    expect(data.market?.pe).toBeGreaterThan(10);
    expect(data.no_price).toBeNull();
  });

  it('FCFF收益率 is FCFF over the market EV, not over the equity’s market cap (格力电器, 2024-12-31)', async () => {
    const { data } = await answerOf(
      await platform.call('GET', `/api/home/valuation_summary/${encodeURIComponent('格力电器')}`),
      valuationSummaryAnswer,
    );
    const market = data.market;
    const fcf = (market?.fcff_ev_yield ?? 0) * (market?.market_ev ?? 0);
    // 格力's net cash makes its market EV far below its market cap: 0.186 on EV, 0.116 on the market cap
    // (its FCFF's EBIT takes 资产减值损失 and 其他收益, docs/model.md section 2).
    expect(market?.fcff_ev_yield).toBeCloseTo(0.186, 3);
    expect(fcf / (market?.market_cap ?? 1)).toBeCloseTo(0.116, 3);
  });

  it('PE估值: each year with a year-end snapshot and an annual report, as the bundle computes it offline', async () => {
    await uploadQuotes('year-end-quotes.csv', readFileSync(YEAR_END_QUOTES));
    const { data } = await answerOf(await platform.call('GET', `/api/home/pe_valuation/${MIDEA}`), peValuationAnswer);
    // 美的集团's snapshots 2018–2024 fall in reported years; 2025's and today's (the quote above) have no
    // annual report yet: their close and market cap are listed, without multiples.
    const reported = data.years.filter((row) => row.reported);
    expect(reported.map((row) => row.year)).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024]);
    const later = data.years.filter((row) => !row.reported);
    expect(later.map((row) => row.year)).toEqual([...new Set([2025, new Date().getFullYear()])]);
    expect(later.every((row) => row.pe === null && row.pb === null && row.market_cap !== null)).toBe(true);
    const y2018 = data.years[0];
    // 2018-12-28: 总市值 2,455.99 亿元.
    expect(y2018?.market_cap).toBeCloseTo(2455.99304451, 4);
    expect(y2018?.pe).toBeGreaterThan(5);
    expect(data.industry).toBe('制造业');
    expect(data.industry_pe?.count).toBeGreaterThanOrEqual(2);
    expect(data.implied_by_pe).toBeCloseTo((data.industry_pe?.median ?? 0) * (data.earnings_per_share ?? 0), 9);
    expect(data.dcf_value_per_share).toBeGreaterThan(0);

    const bundle = (
      await answerOf(await platform.call('GET', `/api/data/company-bundle/${MIDEA}`), companyBundleAnswer)
    ).data;
    expect(bundle.year_end_quotes?.length).toBeGreaterThanOrEqual(8);
    const offline = buildCompanyReport({
      ...bundle,
      statements: {
        ...bundle.statements,
        years: Object.fromEntries(
          Object.entries(bundle.statements.years).map(([year, lines]) => [Number(year), lines]),
        ),
      },
    });
    expect(offline.peValuation.years).toEqual(data.years);
  });
});
