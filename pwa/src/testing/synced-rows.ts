import type { ScreenerModel } from '@fcf/engine';

/** A screener model of a profitable manufacturer (亿元; value per share in 元), with what a test changes. */
export function screenerModel(code: string, name: string, extra: Partial<ScreenerModel> = {}): ScreenerModel {
  return {
    code,
    name,
    industry: '制造业',
    valuePerShare: 90,
    bridgeTotal: 0,
    shares: 70,
    netProfit: 300,
    parentEquity: 1800,
    ebit: 400,
    fcf: 350,
    roic: 0.2,
    roe: 0.2,
    revenue_growth: 0.1,
    flags: [],
    ...extra,
  };
}

/** A synced quote row as the server sends it: the price of one day, nothing else known. */
export function quoteRow(code: string, price: number, date: string) {
  return {
    table: 'quotes' as const,
    key: code,
    version: 1,
    change_seq: 1,
    data: {
      company_code: code,
      date,
      price,
      market_cap: null,
      float_market_cap: null,
      shares: null,
      float_shares: null,
      pe: null,
      pb: null,
      dividend_yield: null,
    },
  };
}

/** A synced screener row carrying the model's figures. */
export function screenerRow(code: string, model: ScreenerModel) {
  return {
    table: 'screener_models' as const,
    key: code,
    version: 1,
    change_seq: 1,
    data: { company_code: code, model_json: JSON.stringify(model) },
  };
}
