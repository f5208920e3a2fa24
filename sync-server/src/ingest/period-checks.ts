import {
  ITEM_LABELS,
  periodEndDate,
  REPORT_PERIODS,
  type ReportPeriod,
  type ReportType,
  type StatementItem,
  type StatementYear,
} from '@fcf/engine';
import { yearToDateDropMessage } from './errors.ts';
import type { ReportFigures } from './sheet-report.ts';

/**
 * Year-to-date lines that cannot fall within a year: revenue and the cost of sales are never negative in a
 * quarter, so each report of a year is at least the one before it (docs/model.md section 1).
 */
const CUMULATIVE_ITEMS: readonly StatementItem[] = ['total_operating_revenue', 'operating_revenue', 'operating_cost'];

/** The report types whose figures are year-to-date. */
const YEAR_TO_DATE_TYPES: ReadonlySet<ReportType> = new Set(['income_statement', 'cash_flow']);

function reportOf(figures: ReportFigures, year: number, period: ReportPeriod): StatementYear | undefined {
  return period === 'FY' ? figures.years[year] : figures.interims[periodEndDate(year, period)];
}

/** The fiscal years a report's figures cover, annual or interim. */
export function yearsOf(figures: ReportFigures): number[] {
  const years = new Set(Object.keys(figures.years).map(Number));
  for (const date of Object.keys(figures.interims)) years.add(Number(date.slice(0, 4)));
  return [...years].sort((a, b) => a - b);
}

/**
 * Each report of a year whose cumulative revenue (or cost of sales) is smaller than an earlier report's of
 * the same year: named for the uploader, the figures imported as they are (a restated report can do it).
 */
export function yearToDateContradictions(reportType: ReportType, figures: ReportFigures): string[] {
  if (!YEAR_TO_DATE_TYPES.has(reportType)) return [];
  const messages: string[] = [];
  for (const year of yearsOf(figures)) {
    for (const item of CUMULATIVE_ITEMS) {
      let earlier: { period: ReportPeriod; value: number } | undefined;
      for (const period of REPORT_PERIODS) {
        const value = reportOf(figures, year, period)?.[item];
        if (value === undefined) continue;
        if (earlier && value < earlier.value) {
          messages.push(yearToDateDropMessage(ITEM_LABELS[item], { year, period, value }, earlier));
        }
        earlier = { period, value };
      }
    }
  }
  return messages;
}
