import { readdirSync } from 'node:fs';
import type { ReportType } from '@fcf/engine';
import { describe, expect, it } from 'vitest';
import { type ParsedStatementFile, parseStatementFile } from './parse-statement-file.ts';
import { FIXTURES_URL, fixtureDirectory, readFixture } from './testing/ingest-fixtures.ts';

const NETEASE_URL = new URL('163/', FIXTURES_URL);

/** Name (from fullStockList.csv) and first–last annual report of each company in fixtures/163. */
const COMPANIES: Record<string, { name: string; first: number; last: number }> = {
  '002027': { name: '分众传媒', first: 2006, last: 2019 },
  '002202': { name: '金风科技', first: 2004, last: 2019 },
  '002236': { name: '大华股份', first: 2005, last: 2021 },
  '002352': { name: '顺丰控股', first: 2006, last: 2018 },
  '002677': { name: '浙江美大', first: 2008, last: 2019 },
  '003816': { name: '中国广核', first: 2010, last: 2019 },
  '600027': { name: '华电国际', first: 2006, last: 2019 },
  '600233': { name: '圆通速递', first: 2006, last: 2018 },
  '600298': { name: '安琪酵母', first: 2006, last: 2019 },
  '600340': { name: '华夏幸福', first: 2006, last: 2019 },
  '600795': { name: '国电电力', first: 2006, last: 2019 },
  '601991': { name: '大唐发电', first: 2006, last: 2019 },
};

const REPORT_TYPES_BY_PREFIX: Record<string, ReportType> = {
  lrb: 'income_statement',
  zcfzb: 'balance_sheet',
  xjllb: 'cash_flow',
};

function parseFixture(filename: string): ParsedStatementFile {
  const outcome = parseStatementFile(filename, readFixture(`163/${filename}`), fixtureDirectory());
  if (!outcome.ok) throw new Error(`${filename}: ${outcome.error}`);
  return outcome.file;
}

function year(file: ParsedStatementFile, fiscalYear: number) {
  return file.reports[0]?.years[fiscalYear];
}

const filenames = readdirSync(NETEASE_URL).filter((name) => name.endsWith('.csv'));

describe('NetEase (163) statement exports', () => {
  it('finds all 34 sample files', () => {
    expect(filenames).toHaveLength(34);
  });

  it.each(filenames)('parses %s with its company, report type and every annual year', (filename) => {
    const [, prefix = '', code = ''] = /^([a-z]+)(\d{6})\.csv$/.exec(filename) ?? [];
    const expected = COMPANIES[code];
    if (!expected) throw new Error(`no expectation for ${filename}`);
    const file = parseFixture(filename);

    expect(file.company).toEqual({ code, name: expected.name });
    expect(file.reports.map((report) => report.reportType)).toEqual([REPORT_TYPES_BY_PREFIX[prefix]]);
    const years = Object.keys(file.reports[0]?.years ?? {}).map(Number);
    const span = Array.from({ length: expected.last - expected.first + 1 }, (_, index) => expected.first + index);
    expect(years).toEqual(span);
  });

  it('reads the 安琪酵母 income statement in 亿元, per-share figures in 元', () => {
    const file = parseFixture('lrb600298.csv');
    expect(year(file, 2019)).toMatchObject({
      total_operating_revenue: 76.5275,
      operating_revenue: 76.5275,
      operating_cost: 49.7398,
      tax_expenses: 0.6919,
      r_and_d_expenses: 3.3346,
      investment_income: -0.0655,
      net_profit: 9.3988,
      net_profit_parent: 9.015,
      minority_profit: 0.3838,
      eps_basic: 1.09,
    });
    expect(year(file, 2019)?.asset_impairment_loss).toBeUndefined();
    expect(year(file, 2018)?.asset_impairment_loss).toBe(0.3242);
    expect(file.unrecognised).toContain('稀释每股收益');
  });

  it('reads the 安琪酵母 balance sheet', () => {
    const file = parseFixture('zcfzb600298.csv');
    expect(year(file, 2019)).toMatchObject({
      cash: 6.6369,
      Accounts_Receivable: 8.1361,
      Inventories: 19.9205,
      fixed_assets: 51.9525,
      total_assets: 99.0664,
      share_capital: 8.2408,
      parent_equity: 50.2984,
      total_equity: 52.9738,
    });
    expect(year(file, 2018)?.Notes_Receivable).toBe(1.0584);
    expect(year(file, 2019)?.Notes_Receivable).toBeUndefined();
    expect(file.recognised).toContain('实收资本(或股本)(万元)');
    expect(file.unrecognised).toContain('固定资产净值(万元)');
  });

  it('reads the 安琪酵母 cash-flow statement, leaving the supplement’s income-statement items out', () => {
    const file = parseFixture('xjllb600298.csv');
    expect(year(file, 2019)).toEqual({
      operating_cash_flow: 12.9598,
      Cash_Paid_For_Acquisition_Assets: 8.2699,
      depreciation_fixed_assets: 4.4643,
      amortization_intangible_assets: 0.1451,
      amortization_long_term_prepaid: 0.0834,
    });
    expect(file.unrecognised).toEqual(expect.arrayContaining(['净利润(万元)', '财务费用(万元)']));
    // NetEase cuts long labels off mid-unit; the row is still read (and listed, as it maps to nothing).
    expect(file.unrecognised).toContain('向中央银行借款净增加额(万元');
  });
});
