import { describe, expect, it } from 'vitest';
import { bridgeWarnings, unexplainedParentEquity } from './bridge-warnings.ts';

const lines = { share_capital: 10, capital_reserve: 20, surplus_reserve: 5, retained_earnings: 60, treasury_shares: 2 };

describe('unexplained parent equity', () => {
  it('is parent equity less 股本, 其他权益工具 and the parent’s lines (库存股 subtracted)', () => {
    expect(unexplainedParentEquity({ ...lines, parent_equity: 93 })).toBeCloseTo(0, 12);
    expect(unexplainedParentEquity({ ...lines, other_equity_instruments: 4, parent_equity: 113 })).toBeCloseTo(16, 12);
    // Without the lines (a layout that gives only the totals) nothing can be told.
    expect(unexplainedParentEquity({ share_capital: 10, parent_equity: 93 })).toBeNull();
  });

  it('warns above 5% of parent equity, naming the amount', () => {
    expect(bridgeWarnings(2019, { ...lines, parent_equity: 97 }, null)).toEqual([]);
    const [warning] = bridgeWarnings(2019, { ...lines, parent_equity: 113 }, null);
    expect(warning).toMatchObject({ code: 'unexplained_equity', year: 2019 });
    expect(warning?.message).toContain('多 20.00 亿元（17.7%）');
    expect(warning?.message).toContain('永续债');
  });
});

describe('a debt-like line that vanishes', () => {
  it('warns with last year’s amount when the latest balance sheet no longer reports it', () => {
    const previous = { total_assets: 500, long_term_payables: 12.5, bonds_payable: 30, short_term_borrowings: 0 };
    const latest = { total_assets: 520, bonds_payable: 28 };
    const warnings = bridgeWarnings(2019, latest, previous);
    expect(warnings).toEqual([expect.objectContaining({ code: 'debt_line_vanished', year: 2019, item: '长期应付款' })]);
    expect(warnings[0]?.message).toContain('（2018年为 12.50 亿元）');
  });

  it('says nothing without the latest balance sheet', () => {
    expect(bridgeWarnings(2019, { operating_revenue: 10 }, { total_assets: 1, bonds_payable: 3 })).toEqual([]);
  });
});
