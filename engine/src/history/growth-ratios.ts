import type { CompanyStatements } from '../statements/items.ts';
import type { FinancialYearRow } from './financial-row.ts';
import { knownRatio, MISSING_RATIO, notMeaningful, type RatioValue, reportedItem } from './ratio-value.ts';

/** The four figures whose growth the report shows. */
export const GROWTH_FIGURES = ['revenue', 'net_profit_parent', 'fcf', 'book_value'] as const;
export type GrowthFigure = (typeof GROWTH_FIGURES)[number];

export const GROWTH_FIGURE_LABELS: Readonly<Record<GrowthFigure, string>> = {
  revenue: '营业收入',
  net_profit_parent: '归母净利润',
  fcf: '自由现金流',
  book_value: '归母净资产',
};

/** The spans of the compound growth rates, in years. */
export const CAGR_SPANS = [3, 5, 10] as const;
export type CagrSpan = (typeof CAGR_SPANS)[number];

export const GROWTH_REASONS = {
  notEnoughYears: (span: number) => `不足${span + 1}个年度的数据，无法计算${span}年复合增长率`,
  signChange: '期初或期末值为负或为零，复合增长率无意义',
  profitNotPositive: '净利润为负或为零，盈利质量无意义',
} as const;

const item = reportedItem;

/** One year's figures of the growth section (亿元). */
export interface GrowthYear {
  readonly year: number;
  readonly revenue: number | null;
  readonly net_profit_parent: number | null;
  readonly fcf: number | null;
  readonly book_value: number | null;
  readonly operating_cash_flow: number | null;
  /** Operating cash flow / net profit (净利润, minority included, as the cash flow is). */
  readonly earnings_quality: RatioValue;
}

/** Operating cash flow over net profit; not meaningful when the profit is not positive. */
export function earningsQuality(operatingCashFlow: number | null, netProfit: number | null): RatioValue {
  if (operatingCashFlow === null || netProfit === null) return MISSING_RATIO;
  if (netProfit <= 0) return notMeaningful(GROWTH_REASONS.profitNotPositive);
  return knownRatio(operatingCashFlow / netProfit);
}

export function growthYears(statements: CompanyStatements, history: readonly FinancialYearRow[]): GrowthYear[] {
  return history.map((row) => {
    const source = statements.years[row.year];
    const netProfit = item(source, 'net_profit') ?? item(source, 'net_profit_parent');
    const operatingCashFlow = item(source, 'operating_cash_flow');
    return {
      year: row.year,
      revenue: row.operating_revenue,
      net_profit_parent: item(source, 'net_profit_parent') ?? item(source, 'net_profit'),
      fcf: row.FCFF,
      book_value: item(source, 'parent_equity'),
      operating_cash_flow: operatingCashFlow,
      earnings_quality: earningsQuality(operatingCashFlow, netProfit),
    };
  });
}

/**
 * Compound annual growth over `span` years, ending at the latest year: (end / start)^(1/span) − 1. Not
 * meaningful unless both ends are positive; missing when the start year is not reported.
 */
export function compoundGrowth(years: readonly GrowthYear[], figure: GrowthFigure, span: number): RatioValue {
  const last = years[years.length - 1];
  if (!last) return MISSING_RATIO;
  const first = years.find((year) => year.year === last.year - span);
  if (!first) return notMeaningful(GROWTH_REASONS.notEnoughYears(span));
  const start = first[figure];
  const end = last[figure];
  if (start === null || end === null) return MISSING_RATIO;
  if (start <= 0 || end <= 0) return notMeaningful(GROWTH_REASONS.signChange);
  return knownRatio((end / start) ** (1 / span) - 1);
}

/** Of the year-on-year changes within the latest `span` years, the share that rose; null without any. */
export function shareOfGrowthYears(
  years: readonly GrowthYear[],
  figure: GrowthFigure,
  span: number,
): { readonly share: number | null; readonly rose: number; readonly compared: number } {
  const recent = years.slice(-(span + 1));
  let rose = 0;
  let compared = 0;
  for (let index = 1; index < recent.length; index++) {
    const previous = recent[index - 1]?.[figure] ?? null;
    const current = recent[index]?.[figure] ?? null;
    if (previous === null || current === null || recent[index]?.year !== (recent[index - 1]?.year ?? 0) + 1) continue;
    compared++;
    if (current > previous) rose++;
  }
  return { share: compared > 0 ? rose / compared : null, rose, compared };
}
