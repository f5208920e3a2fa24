import { describe, expect, it } from 'vitest';
import { listedSharesOf } from './listed-shares.ts';

/** 美的集团: the sample snapshot of 2024-12-31 (76.56 亿股), then quotes with and without a 总股本. */
const YEAR_END_2024 = { date: '2024-12-31', shares: 76.55955883 };
const YEAR_END_2023 = { date: '2023-12-29', shares: 70.24597408 };

describe('listedSharesOf', () => {
  it('takes the latest quote’s 总股本 with its date', () => {
    expect(listedSharesOf({ date: '2026-07-17', shares: 76.19 }, [YEAR_END_2023, YEAR_END_2024])).toEqual({
      count: 76.19,
      date: '2026-07-17',
    });
  });

  it('a latest quote without 总股本 falls back to the newest year-end snapshot of an earlier year', () => {
    const priceOnly = { date: '2026-07-17', shares: null };
    expect(listedSharesOf(priceOnly, [YEAR_END_2023, YEAR_END_2024])).toEqual({
      count: 76.55955883,
      date: '2024-12-31',
    });
    // That year's own year-end snapshot is the latest quote (or, on a device, an older copy of it): not used.
    const sameYear = { date: '2026-03-31', shares: 76.3 };
    expect(listedSharesOf(priceOnly, [YEAR_END_2024, sameYear])).toEqual({ count: 76.55955883, date: '2024-12-31' });
  });

  it('without a quote, the newest year-end snapshot with a 总股本; with none, no listed count', () => {
    expect(listedSharesOf(null, [YEAR_END_2024, YEAR_END_2023])).toEqual({ count: 76.55955883, date: '2024-12-31' });
    expect(listedSharesOf(undefined)).toBeNull();
    expect(listedSharesOf({ date: '2026-07-17', shares: null }, [{ date: '2024-12-31', shares: null }])).toBeNull();
    expect(listedSharesOf({ date: '2026-07-17', shares: 0 })).toBeNull();
  });

  it('a 总市值 alone is no count', () => {
    const capOnly = { date: '2026-07-17', shares: null, market_cap: 6102.8, price: 80.1 };
    expect(listedSharesOf(capOnly)).toBeNull();
  });
});
