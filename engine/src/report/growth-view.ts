import {
  CAGR_SPANS,
  compoundGrowth,
  GROWTH_FIGURE_LABELS,
  GROWTH_FIGURES,
  type GrowthFigure,
  type GrowthYear,
  growthYears,
  shareOfGrowthYears,
} from '../history/growth-ratios.ts';
import type { RatioValue } from '../history/ratio-value.ts';
import type { CompanyStatements } from '../statements/items.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import { annualHistory } from './report-views.ts';

/** The years the growth and risk sections read (CAGR over 10 years needs 11). */
export const LONG_HISTORY_YEARS = 11;

export interface GrowthFigureSummary {
  readonly figure: GrowthFigure;
  readonly label: string;
  /** One per CAGR_SPANS entry, in its order. */
  readonly cagr: readonly ({ readonly span: number } & RatioValue)[];
  /** Of the year-on-year changes of the latest 10 years, the share that rose. */
  readonly growth_share: number | null;
  readonly rose: number;
  readonly compared: number;
}

/** 成长能力: compound growth of revenue, 归母净利润, FCF and book value; years with growth; earnings quality. */
export interface GrowthView {
  readonly latest_year: number;
  readonly figures: readonly GrowthFigureSummary[];
  readonly years: readonly GrowthYear[];
}

/** Growth compares whole fiscal years: the trailing twelve months are left out (docs/model.md 2.2). */
export function growthView(valuation: CompanyValuation, statements: CompanyStatements): GrowthView {
  const history = annualHistory(valuation);
  const all = growthYears(statements, history);
  const years = all.slice(-LONG_HISTORY_YEARS);
  return {
    latest_year: history[history.length - 1]?.year ?? valuation.latestYear,
    figures: GROWTH_FIGURES.map((figure) => {
      const share = shareOfGrowthYears(years, figure, 10);
      return {
        figure,
        label: GROWTH_FIGURE_LABELS[figure],
        cagr: CAGR_SPANS.map((span) => ({ span, ...compoundGrowth(years, figure, span) })),
        growth_share: share.share,
        rose: share.rose,
        compared: share.compared,
      };
    }),
    years,
  };
}
