import { basicInfoAnswer, companyBundleAnswer, growthAnswer, riskAnswer } from '@fcf/engine/contract';
import { buildCompanyReport } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** 公司基本信息, 成长能力 and 抗风险能力 as the API answers them: the contract, and the same as offline. */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const MIDEA = encodeURIComponent('美的集团');

describe('report section routes', () => {
  it('GET /api/home/basic_info gives the listing from the market lists and the latest quote', async () => {
    const { data } = await answerOf(await platform.call('GET', `/api/home/basic_info/${MIDEA}`), basicInfoAnswer);
    expect(data.code).toBe('000333');
    expect(data.market).toBe('深圳主板');
    expect(data.listed_on).toBe('2013-09-18');
    expect(data.industry).toBe('制造业');
    expect(data.industry_code).toMatch(/^C\d\d$/);
    expect(data.latest_report_date).toBe('2024-12-31');
    expect(data.total_shares).toBeGreaterThan(60);
    // The sample snapshot (fixtures/quotes) prices 美的集团 at its 2024 year-end close.
    expect(data.price?.date).toBe('2024-12-31');
    expect(data.price?.price).toBeGreaterThan(0);
    expect(data.market_cap).toBeCloseTo((data.price?.price ?? 0) * data.total_shares, 6);
  });

  it('answers growth and risk exactly as the browser computes them from the bundle', async () => {
    const growth = (await answerOf(await platform.call('GET', `/api/home/growth/${MIDEA}`), growthAnswer)).data;
    const risk = (await answerOf(await platform.call('GET', `/api/home/risk/${MIDEA}`), riskAnswer)).data;
    const bundle = (
      await answerOf(await platform.call('GET', `/api/data/company-bundle/${MIDEA}`), companyBundleAnswer)
    ).data;
    const offline = buildCompanyReport({
      ...bundle,
      statements: {
        ...bundle.statements,
        years: Object.fromEntries(
          Object.entries(bundle.statements.years).map(([year, figures]) => [Number(year), figures]),
        ),
      },
    });
    expect(growth).toEqual(JSON.parse(JSON.stringify(offline.growth)));
    expect(risk).toEqual(JSON.parse(JSON.stringify(offline.risk)));
    expect(bundle.company.listing?.market).toBe('深圳主板');
    // 美的集团 reports 2015–2024: the 5-year CAGR exists, the 10-year one needs 2014.
    const revenue = growth.figures.find((figure) => figure.figure === 'revenue');
    expect(revenue?.cagr.find((cagr) => cagr.span === 5)?.value).not.toBeNull();
    expect(risk.years.at(-1)?.debt_to_assets.value).toBeGreaterThan(0.4);
  });

  it('answers 404 for an unknown company', async () => {
    const response = await platform.call('GET', `/api/home/growth/${encodeURIComponent('不存在公司')}`);
    expect(response.status).toBe(404);
  });
});
