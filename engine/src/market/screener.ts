import type { StatementYear } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { ModelId } from '../valuation/models/model-types.ts';
import type { ValuationWarning } from '../valuation/warnings.ts';
import {
  type MarketQuote,
  type PriceAgainstValue,
  priceAgainstValue,
  type ValueFigures,
} from './price-against-value.ts';
import { valueFiguresOf } from './value-figures.ts';

/**
 * The whole-market screen: one engine function answers both the 估值筛选 page (offline, from synced rows)
 * and GET /api/data/screener. A company's model side (value, bridge, latest-year figures, returns, flags)
 * is computed when it is valued and stored as a small synced row; the market side comes from its latest
 * quote at read time, so a new quote snapshot needs no revaluation of the market.
 */

/** What a valuation leaves for the screen: the figures price against value needs, returns and flags. */
export interface ScreenerModel extends ValueFigures {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
  /** The model the value comes from (absent from models stored before it was kept: the FCFF's). */
  readonly model?: ModelId | null;
  readonly roic: number | null;
  readonly roe: number | null;
  readonly revenue_growth: number | null;
  /** The codes of `warnings` ('negative_equity_value', 'financial_company', …): flagged ones hidden on request. */
  readonly flags: readonly string[];
  /** The valuation's warnings (absent from models stored before they were kept). */
  readonly warnings?: readonly ScreenerWarning[];
  /** The latest annual report year the value rests on (absent from models stored before it was kept). */
  readonly latest_year?: number;
  /** The interim report whose trailing twelve months the value rests on ('2022-09-30'); absent: an annual one. */
  readonly base_period?: string;
}

/** A warning as the screen carries it: the engine's code and message. */
export type ScreenerWarning = Pick<ValuationWarning, 'code' | 'message'>;

export function screenerModelOf(
  company: { readonly code: string; readonly name: string; readonly industry: string },
  valuation: CompanyValuation,
  latest: StatementYear | undefined,
): ScreenerModel {
  const warnings = valuation.warnings.map(({ code, message }: ValuationWarning) => ({ code, message }));
  const returns = valuation.returns[valuation.returns.length - 1];
  const growth = valuation.profitability[valuation.profitability.length - 1];
  return {
    code: company.code,
    name: company.name,
    industry: company.industry,
    model: valuation.model.id,
    ...valueFiguresOf(valuation, latest),
    roic: returns?.roic ?? null,
    roe: returns?.roe ?? null,
    revenue_growth: growth?.revenueGrowth ?? null,
    flags: [...new Set(warnings.map((warning) => warning.code))],
    warnings,
    latest_year: valuation.latestYear,
    ...(valuation.base.period === 'FY' ? {} : { base_period: valuation.base.date }),
  };
}

/** A company the screen lists: one with a value, or one whose warnings say why it has none (a bank). */
export function isScreened(model: ScreenerModel): boolean {
  return model.valuePerShare !== null || model.flags.some(isHiddenFlag);
}

export interface ScreenerRow extends Omit<PriceAgainstValue, 'price' | 'date'> {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
  /** The model the value comes from; null when none could value the company. */
  readonly model: ModelId | null;
  readonly price: number;
  readonly date: string;
  readonly roic: number | null;
  readonly roe: number | null;
  readonly revenue_growth: number | null;
  readonly flags: readonly string[];
  readonly warnings: readonly ScreenerWarning[];
  /** The latest annual report year the value rests on, for its data date; null for older stored models. */
  readonly latest_report_year: number | null;
  /** The interim report of a trailing-twelve-months value ('2022-09-30'), for its data date; else null. */
  readonly base_period: string | null;
}

export const SCREENER_SORTS = [
  'margin_of_safety',
  'pe',
  'pb',
  'fcff_ev_yield',
  'roic',
  'roe',
  'revenue_growth',
] as const;
export type ScreenerSort = (typeof SCREENER_SORTS)[number];

export const SCREENER_SORT_LABELS: Readonly<Record<ScreenerSort, string>> = {
  margin_of_safety: '安全边际',
  pe: '市盈率',
  pb: '市净率',
  fcff_ev_yield: 'FCFF收益率（市场EV）',
  roic: 'ROIC',
  roe: 'ROE',
  revenue_growth: '营收增长',
};

export interface ScreenerQuery {
  readonly sort: ScreenerSort;
  readonly order: 'asc' | 'desc';
  readonly industry?: string | undefined;
  /** 亿元. */
  readonly minMarketCap?: number | undefined;
  readonly maxMarketCap?: number | undefined;
  /** Leaves out companies whose value carries a `negative_*` or `financial_company` flag. */
  readonly hideFlagged?: boolean | undefined;
  readonly limit: number;
  readonly offset: number;
}

export const DEFAULT_SCREENER_QUERY: ScreenerQuery = {
  sort: 'margin_of_safety',
  order: 'desc',
  hideFlagged: true,
  limit: 50,
  offset: 0,
};

const isHiddenFlag = (flag: string) => flag.startsWith('negative_') || flag === 'financial_company';

/** Every company with a value and a price: its model joined with its latest quote on `today`. */
export function screenerRows(
  models: Iterable<ScreenerModel>,
  quotes: ReadonlyMap<string, MarketQuote>,
  today: string,
): ScreenerRow[] {
  const rows: ScreenerRow[] = [];
  for (const model of models) {
    const quote = quotes.get(model.code);
    if (!quote || !isScreened(model)) continue;
    const market = priceAgainstValue(quote, model, today);
    rows.push({
      ...market,
      code: model.code,
      name: model.name,
      industry: model.industry,
      model: model.model !== undefined ? model.model : model.valuePerShare === null ? null : 'fcff',
      roic: model.roic,
      roe: model.roe,
      revenue_growth: model.revenue_growth,
      flags: model.flags,
      warnings: model.warnings ?? [],
      latest_report_year: model.latest_year ?? null,
      base_period: model.base_period ?? null,
    });
  }
  return rows;
}

/** The rows that pass the filters, sorted (figures that are not meaningful last, either order), one page. */
export function screen(rows: readonly ScreenerRow[], query: ScreenerQuery): { total: number; rows: ScreenerRow[] } {
  const { industry, minMarketCap, maxMarketCap } = query;
  const passing = rows.filter((row) => {
    if (industry && row.industry !== industry) return false;
    if (query.hideFlagged && row.flags.some(isHiddenFlag)) return false;
    const cap = row.market_cap;
    if (minMarketCap !== undefined && (cap === null || cap < minMarketCap)) return false;
    return maxMarketCap === undefined || (cap !== null && cap <= maxMarketCap);
  });
  const direction = query.order === 'asc' ? 1 : -1;
  const sorted = passing.sort((a, b) => {
    const x = a[query.sort];
    const y = b[query.sort];
    if (x === null || y === null) return x === y ? a.code.localeCompare(b.code) : x === null ? 1 : -1;
    return (x - y) * direction || a.code.localeCompare(b.code);
  });
  return { total: sorted.length, rows: sorted.slice(query.offset, query.offset + query.limit) };
}
