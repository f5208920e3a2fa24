import type { CompanyStatements } from '../statements/items.ts';
import { type FinancialYearRow, ratio } from './financial-row.ts';

/** The spec's benchmark lines. */
export const FCF_RATIO_BENCHMARKS = {
  fcf_revenue_ratio: 0.05,
  fcf_ev_ratio: 0.05,
  fcf_capex_ratio: 1,
  fcf_net_profit_ratio: 1,
} as const;

export type FcfRatioKey = keyof typeof FCF_RATIO_BENCHMARKS;
export const FCF_RATIO_KEYS = Object.keys(FCF_RATIO_BENCHMARKS) as FcfRatioKey[];

export interface FcfRatioPoint {
  year: number;
  value: number;
  benchmark: number;
}

export type FcfRatioSeries = Record<FcfRatioKey, FcfRatioPoint[]>;

/** FCF / EV of each year with a known FCF, against one EV (the model's, or the market's); none when EV ≤ 0. */
export function fcfEvPoints(rows: readonly FinancialYearRow[], enterpriseValue: number | null): FcfRatioPoint[] {
  if (enterpriseValue === null || !(enterpriseValue > 0)) return [];
  const benchmark = FCF_RATIO_BENCHMARKS.fcf_ev_ratio;
  return rows.flatMap((row) => {
    const value = row.FCFF === null ? Number.NaN : row.FCFF / enterpriseValue;
    return Number.isFinite(value) ? [{ year: row.year, value, benchmark }] : [];
  });
}

/**
 * The four FCF ratios per historical year with a known FCF: FCF / revenue; FCF / enterprise value (the
 * DCF enterprise value of the current valuation, as no market prices are held; a year is left out when
 * EV is not positive); FCF / capex (capex > 0); FCF / 归母净利润 (net profit > 0, as a ratio to a loss
 * reads backwards).
 */
export function fcfRatioSeries(
  statements: CompanyStatements,
  rows: readonly FinancialYearRow[],
  enterpriseValue: number | null,
): FcfRatioSeries {
  const series: FcfRatioSeries = {
    fcf_revenue_ratio: [],
    fcf_ev_ratio: [],
    fcf_capex_ratio: [],
    fcf_net_profit_ratio: [],
  };
  for (const row of rows) {
    const fcf = row.FCFF;
    if (fcf === null) continue;
    const push = (key: FcfRatioKey, value: number | null) => {
      if (value !== null && Number.isFinite(value)) {
        series[key].push({ year: row.year, value, benchmark: FCF_RATIO_BENCHMARKS[key] });
      }
    };
    push('fcf_revenue_ratio', ratio(fcf, row.operating_revenue));
    const capex = row.Capital_Expenditure;
    push('fcf_capex_ratio', capex !== null && capex > 0 ? fcf / capex : null);
    const source = statements.years[row.year];
    const netProfit = source?.net_profit_parent ?? source?.net_profit ?? null;
    push('fcf_net_profit_ratio', netProfit !== null && netProfit > 0 ? fcf / netProfit : null);
  }
  series.fcf_ev_ratio = fcfEvPoints(rows, enterpriseValue);
  return series;
}
