import type { CompanyStatements } from '../statements/items.ts';
import { type FinancialYearRow, ratio } from './financial-row.ts';

/** The benchmark lines (docs/requirements.md#benchmarks). */
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
  const points: FcfRatioPoint[] = [];
  if (enterpriseValue === null || !(enterpriseValue > 0)) return points;
  const benchmark = FCF_RATIO_BENCHMARKS.fcf_ev_ratio;
  for (const row of rows) {
    const value = row.FCFF === null ? Number.NaN : row.FCFF / enterpriseValue;
    if (Number.isFinite(value)) points.push({ year: row.year, value, benchmark });
  }
  return points;
}

/** Adds the year's point to a series when the ratio is a finite number (a module function: no closure per row). */
function pushPoint(points: FcfRatioPoint[], key: FcfRatioKey, year: number, value: number | null): void {
  if (value !== null && Number.isFinite(value)) points.push({ year, value, benchmark: FCF_RATIO_BENCHMARKS[key] });
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
  historyRatios: HistoryFcfRatios = historyFcfRatios(statements, rows),
): FcfRatioSeries {
  // Written out so the keys keep FCF_RATIO_BENCHMARKS' order (the charts follow it).
  return {
    fcf_revenue_ratio: historyRatios.fcf_revenue_ratio,
    fcf_ev_ratio: fcfEvPoints(rows, enterpriseValue),
    fcf_capex_ratio: historyRatios.fcf_capex_ratio,
    fcf_net_profit_ratio: historyRatios.fcf_net_profit_ratio,
  };
}

/** The three FCF ratios that depend on the history alone (not on the valuation's EV). */
export type HistoryFcfRatios = Omit<FcfRatioSeries, 'fcf_ev_ratio'>;

/**
 * FCF / revenue, FCF / capex and FCF / 归母净利润 per historical year (see fcfRatioSeries): they do not move
 * with the valuation's inputs, so an analytics cache keeps them across edits.
 */
export function historyFcfRatios(statements: CompanyStatements, rows: readonly FinancialYearRow[]): HistoryFcfRatios {
  const revenueRatios: FcfRatioPoint[] = [];
  const capexRatios: FcfRatioPoint[] = [];
  const netProfitRatios: FcfRatioPoint[] = [];
  for (const row of rows) {
    const fcf = row.FCFF;
    if (fcf === null) continue;
    pushPoint(revenueRatios, 'fcf_revenue_ratio', row.year, ratio(fcf, row.operating_revenue));
    const capex = row.Capital_Expenditure;
    pushPoint(capexRatios, 'fcf_capex_ratio', row.year, capex !== null && capex > 0 ? fcf / capex : null);
    const source = statements.years[row.year];
    const netProfit = source?.net_profit_parent ?? source?.net_profit ?? null;
    pushPoint(
      netProfitRatios,
      'fcf_net_profit_ratio',
      row.year,
      netProfit !== null && netProfit > 0 ? fcf / netProfit : null,
    );
  }
  return { fcf_revenue_ratio: revenueRatios, fcf_capex_ratio: capexRatios, fcf_net_profit_ratio: netProfitRatios };
}
