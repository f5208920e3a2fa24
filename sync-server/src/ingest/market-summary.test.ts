import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseStatementFile } from './parse-statement-file.ts';
import { fixtureDirectory } from './testing/ingest-fixtures.ts';

/**
 * The whole market's 主要财务指标 exports are sample data kept beside the repository (../shared/data/market/summary),
 * too large for fixtures/. Without them this test fails rather than skips: a green run must mean they were parsed.
 */
const SUMMARY_URL = new URL('../../../../shared/data/market/summary/', import.meta.url);
const SAMPLE_SIZE = 50;

function parseSummary(filename: string) {
  return parseStatementFile(filename, readFileSync(new URL(filename, SUMMARY_URL)), fixtureDirectory());
}

describe('NetEase financial-summary exports (../shared/data/market/summary)', () => {
  const all = existsSync(SUMMARY_URL)
    ? readdirSync(SUMMARY_URL)
        .filter((name) => name.endsWith('.csv'))
        .sort()
    : [];

  it('finds the whole market’s sample exports beside the repository', () => {
    expect(existsSync(SUMMARY_URL), `missing ${SUMMARY_URL.pathname}`).toBe(true);
    expect(all.length).toBeGreaterThan(3000);
  });
  const sample = all.filter((_, index) => index % Math.ceil(all.length / SAMPLE_SIZE) === 0);

  it.each(sample)('parses %s as a financial summary of a listed company', (filename) => {
    const outcome = parseSummary(filename);
    if (!outcome.ok) throw new Error(`${filename}: ${outcome.error}`);
    const code = filename.replace('.csv', '');
    expect(outcome.file.company).toEqual(fixtureDirectory().byCode(code));
    expect(outcome.file.reports.map((report) => report.reportType)).toEqual(['financial_summary']);
    expect(outcome.file.recognised).toHaveLength(15);
    expect(outcome.file.unrecognised).toEqual([
      '每股经营活动产生的现金流量净额(元)',
      '主营业务利润(万元)',
      '营业外收支净额(万元)',
      '现金及现金等价物净增加额(万元)',
    ]);
  });

  it('reads 000333 美的集团 in 亿元, EPS in 元 and ROE in %', () => {
    const outcome = parseSummary('000333.csv');
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.file.company).toEqual({ code: '000333', name: '美的集团' });
    const years = outcome.file.reports[0]?.years ?? {};
    expect(years[2019]).toEqual({
      eps_basic: 3.6,
      operating_revenue: 2782.1602,
      operating_profit: 296.8309,
      investment_income: 1.6413,
      total_profit: 299.2911,
      net_profit_parent: 242.1122,
      net_profit_deducted: 227.2439,
      operating_cash_flow: 385.904,
      total_assets: 3019.5542,
      current_assets_total: 2164.8269,
      total_liabilities: 1944.5932,
      current_liabilities_total: 1443.1848,
      parent_equity: 1016.6916,
      weighted_roe_percent: 26.43,
    });
    expect(years[2011]?.weighted_roe_percent).toBeUndefined();
  });
});
