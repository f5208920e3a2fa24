import {
  BALANCE_ITEMS,
  CASH_FLOW_ITEMS,
  type CompanyStatements,
  INCOME_ITEMS,
  type StatementItem,
  type StatementYear,
} from '../statements/items.ts';
import { INTERIM_PERIODS, type InterimPeriod, periodEndDate } from '../statements/periods.ts';
import { latestReportedYear } from './historical-rows.ts';

/**
 * The trailing twelve months (TTM) to an interim report (docs/model.md section 2.2): income and cash flows
 * over the twelve months to the report's date, the balance sheet at that date.
 */
export interface TrailingTwelveMonths {
  /** The interim report's fiscal year: the year after the latest annual report. */
  readonly year: number;
  readonly period: InterimPeriod;
  /** Its end date, 'YYYY-MM-DD' (the valuation date of a valuation based on it). */
  readonly date: string;
  /** Flows over the twelve months to `date`, the balance sheet at `date`. */
  readonly figures: StatementYear;
  /**
   * The same a year earlier (the balance sheet at that date, and the flows where the reports allow), for
   * year-on-year changes; null when nothing of it is reported.
   */
  readonly previous: StatementYear | null;
}

/** Income and cash-flow items: year-to-date in an interim report, so summed over twelve months. */
export const FLOW_ITEMS: readonly StatementItem[] = [...INCOME_ITEMS, ...CASH_FLOW_ITEMS];

function finite(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value);
}

function revenueOf(year: StatementYear | undefined): number | null {
  const revenue = year?.operating_revenue ?? year?.total_operating_revenue;
  return finite(revenue) ? revenue : null;
}

/**
 * Flows over the twelve months to an interim date: year-to-date + the last annual report − the same
 * year-to-date a year earlier. A line that one of the three leaves out counts as 0 there: a line reported
 * only in annual reports (the cash-flow supplement's depreciation, in most 一季报 and 三季报) thus takes the
 * annual figure, the best the reports give. A line none of them reports stays absent.
 */
export function trailingFlows(
  yearToDate: StatementYear,
  annual: StatementYear,
  yearEarlier: StatementYear,
): StatementYear {
  const figures: StatementYear = {};
  for (const item of FLOW_ITEMS) {
    const now = yearToDate[item];
    const full = annual[item];
    const before = yearEarlier[item];
    if (!finite(now) && !finite(full) && !finite(before)) continue;
    figures[item] = (finite(now) ? now : 0) + (finite(full) ? full : 0) - (finite(before) ? before : 0);
  }
  return figures;
}

function balanceOf(year: StatementYear | undefined): StatementYear {
  const figures: StatementYear = {};
  if (!year) return figures;
  for (const item of BALANCE_ITEMS) {
    const value = year[item];
    if (finite(value)) figures[item] = value;
  }
  return figures;
}

/** The TTM flows to (year, period), or null when a report it needs is missing or has no revenue. */
function flowsTo(statements: CompanyStatements, year: number, period: InterimPeriod): StatementYear | null {
  const interims = statements.interims ?? {};
  const yearToDate = interims[periodEndDate(year, period)];
  const annual = statements.years[year - 1];
  const yearEarlier = interims[periodEndDate(year - 1, period)];
  if (!yearToDate || !annual || !yearEarlier) return null;
  const revenues = [revenueOf(yearToDate), revenueOf(annual), revenueOf(yearEarlier)];
  if (revenues.some((revenue) => revenue === null || !(revenue > 0))) return null;
  return trailingFlows(yearToDate, annual, yearEarlier);
}

/**
 * The TTM a valuation starts from: to the latest interim report of the year after the latest annual report
 * whose twelve months the reports cover (that year-to-date, the annual report and the year-to-date a year
 * earlier, each with a revenue). Null when there is none: then the latest annual report is the base, as for
 * a company that reports annually only.
 */
export function trailingTwelveMonths(statements: CompanyStatements): TrailingTwelveMonths | null {
  const interims = statements.interims;
  if (!interims) return null;
  const latestAnnual = latestReportedYear(statements);
  if (latestAnnual === null) return null;
  const year = latestAnnual + 1;
  for (let index = INTERIM_PERIODS.length - 1; index >= 0; index--) {
    const period = INTERIM_PERIODS[index] as InterimPeriod;
    const flows = flowsTo(statements, year, period);
    if (!flows) continue;
    const date = periodEndDate(year, period);
    const previousBalance = balanceOf(interims[periodEndDate(year - 1, period)]);
    const previous = { ...previousBalance, ...(flowsTo(statements, year - 1, period) ?? {}) };
    return {
      year,
      period,
      date,
      figures: { ...balanceOf(interims[date]), ...flows },
      previous: Object.keys(previous).length > 0 ? previous : null,
    };
  }
  return null;
}

/**
 * The latest interim report newer than the latest annual report, by its date; null when there is none. When
 * it is not the TTM's (a report it needs is missing), the valuation says so (company-valuation.ts).
 */
export function latestInterimDate(statements: CompanyStatements): string | null {
  const latestAnnual = latestReportedYear(statements);
  let latest: string | null = null;
  for (const [date, figures] of Object.entries(statements.interims ?? {})) {
    const revenue = revenueOf(figures);
    if (revenue === null || !(revenue > 0)) continue;
    if (latestAnnual !== null && Number(date.slice(0, 4)) <= latestAnnual) continue;
    if (latest === null || date > latest) latest = date;
  }
  return latest;
}
