import type { StatementYear } from '@fcf/engine';
import { describe, expect, it } from 'vitest';
import { type BacktestCompany, backtestCompany, type Observation, statementsUpTo } from './company-backtest.ts';
import { loadMarketSummaries } from './market-data.ts';

/** A company of the summary basis, 亿元: revenue grows 10% a year to 2013, 2014 reports no revenue. */
const YEARS: Record<number, StatementYear> = {
  2009: { operating_revenue: 100, operating_profit: 10 },
  2010: { operating_revenue: 110, operating_profit: 11 },
  2011: { operating_revenue: 121, operating_profit: 12.1 },
  2012: { operating_revenue: 133.1, operating_profit: 13.31, investment_income: 1 },
  2013: { operating_revenue: 146.41, operating_profit: 0 },
  2014: { operating_profit: 5 },
  2015: { operating_revenue: 150, operating_profit: 15 },
  2016: { operating_revenue: 160 },
};
const COMPANY: BacktestCompany = {
  code: '600000',
  name: '样本',
  industry: '制造业',
  statements: { code: '600000', name: '样本', years: YEARS },
};

const find = (observations: readonly Observation[], baseYear: number, horizon: number, metric: string) =>
  observations.find((o) => o.baseYear === baseYear && o.horizon === horizon && o.metric === metric);
const keys = (observations: readonly Observation[], metric: string) =>
  observations.filter((o) => o.metric === metric).map((o) => `${o.baseYear}+${o.horizon}`);

describe('backtestCompany on a hand-made company', () => {
  const { observations } = backtestCompany(COMPANY, { baseYears: [2012, 2013, 2014, 2015] });

  it('counts the company-years where the figure is reported at t and t+h, not 0 at t+h, and t has revenue', () => {
    // 2013 has no revenue at t+1 (2014); 2014 has no revenue, so it is no base year; 2016 has no operating profit.
    expect(keys(observations, 'revenue')).toEqual(['2012+1', '2012+3', '2013+3', '2015+1']);
    // 2013's operating profit of 0 is no actual, but a base; 2014's operating profit is an actual.
    expect(keys(observations, 'operating_profit')).toEqual(['2012+3', '2013+1']);
  });

  it('forecasts with the engine: revenue at the median year-on-year growth, fading to g', () => {
    const oneYear = find(observations, 2012, 1, 'revenue');
    expect(oneYear?.model).toBeCloseTo(146.41, 9);
    expect(oneYear?.errors.model).toBeCloseTo(0, 9);
    expect(oneYear?.randomWalk).toBe(133.1);
    expect(oneYear?.errors.randomWalk).toBeCloseTo(13.31 / 146.41, 12);
    expect(oneYear?.drift).toBeCloseTo(146.41, 9);
    // Growth fades linearly from 10% to 2% over five years: 10%, 8%, 6% in the first three.
    const threeYears = find(observations, 2012, 3, 'revenue');
    expect(threeYears?.model).toBeCloseTo(133.1 * 1.1 * 1.08 * 1.06, 9);
    expect(threeYears?.drift).toBeCloseTo(177.1561, 9);
  });

  it('forecasts operating profit as EBIT at a margin fading from the latest to the 3-year median, plus the base year’s non-operating part', () => {
    // EBIT margins 2010–2012: 10%, 10%, (13.31 − 1) / 133.1 (median 10%); operating profit − EBIT in 2012 = 1.
    const latest = 12.31 / 133.1;
    const margin = latest + (0.1 - latest) / 2;
    const observation = find(observations, 2012, 3, 'operating_profit');
    expect(observation?.model).toBeCloseTo(133.1 * 1.1 * 1.08 * 1.06 * margin + 1, 9);
    expect(observation?.actual).toBe(15);
    expect(observation?.errors.randomWalk).toBeCloseTo(Math.abs(13.31 - 15) / 15, 12);
    expect(observation?.drift).toBeNull();
  });

  it('reads nothing after the base year', () => {
    expect(Object.keys(statementsUpTo(COMPANY.statements, 2012).years)).toEqual(['2009', '2010', '2011', '2012']);
  });
});

describe('backtestCompany on real financial summaries (../shared/data/market/summary)', () => {
  const { companies, refused } = loadMarketSummaries(undefined, ['000333', '000651', '600519']);
  const observationsOf = (code: string) => {
    const company = companies.find((entry) => entry.code === code);
    if (!company) throw new Error(`${code} not read`);
    return backtestCompany(company).observations;
  };

  it('reads the three files as an upload does', () => {
    expect(refused).toEqual([]);
    expect(companies.map((company) => [company.code, company.name, company.industry])).toEqual([
      ['000333', '美的集团', '制造业'],
      ['000651', '格力电器', '制造业'],
      ['600519', '贵州茅台', '制造业'],
    ]);
  });

  it('gives the hand-computed t+1 random-walk errors (万元 figures of the files)', () => {
    // 美的集团 主营业务收入 2017 24,071,230 → 2018 25,966,482.
    expect(find(observationsOf('000333'), 2017, 1, 'revenue')?.errors.randomWalk).toBeCloseTo(
      (25966482 - 24071230) / 25966482,
      12,
    );
    // 贵州茅台 主营业务收入 2016 3,886,219 → 2017 5,821,786.
    expect(find(observationsOf('600519'), 2016, 1, 'revenue')?.errors.randomWalk).toBeCloseTo(
      (5821786 - 3886219) / 5821786,
      12,
    );
    // 格力电器 营业利润 2015 1,351,618 → 2016 1,745,570.
    expect(find(observationsOf('000651'), 2015, 1, 'operating_profit')?.errors.randomWalk).toBeCloseTo(
      (1745570 - 1351618) / 1745570,
      12,
    );
  });

  it('forecasts 美的集团 2018 from 2017: revenue at the median growth, operating profit at the latest EBIT margin', () => {
    const observations = observationsOf('000333');
    const revenue = find(observations, 2017, 1, 'revenue');
    // 主营业务收入 (万元) 2014 14,166,818, 2015 13,844,123, 2016 15,904,404, 2017 24,071,230: growths −2.3%,
    // 14.9%, 51.3%, median 14.9%.
    const forecastRevenue = 24071230 * (15904404 / 13844123);
    expect(revenue?.model).toBeCloseTo(forecastRevenue / 1e4, 9);
    // EBIT = 营业利润 − 投资收益 (万元): 2017 2,162,785 − 183,022, the first year's margin.
    const margin = (2162785 - 183022) / 24071230;
    const operatingProfit = find(observations, 2017, 1, 'operating_profit');
    expect(operatingProfit?.model).toBeCloseTo((forecastRevenue * margin + 183022) / 1e4, 9);
  });
});
