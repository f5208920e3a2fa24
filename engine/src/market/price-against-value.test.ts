import { describe, expect, it } from 'vitest';
import { ANGEL_YEAST } from '../testing/angel-yeast.ts';
import { minorityProfitShareOf } from '../valuation/bridge.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import {
  marginOfSafety,
  marketEnterpriseValue,
  multiple,
  priceAgainstValue,
  quoteAgeDays,
  STALE_QUOTE_DAYS,
  type ValueFigures,
} from './price-against-value.ts';
import { valueFiguresOf } from './value-figures.ts';

const FIGURES: ValueFigures = {
  valuePerShare: 30,
  bridgeTotal: 50,
  shares: 10,
  netProfit: 20,
  parentEquity: 100,
  ebit: 25,
  fcf: 12,
};

describe('price against value, worked by hand', () => {
  it('margin of safety = value / price − 1; P/E, P/B on market cap; FCFF yield and EV/EBIT on market EV', () => {
    const result = priceAgainstValue(
      { price: 24, date: '2026-01-02', market_cap: 240, shares: 10 },
      FIGURES,
      '2026-01-20',
    );
    expect(result).toEqual({
      price: 24,
      date: '2026-01-02',
      age_days: 18,
      stale: false,
      market_cap: 240,
      value_per_share: 30,
      margin_of_safety: 30 / 24 - 1,
      pe: 240 / 20,
      pb: 240 / 100,
      // 240 of market cap less 50 of net cash (the bridge adds it to EV): 190. FCFF is the firm's, not the
      // equity's: against the EV, not the market cap.
      fcff_ev_yield: 12 / 190,
      market_ev: 190,
      ev_ebit: 190 / 25,
    });
  });

  it('without 总市值 the market cap is price × shares (the quote’s, else the model’s)', () => {
    const quote = { price: 24, date: '2026-01-02', market_cap: null, shares: 12 };
    expect(priceAgainstValue(quote, FIGURES, '2026-01-02').market_cap).toBe(288);
    expect(priceAgainstValue({ ...quote, shares: null }, FIGURES, '2026-01-02').market_cap).toBe(240);
  });

  it('FCFF yield is n.m. (null) when the market EV is not positive: cash above the market cap', () => {
    const cashRich = { ...FIGURES, bridgeTotal: 300 };
    const result = priceAgainstValue(
      { price: 24, date: '2026-01-02', market_cap: 240, shares: 10 },
      cashRich,
      '2026-01-02',
    );
    expect(result.market_ev).toBe(-60);
    expect(result.fcff_ev_yield).toBeNull();
  });

  it('older than 30 days is stale', () => {
    expect(quoteAgeDays('2026-01-01', '2026-01-31')).toBe(STALE_QUOTE_DAYS);
    const quote = { price: 24, date: '2026-01-01', market_cap: 240, shares: 10 };
    expect(priceAgainstValue(quote, FIGURES, '2026-01-31').stale).toBe(false);
    expect(priceAgainstValue(quote, FIGURES, '2026-02-01').stale).toBe(true);
  });

  it('a loss, negative equity or EBIT, no value: the multiple is null, never a negative P/E', () => {
    expect(multiple(240, -3)).toBeNull();
    expect(multiple(240, 0)).toBeNull();
    expect(multiple(null, 3)).toBeNull();
    expect(marginOfSafety(null, 24)).toBeNull();
    expect(marginOfSafety(12, 24)).toBe(-0.5);
    expect(marketEnterpriseValue(null, 5)).toBeNull();
    expect(marketEnterpriseValue(100, -40)).toBe(140);
    // Minorities holding a tenth of the profit hold a tenth of the market's equity before them: 90 ÷ 0.9 + 40.
    expect(marketEnterpriseValue(90, -40, 0.1)).toBeCloseTo(140, 12);
    expect(marketEnterpriseValue(90, -40, 1)).toBeNull();
  });
});

describe('the model’s side from a valuation', () => {
  it('安琪酵母 2019: value per share, bridge = equity − EV, 归母净利润, parent equity, EBIT and FCF of 2019', () => {
    const valuation = valueCompany({ statements: ANGEL_YEAST });
    const figures = valueFiguresOf(valuation, ANGEL_YEAST.years[2019]);
    const dcf = valuation.dcf?.valuation;
    expect(dcf).toBeDefined();
    expect(figures.valuePerShare).toBe(dcf?.value_per_share);
    // Minorities valued pro rata are left out of the bridge's total: the market EV takes the market's share.
    expect(figures.minorityProfitShare).toBe(minorityProfitShareOf(valuation.bridgeLines));
    const minority = figures.minorityProfitShare === null ? 0 : (dcf?.minority_interest ?? 0);
    expect(figures.bridgeTotal).toBeCloseTo((dcf?.equity_value ?? 0) - (dcf?.enterprise_value ?? 0) + minority, 10);
    expect(figures.netProfit).toBe(ANGEL_YEAST.years[2019]?.net_profit_parent);
    expect(figures.parentEquity).toBe(ANGEL_YEAST.years[2019]?.parent_equity);
    expect(figures.ebit).toBe(valuation.history.at(-1)?.ebit);
    expect(figures.fcf).toBe(valuation.history.at(-1)?.FCFF);
    expect(figures.shares).toBe(valuation.parameters.total_shares);
  });
});
