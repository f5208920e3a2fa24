import { describe, expect, it } from 'vitest';
import { ANGEL_YEAST } from '../testing/angel-yeast.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '../valuation/parameters.ts';
import { buildCompanyReport, type CompanyBundle, MODEL_EV_BASIS } from './company-bundle.ts';
import { MARKET_ROWS, marginOfSafetyTone, marketFigureText, quoteDateText } from './market-rows.ts';
import { whatIfView } from './what-if.ts';

const BUNDLE: CompanyBundle = {
  company: { code: '600298', name: '安琪酵母', industry: '制造业' },
  statements: ANGEL_YEAST,
  parameters: NO_MANUAL_PARAMETERS,
  overrides: {},
  waccAssumptions: WACC_ASSUMPTIONS,
  version: 1,
};
// The year-end close of the shipped sample snapshot.
const QUOTE = { price: 30.67, date: '2019-12-31', market_cap: 252.7456252181, shares: 8.24080943 };

describe('price against value in the report', () => {
  it('without a quote: no market figures, FCF/EV on the model’s EV', () => {
    const report = buildCompanyReport(BUNDLE);
    expect(report.market).toBeNull();
    expect(report.fcfEvBasis).toEqual(MODEL_EV_BASIS);
  });

  it('with a quote: margin of safety, P/E and P/B by hand; FCF/EV on the market EV, labelled', () => {
    const report = buildCompanyReport(BUNDLE, { quote: QUOTE, today: '2020-03-01' });
    const market = report.market;
    const dcf = report.dcf?.valuation;
    expect(market && dcf).toBeTruthy();
    if (!market || !dcf) return;
    expect(market.margin_of_safety).toBeCloseTo((dcf.value_per_share ?? Number.NaN) / 30.67 - 1, 12);
    expect(market.pe).toBeCloseTo(252.7456252181 / (ANGEL_YEAST.years[2019]?.net_profit_parent ?? 0), 12);
    expect(market.pb).toBeCloseTo(252.7456252181 / (ANGEL_YEAST.years[2019]?.parent_equity ?? 0), 12);
    expect(market.stale).toBe(true);
    const marketEv = 252.7456252181 - (dcf.equity_value - dcf.enterprise_value);
    expect(market.market_ev).toBeCloseTo(marketEv, 10);
    expect(report.fcfEvBasis).toMatchObject({ basis: 'market', label: 'FCF/市场EV（2019-12-31）' });
    const last = report.fcfRatio.charts.fcf_ev_ratio.at(-1);
    // The same FCF over the model's EV of the unquoted report (its WACC has book weights and no date).
    const unquoted = buildCompanyReport(BUNDLE);
    const modelPoint = unquoted.fcfRatio.charts.fcf_ev_ratio.at(-1);
    const fcf = (modelPoint?.value ?? 0) * (unquoted.dcf?.valuation.enterprise_value ?? 0);
    expect(last?.value).toBeCloseTo(fcf / marketEv, 10);
  });

  it('the custom page’s view prices the what-if’s value', () => {
    const view = whatIfView(BUNDLE, { parameters: { wacc_manual: 0.08 }, overrides: {} }, undefined, {
      quote: QUOTE,
      today: '2020-01-10',
    });
    expect(view.market?.margin_of_safety).toBeCloseTo((view.dcf?.valuation.value_per_share ?? 0) / 30.67 - 1, 12);
    expect(view.market?.stale).toBe(false);
  });

  it('rows as text; the date says 过期 when old; red up, green down', () => {
    const market = buildCompanyReport(BUNDLE, { quote: QUOTE, today: '2020-03-01' }).market;
    if (!market) throw new Error('no market');
    const formats = {
      amount: (value: number) => value.toFixed(2),
      percent: (value: number) => `${(value * 100).toFixed(2)}%`,
    };
    const texts = Object.fromEntries(MARKET_ROWS.map((row) => [row.key, marketFigureText(row, market, formats)]));
    expect(texts.price).toBe('30.67 元');
    expect(texts.market_cap).toBe('252.75 亿元');
    expect(quoteDateText(market)).toBe('2019-12-31（过期）');
    expect(marginOfSafetyTone(0.2)).toBe('rise');
    expect(marginOfSafetyTone(-0.2)).toBe('fall');
    expect(marginOfSafetyTone(null)).toBe('neutral');
  });
});
