import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../statements/items.ts';
import { equityBridgeOf, equityFromLines, minorityProfitShareOf, resolveBridgeLines } from './bridge.ts';
import { discountCashFlows } from './dcf.ts';
import { minorityProfitShare, proRataShare } from './minority-share.ts';
import { impliedGrowth } from './reverse-dcf.ts';

const statementsOf = (years: CompanyStatements['years']): CompanyStatements => ({ code: '', name: '', years });

describe('the minorities’ share of profit', () => {
  it('is the mean of 少数股东损益 ÷ 净利润 over the latest three years with a positive net profit', () => {
    const statements = statementsOf({
      2015: { net_profit: 10, minority_profit: 9 },
      2016: { net_profit: 10, minority_profit: 2 },
      2017: { net_profit: -5, minority_profit: 1 },
      2018: { net_profit: 20, minority_profit: 8 },
      2019: { net_profit: 10, minority_profit: 3 },
    });
    const share = minorityProfitShare(statements, 2019);
    expect(share?.years).toEqual([2016, 2018, 2019]);
    expect(share?.share).toBeCloseTo((0.2 + 0.4 + 0.3) / 3, 12);
    // Years after the base are not read.
    expect(minorityProfitShare(statements, 2016)?.years).toEqual([2015, 2016]);
  });

  it('is at most 1, null without the figures, and pro rata only when positive', () => {
    expect(minorityProfitShare(statementsOf({ 2019: { net_profit: 1, minority_profit: 3 } }), 2019)?.share).toBe(1);
    const losing = minorityProfitShare(statementsOf({ 2019: { net_profit: 1, minority_profit: -3 } }), 2019);
    expect(losing?.share).toBe(-3);
    expect(proRataShare(losing)).toBeNull();
    // Minorities that lost money stay at book, said so (格力电器 2022–2024).
    const line = equityBridgeOf({ minority_interest: 5 }, losing).lines[0];
    expect(line).toMatchObject({ amount: -5, book_value: 5 });
    expect(line?.profit_share).toBeUndefined();
    expect(line?.note).toContain('不为正');
    expect(minorityProfitShare(statementsOf({ 2019: { net_profit: 1 } }), 2019)).toBeNull();
  });
});

describe('minority interest in the bridge', () => {
  const latest = { cash: 30, long_term_borrowings: 50, minority_interest: 40 };
  const share = { share: 0.25, years: [2018, 2019] };

  it('is the share of the equity before minorities, with the book value beside it', () => {
    const { lines } = equityBridgeOf(latest, share);
    const resolved = resolveBridgeLines(220, lines);
    const minority = resolved.at(-1);
    // Equity before minorities: 220 + 30 − 50 = 200; a quarter of it is the minorities'.
    expect(minority).toMatchObject({ item: 'minority_interest', amount: -50, book_value: 40, profit_share: 0.25 });
    expect(minority?.note).toContain('25.0%（2018、2019 均值）');
    expect(minority?.note).toContain('账面值 40.00');
    expect(equityFromLines(220, lines)).toBe(150);
    expect(equityFromLines(220, resolved)).toBe(150);
    expect(minorityProfitShareOf(lines)).toBe(0.25);
  });

  it('takes nothing of an equity that is not positive, and stays at book without a share', () => {
    expect(equityFromLines(10, equityBridgeOf(latest, share).lines)).toBe(-10);
    const atBook = equityBridgeOf(latest, null).lines.at(-1);
    expect(atBook).toMatchObject({ amount: -40, book_value: 40 });
    expect(atBook?.note).toContain('按账面值');
    expect(minorityProfitShareOf(equityBridgeOf(latest, null).lines)).toBeNull();
  });

  it('is valued so in the DCF, whose lines sum to its equity value and whose total is the line', () => {
    const { totals, lines } = equityBridgeOf(latest, share);
    const dcf = discountCashFlows({
      fcf: [10, 11, 12, 13, 14],
      firstYear: 2020,
      wacc: 0.09,
      terminalGrowth: 0.02,
      bridge: totals,
      bridgeLines: lines,
      totalShares: 10,
    });
    const { enterprise_value, equity_value, minority_interest } = dcf.valuation;
    expect(minority_interest).toBeCloseTo(0.25 * (enterprise_value + 30 - 50), 9);
    expect(equity_value).toBeCloseTo(0.75 * (enterprise_value + 30 - 50), 9);
    expect(dcf.bridge.reduce((sum, line) => sum + line.amount, 0)).toBeCloseTo(equity_value, 9);
    // The reverse DCF reads the same share: the DCF's own price gives back its growth.
    const growth = impliedGrowth({
      price: dcf.valuation.value_per_share ?? Number.NaN,
      baseFcf: 10,
      years: 5,
      wacc: 0.09,
      terminalGrowth: 0.02,
      bridge: totals,
      minorityProfitShare: 0.25,
      totalShares: 10,
    });
    expect(growth.impliedEnterpriseValue).toBeCloseTo(enterprise_value, 6);
  });
});

describe('其他流动资产 in the bridge', () => {
  const latest = { cash: 30, other_current_assets: 180, long_term_borrowings: 50 };

  it('is cash-like only where an admin marks it, and said so on its line', () => {
    expect(equityBridgeOf(latest).lines.map((line) => line.item)).toEqual(['cash', 'long_term_borrowings']);
    const { totals, lines } = equityBridgeOf(latest, null, true);
    expect(totals.cash).toBe(210);
    expect(lines[1]).toMatchObject({ item: 'other_current_assets', amount: 180 });
    expect(lines[1]?.note).toContain('管理员标记');
    expect(equityFromLines(100, lines)).toBe(260);
  });
});
