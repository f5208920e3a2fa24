import { describe, expect, it } from 'vitest';
import { type BacktestCompany, backtestCompany } from './company-backtest.ts';
import { backtestDocument, CHART_FILE } from './report.ts';
import { summariseRun } from './run.ts';

/** Revenue grows 10% a year and the margin is 10%, with a shell year of tiny revenue in 2011. */
const COMPANY: BacktestCompany = {
  code: '600000',
  name: '样本',
  industry: '制造业',
  statements: {
    code: '600000',
    name: '样本',
    years: {
      2011: { operating_revenue: 0.01, operating_profit: -3 },
      2012: { operating_revenue: 100, operating_profit: 10 },
      2013: { operating_revenue: 110, operating_profit: 11 },
      2014: { operating_revenue: 121, operating_profit: 12.1 },
      2015: { operating_revenue: 133.1, operating_profit: 13.31 },
      2016: { operating_revenue: 146.41, operating_profit: 14.64 },
    },
  },
};

describe('backtestDocument', () => {
  const computed = backtestCompany(COMPANY, {
    quotes: new Map([[2015, { date: '2015-12-31', close: 10, shares: 10 }]]),
  });
  const run = summariseRun(2, ['600001.csv: 无法识别'], computed, { readMs: 1, computeMs: 1 });
  const document = backtestDocument(run);

  it('gives the headline per horizon and metric, the chart, the method and every table', () => {
    expect(document).toContain('Companies counted: 1 of 2 financial summaries');
    expect(document).toMatch(/\| t\+1 \| 主营业务收入 \(revenue\) \| 4 \| [\d.]+% \| 9\.1% \|/);
    expect(document).toContain(`](${CHART_FILE})`);
    for (const heading of ['## Method', '## By industry', '## Where the errors come from', '## Value ÷ close']) {
      expect(document).toContain(heading);
    }
    expect(document).toContain('Files refused by the parser: 1.');
  });

  it('reads the shell year of the window as a trait, and keeps table cells free of stray pipes', () => {
    expect(document).toContain('\\|EBIT\\| > revenue');
    const traitRows = document.split('\n').filter((line) => line.startsWith('| a year of the latest 3 with'));
    expect(traitRows).toHaveLength(1);
    expect(traitRows[0]?.split(/(?<!\\)\|/)).toHaveLength(8);
  });

  it('values the quoted base year against its close', () => {
    expect(run.valueToClose.n).toBe(1);
    expect(document).toMatch(/\| 2015 \| 1 \|/);
  });
});
