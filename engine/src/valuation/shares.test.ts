import { describe, expect, it } from 'vitest';
import { resolveShares, SHARE_SOURCE_LABELS } from './shares.ts';

/** 分众传媒 (002027) 2019 as NetEase publishes it (亿元): 股本 3.3366, 归母净利润 18.7528, EPS 0.13 元. */
const FOCUS_MEDIA_2019 = { share_capital: 3.3366, net_profit_parent: 18.7528, eps_basic: 0.13 };
/** 紫金矿业 2019: 股本 25.3772 亿元 at a par of 0.1 元, 归母净利润 42.8396, EPS 0.18 元. */
const ZIJIN_2019 = { share_capital: 25.3772, net_profit_parent: 42.8396, eps_basic: 0.18 };
/** 美的集团 2024 (sample data): 股本 76.61 after an H-share issue in the year, 归母净利润 385.37, EPS 5.44. */
const MIDEA_2024 = { share_capital: 76.61, net_profit_parent: 385.37, eps_basic: 5.44 };

describe('share count and its source', () => {
  it('takes 归母净利润 / EPS when 股本 is far off (分众传媒: ≈144 亿, listed 146.8 亿)', () => {
    const shares = resolveShares(FOCUS_MEDIA_2019, null, null);
    expect(shares.source).toBe('eps_implied');
    expect(shares.count).toBeCloseTo(18.7528 / 0.13, 9);
    expect(Math.abs(shares.count / 146.7788 - 1)).toBeLessThan(0.05);
    expect(shares.disagreement).toContain('反向收购');
    expect(shares.candidates).toEqual({
      listed: null,
      statement: null,
      share_capital: 3.3366,
      eps_implied: 18.7528 / 0.13,
    });
  });

  it('reads 股本 at a par of 0.1 元 when that agrees with EPS (紫金矿业: 253.77 亿股)', () => {
    const shares = resolveShares(ZIJIN_2019, null, null);
    expect(shares.source).toBe('share_capital_par_0_1');
    expect(shares.count).toBeCloseTo(253.772, 9);
    expect(shares.disagreement).toContain('面值0.1元');
  });

  it('keeps 股本 within a factor of 2 of EPS (share changes in the year) and says so', () => {
    const shares = resolveShares(MIDEA_2024, null, null);
    expect(shares.source).toBe('share_capital');
    expect(shares.count).toBe(76.61);
    expect(shares.disagreement).toContain('加权平均股数');
    // 华电国际 2019: EPS leaves the perpetual bonds' coupons out, so 34.07 / 0.29 = 117 亿 against 98.63 亿.
    expect(
      resolveShares({ share_capital: 98.6298, net_profit_parent: 34.0692, eps_basic: 0.29 }, null, null),
    ).toMatchObject({ source: 'share_capital', count: 98.6298 });
  });

  it('takes 股本 as is when it agrees with EPS within 5% plus the rounding of EPS', () => {
    const shares = resolveShares({ share_capital: 8.2408, net_profit_parent: 9.015, eps_basic: 1.09 }, null, null);
    expect(shares).toMatchObject({ source: 'share_capital', count: 8.2408, disagreement: null });
    expect(shares.label).toBe(SHARE_SOURCE_LABELS.share_capital);
  });

  it('prefers a manual count, then a listed one, then a statement line', () => {
    const statement = { ...FOCUS_MEDIA_2019, total_shares: 146.7788 };
    const listed = { count: 146.8, date: '2019-12-31' };
    expect(resolveShares(statement, 150, listed)).toMatchObject({ source: 'manual', count: 150, disagreement: null });
    expect(resolveShares(statement, null, listed)).toMatchObject({
      source: 'listed',
      count: 146.8,
      date: '2019-12-31',
    });
    expect(resolveShares(statement, null, null)).toMatchObject({ source: 'statement', count: 146.7788 });
  });

  it('falls back to EPS without 股本, and to none without either', () => {
    expect(resolveShares({ net_profit_parent: 10, eps_basic: 0.5 }, null, null)).toMatchObject({
      source: 'eps_implied',
      count: 20,
    });
    expect(resolveShares({}, null, null)).toMatchObject({ source: 'none', count: 0 });
    // EPS of a few fen says too little to check 股本 against.
    expect(resolveShares({ share_capital: 5, net_profit_parent: 0.01, eps_basic: 0.005 }, null, null).source).toBe(
      'share_capital',
    );
  });
});
