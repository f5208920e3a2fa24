import { type DriverBase, driverBase, fadeDrivers, type TrailingRow } from '../forecast/auto-drivers.ts';
import { type Drivers, resolveDrivers, type YearDrivers } from '../forecast/drivers.ts';
import { type ForecastRow, projectForecast } from '../forecast/projection.ts';
import { oneOffSharesOf } from '../forecast/tax-driver.ts';
import { type ProfitabilityRow, profitabilityRows, type ReturnsRow, returnsRows } from '../history/analytics.ts';
import type { LineGap } from '../history/continuity.ts';
import { type HistoryFcfRatios, historyFcfRatios } from '../history/fcf-ratios.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import { analyseHistory, type HistoryAnalysis, type HistoryOptions } from '../history/historical-rows.ts';
import { fullStatementsBase } from '../history/newer-summaries.ts';
import { type TrailingTwelveMonths, trailingTwelveMonths } from '../history/trailing-twelve-months.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { PERIOD_MONTHS, periodReportLabel } from '../statements/periods.ts';

/** The auto forecast at one terminal growth (revenue growth fades to it). */
export interface AutoForecast {
  readonly defaults: Drivers[];
  /** The defaults as year drivers, every source 'system_default'. */
  readonly resolved: YearDrivers[];
  readonly forecast: ForecastRow[];
}

/** What depends on the statements alone, and the auto forecast by terminal growth. */
export interface StatementAnalytics {
  /**
   * The statements the model reads: the annual reports, and the trailing twelve months as the year after
   * the latest one when the interim reports give them (docs/model.md section 2.2).
   */
  readonly statements: CompanyStatements;
  /** The trailing twelve months the valuation starts from, or null: it starts from the latest annual report. */
  readonly trailing: TrailingTwelveMonths | null;
  readonly history: FinancialYearRow[];
  readonly reportedFamilies: number[];
  readonly gaps: LineGap[];
  /** Years whose D&A and capex were estimated from the balance sheet, with the rate (historical-rows.ts). */
  readonly estimatedCapex: HistoryAnalysis['estimatedCapex'];
  readonly profitability: ProfitabilityRow[];
  readonly returns: ReturnsRow[];
  /** The FCF ratios that do not depend on the valuation's EV. */
  readonly fcfRatios: HistoryFcfRatios;
  readonly base: DriverBase;
  readonly autoByGrowth: Map<number, AutoForecast>;
  /** A later year only the financial summary reports, left out of the full statements' base (newer-summaries.ts). */
  readonly newerSummaryYear: number | null;
}

/** Auto forecasts kept per statements (a page typing terminal growths would otherwise grow the map). */
const AUTO_FORECASTS_KEPT = 32;

/**
 * Keeps what is derived from one statements object (statements are immutable inputs), so that what-if
 * edits of the same company recompute only the forecast, the DCF and what follows. Opt-in: a page editing
 * one company holds one; one-off valuations (the server, batches) pass none and pay nothing for it.
 */
export interface AnalyticsCache {
  statements: CompanyStatements | null;
  industry: string | null;
  otherIncomeOperating: boolean;
  analytics: StatementAnalytics | null;
}

export function createAnalyticsCache(): AnalyticsCache {
  return { statements: null, industry: null, otherIncomeOperating: true, analytics: null };
}

/**
 * What depends on the statements alone, on the industry (a cyclical division reads a longer window of
 * history for its drivers) and on how an admin reads 其他收益 (`options`).
 */
export function statementAnalytics(
  statements: CompanyStatements,
  cache: AnalyticsCache | undefined,
  industry: string | null = null,
  options: HistoryOptions = {},
): StatementAnalytics {
  const otherIncomeOperating = options.otherIncomeOperating !== false;
  if (
    cache?.analytics &&
    cache.statements === statements &&
    cache.industry === industry &&
    cache.otherIncomeOperating === otherIncomeOperating
  ) {
    return cache.analytics;
  }
  const { statements: full, newerSummaryYear } = fullStatementsBase(statements);
  const trailing = trailingTwelveMonths(full);
  const based = trailing ? withTrailingYear(full, trailing) : full;
  const {
    rows: history,
    reportedFamilies,
    gaps,
    estimatedCapex,
  } = analyseHistory(based, trailing ?? undefined, options);
  const analytics: StatementAnalytics = {
    statements: based,
    trailing,
    history,
    reportedFamilies,
    gaps,
    estimatedCapex,
    profitability: profitabilityRows(based, history, trailing),
    returns: returnsRows(based, history, trailing),
    fcfRatios: historyFcfRatios(based, history),
    base: driverBase(history, reportedFamilies, {
      industry,
      oneOffShares: oneOffSharesOf(based, history),
      ...(trailing ? { trailing: trailingRowOf(trailing) } : {}),
    }),
    autoByGrowth: new Map(),
    newerSummaryYear,
  };
  if (cache) {
    cache.statements = statements;
    cache.industry = industry;
    cache.otherIncomeOperating = otherIncomeOperating;
    cache.analytics = analytics;
  }
  return analytics;
}

/**
 * The annual reports with the trailing twelve months as the year after the latest one: the model then reads
 * them as it reads an annual report (its own year-on-year changes compare with a year earlier, see
 * analyseHistory). The interim reports stay beside them (the quarterly view reads them).
 */
export function withTrailingYear(statements: CompanyStatements, trailing: TrailingTwelveMonths): CompanyStatements {
  return {
    code: statements.code,
    name: statements.name,
    years: { ...statements.years, [trailing.year]: trailing.figures },
    ...(statements.interims ? { interims: statements.interims } : {}),
  };
}

/** The part of the fiscal year still to come after the trailing twelve months' end (0.75 after a 一季报). */
export function trailingShortfall(trailing: TrailingTwelveMonths): number {
  return (12 - PERIOD_MONTHS[trailing.period]) / 12;
}

/** How the trailing twelve months read in the basis notes: '2023 一季报（TTM）'. */
export function trailingLabel(trailing: TrailingTwelveMonths): string {
  return `${periodReportLabel(trailing.year, trailing.period)}（TTM）`;
}

function trailingRowOf(trailing: TrailingTwelveMonths): TrailingRow {
  return { shortfall: trailingShortfall(trailing), label: trailingLabel(trailing) };
}

/** The auto forecast at terminal growth `g`, from the analytics' map when it was made before. */
export function autoForecastAt(
  analytics: StatementAnalytics,
  last: FinancialYearRow,
  firstYear: number,
  years: number,
  g: number,
): AutoForecast {
  const known = analytics.autoByGrowth.get(g);
  if (known) return known;
  const defaults = fadeDrivers(analytics.base, g, years);
  const resolved = resolveDrivers(defaults, firstYear, {});
  const auto = {
    defaults,
    resolved,
    forecast: projectForecast(last, resolved, analytics.base.openingWorkingCapital, analytics.base.openingLoss),
  };
  if (analytics.autoByGrowth.size >= AUTO_FORECASTS_KEPT) analytics.autoByGrowth.clear();
  analytics.autoByGrowth.set(g, auto);
  return auto;
}
