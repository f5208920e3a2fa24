/**
 * One company's track record: for each base year t, the statements up to t valued as the platform values
 * them (`valueCompany`: the automatic drivers, the projection, default g 2%), its forecast of t+1 and t+3
 * set against what was reported, beside the baselines (docs/backtest.md, "Method").
 */
import {
  AUTO_DRIVER_WINDOW,
  type CompanyStatements,
  type CompanyValuation,
  type FinancialYearRow,
  historicalRows,
  isValuationError,
  REVENUE_GROWTH_CAP,
  REVENUE_ITEMS,
  type StatementYear,
  valueCompany,
  WACC_ASSUMPTIONS,
  type WaccAssumptions,
} from '@fcf/engine';
import {
  absolutePercentageError,
  countedPair,
  DRIFT_SPAN,
  driftForecast,
  HORIZONS,
  type Horizon,
  randomWalkForecast,
  type YearSeries,
} from './metrics.ts';

/** The base years of the track record. */
export const BASE_YEARS: readonly number[] = [2012, 2013, 2014, 2015, 2016, 2017, 2018];

/**
 * What is measured: revenue (主营业务收入), operating profit (营业利润, the model's EBIT plus the base year's
 * non-operating part held constant) and, as a diagnostic, the summary basis's EBIT itself.
 */
export type Metric = 'revenue' | 'operating_profit' | 'ebit';

export interface BacktestCompany {
  readonly code: string;
  readonly name: string;
  /** The 国标 section's name ('制造业'), or null when the market lists do not file the company. */
  readonly industry: string | null;
  /** Its division code ('C31', what the server passes the engine: a cyclical division reads a longer window). */
  readonly industryCode?: string | null;
  readonly statements: CompanyStatements;
}

/** A year-end quote: close in 元, the share count in 亿股 (null when the quote has none). */
export interface YearEndQuote {
  readonly date: string;
  readonly close: number;
  readonly shares: number | null;
}

/** One counted company-year at one horizon for one metric, with the three forecasts and their errors. */
export interface Observation {
  readonly code: string;
  readonly industry: string | null;
  readonly baseYear: number;
  readonly horizon: Horizon;
  readonly metric: Metric;
  readonly base: number;
  readonly actual: number;
  readonly model: number;
  readonly randomWalk: number;
  /** Revenue only. */
  readonly drift: number | null;
  readonly errors: { readonly model: number; readonly randomWalk: number; readonly drift: number | null };
  /** The start of the model's revenue growth (the engine's auto driver), for reading the worst errors. */
  readonly startGrowth: number;
  /** What in the history the drivers met (see TRAITS). */
  readonly traits: readonly Trait[];
  /**
   * Operating profit only, a diagnostic and not the engine's forecast: its revenue × the base year's EBIT
   * margin (instead of the 3-year mean) + the base year's non-operating part; its error.
   */
  readonly latestMarginError: number | null;
}

/**
 * Situations of the history that the automatic drivers handle in a way the errors can be read by: a
 * financial company (section J or its balances), a loss at EBIT in the base year, a year in the latest 3
 * whose |EBIT| exceeds its revenue (a shell year or a reverse merger), revenue growth starting at the cap
 * (25%), a history whose latest year-on-year growths have a negative median (a decline the drivers do not
 * carry forward), a cyclical division (docs/model.md: the longer window, growth at g), and fewer than 4
 * reported years (growth and margins over fewer than 3 years).
 */
export const TRAITS = [
  'financial',
  'loss_base',
  'extreme_margin',
  'growth_at_cap',
  'declining',
  'cyclical',
  'short_history',
] as const;
export type Trait = (typeof TRAITS)[number];

/** The engine's value per share at a base year against the year-end close. */
export interface ValueToClose {
  readonly code: string;
  readonly industry: string | null;
  readonly baseYear: number;
  readonly valuePerShare: number;
  readonly close: number;
  readonly ratio: number;
}

export interface CompanyBacktest {
  readonly observations: Observation[];
  readonly valuesToClose: ValueToClose[];
  /** Base years with a quote where the engine gave no value per share (a financial company, WACC ≤ g, …). */
  readonly unvalued: number;
}

export interface BacktestOptions {
  readonly baseYears?: readonly number[];
  /** The company's year-end quotes by fiscal year. */
  readonly quotes?: ReadonlyMap<number, YearEndQuote>;
  /** β by industry section name (the seeded industry_betas); absent: the default β. */
  readonly betas?: ReadonlyMap<string, number>;
}

/** The statements as they stood after the annual report of `year`: every later year left out. */
export function statementsUpTo(statements: CompanyStatements, year: number): CompanyStatements {
  const years: Record<number, StatementYear> = {};
  for (const [key, figures] of Object.entries(statements.years)) {
    if (Number(key) <= year) years[Number(key)] = figures;
  }
  return { code: statements.code, name: statements.name, years };
}

function seriesOf(statements: CompanyStatements, pick: (year: StatementYear) => number | undefined): YearSeries {
  const series = new Map<number, number>();
  for (const [key, figures] of Object.entries(statements.years)) {
    const value = pick(figures);
    if (value !== undefined && Number.isFinite(value)) series.set(Number(key), value);
  }
  return series;
}

const [PRIMARY_REVENUE, FALLBACK_REVENUE] = REVENUE_ITEMS;

/** The reported series the track record reads: revenue as the engine reads it, operating profit, EBIT. */
export function reportedSeries(statements: CompanyStatements): Readonly<Record<Metric, YearSeries>> {
  const ebit = new Map<number, number>();
  for (const row of historicalRows(statements)) if (row.ebit !== null) ebit.set(row.year, row.ebit);
  return {
    revenue: seriesOf(statements, (year) => year[PRIMARY_REVENUE] ?? year[FALLBACK_REVENUE]),
    operating_profit: seriesOf(statements, (year) => year.operating_profit),
    ebit,
  };
}

/** The CAPM inputs the server would use: its defaults with the industry's seeded β. */
export function waccAssumptionsFor(industry: string | null, betas: ReadonlyMap<string, number>): WaccAssumptions {
  const beta = industry === null ? undefined : betas.get(industry);
  return beta === undefined ? WACC_ASSUMPTIONS : { ...WACC_ASSUMPTIONS, beta, betaIndustry: industry };
}

function valueAt(
  company: BacktestCompany,
  baseYear: number,
  options: BacktestOptions,
  quote: YearEndQuote | undefined,
) {
  try {
    return valueCompany({
      statements: statementsUpTo(company.statements, baseYear),
      sensitivity: false,
      industry: company.industryCode ?? company.industry,
      waccAssumptions: waccAssumptionsFor(company.industry, options.betas ?? new Map()),
      listedShares: quote?.shares ? { count: quote.shares, date: quote.date } : null,
      asOf: quote?.date ?? null,
    });
  } catch (error) {
    if (isValuationError(error)) return null;
    throw error;
  }
}

/**
 * What the model says of a metric at a forecast row; null when the row does not carry it. Operating profit =
 * the forecast EBIT + (operating profit − EBIT) of the base year: the part of operating profit the summary
 * basis takes out of EBIT (investment and fair-value income, less financial expenses; docs/model.md §2) is
 * not forecast by the engine, so it is held at its base-year amount (a random walk).
 */
function modelForecast(metric: Metric, row: FinancialYearRow, last: FinancialYearRow, base: number): number | null {
  if (metric === 'revenue') return row.operating_revenue;
  if (row.ebit === null || last.ebit === null) return null;
  if (metric === 'ebit') return row.ebit;
  return row.ebit + (base - last.ebit);
}

/** The diagnostic of Observation.latestMarginError (not the engine's forecast). */
function latestMarginError(
  row: FinancialYearRow,
  last: FinancialYearRow,
  pair: { readonly base: number; readonly actual: number },
): number | null {
  const { ebit, operating_revenue: revenue } = last;
  if (ebit === null || revenue === null || row.operating_revenue === null) return null;
  return absolutePercentageError(row.operating_revenue * (ebit / revenue) + (pair.base - ebit), pair.actual);
}

const METRICS: readonly Metric[] = ['revenue', 'operating_profit', 'ebit'];

/** An EBIT larger than the revenue, in either direction: a year that says nothing about a margin. */
const EXTREME_MARGIN = 1;

function traitsOf(valuation: CompanyValuation, startGrowth: number): Trait[] {
  const { history } = valuation;
  const last = history[history.length - 1];
  const traits: Trait[] = [];
  if (valuation.classification.kind === 'financial') traits.push('financial');
  if (last?.ebit !== null && last?.ebit !== undefined && last.ebit < 0) traits.push('loss_base');
  const extreme = history.slice(-AUTO_DRIVER_WINDOW).some((row) => {
    const revenue = row.operating_revenue;
    return row.ebit !== null && revenue !== null && Math.abs(row.ebit) > EXTREME_MARGIN * revenue;
  });
  if (extreme) traits.push('extreme_margin');
  if (startGrowth >= REVENUE_GROWTH_CAP) traits.push('growth_at_cap');
  const growths = history
    .slice(-AUTO_DRIVER_WINDOW)
    .map((row) => row.operating_revenue_yoy)
    .filter((growth): growth is number => growth !== null)
    .sort((a, b) => a - b);
  if (
    growths.length > 0 &&
    (growths[(growths.length - 1) >> 1] as number) + (growths[growths.length >> 1] as number) < 0
  ) {
    traits.push('declining');
  }
  if (valuation.cyclicalIndustry !== null) traits.push('cyclical');
  if (history.length <= AUTO_DRIVER_WINDOW) traits.push('short_history');
  return traits;
}

function observationsAt(
  company: BacktestCompany,
  valuation: CompanyValuation,
  series: Readonly<Record<Metric, YearSeries>>,
  baseYear: number,
): Observation[] {
  const last = valuation.history[valuation.history.length - 1];
  if (!last) return [];
  const startGrowth = valuation.autoForecast[0]?.operating_revenue_yoy ?? 0;
  const traits = traitsOf(valuation, startGrowth);
  const observations: Observation[] = [];
  for (const horizon of HORIZONS) {
    const row = valuation.autoForecast[horizon - 1];
    if (!row) continue;
    for (const metric of METRICS) {
      const pair = countedPair(series[metric], baseYear, horizon);
      if (!pair) continue;
      const model = modelForecast(metric, row, last, pair.base);
      if (model === null) continue;
      const randomWalk = randomWalkForecast(pair.base);
      const drift =
        metric === 'revenue' ? driftForecast(pair.base, series.revenue.get(baseYear - DRIFT_SPAN), horizon) : null;
      const modelError = absolutePercentageError(model, pair.actual);
      const randomWalkError = absolutePercentageError(randomWalk, pair.actual);
      if (modelError === null || randomWalkError === null) continue;
      observations.push({
        code: company.code,
        industry: company.industry,
        baseYear,
        horizon,
        metric,
        base: pair.base,
        actual: pair.actual,
        model,
        randomWalk,
        drift,
        errors: {
          model: modelError,
          randomWalk: randomWalkError,
          drift: drift === null ? null : absolutePercentageError(drift, pair.actual),
        },
        startGrowth,
        traits,
        latestMarginError: metric === 'operating_profit' ? latestMarginError(row, last, pair) : null,
      });
    }
  }
  return observations;
}

/**
 * The company's observations over the base years, and its value ÷ close where a year-end quote exists. A
 * base year counts only when the engine's latest reported year is that year (a positive revenue at t).
 */
export function backtestCompany(company: BacktestCompany, options: BacktestOptions = {}): CompanyBacktest {
  const series = reportedSeries(company.statements);
  const observations: Observation[] = [];
  const valuesToClose: ValueToClose[] = [];
  let unvalued = 0;
  for (const baseYear of options.baseYears ?? BASE_YEARS) {
    if (!series.revenue.has(baseYear)) continue;
    const quote = options.quotes?.get(baseYear);
    const valuation = valueAt(company, baseYear, options, quote);
    if (!valuation || valuation.latestYear !== baseYear) continue;
    observations.push(...observationsAt(company, valuation, series, baseYear));
    if (!quote) continue;
    const valuePerShare = valuation.dcf?.valuation.value_per_share;
    if (
      valuePerShare === undefined ||
      valuePerShare === null ||
      !Number.isFinite(valuePerShare) ||
      !(quote.close > 0)
    ) {
      unvalued++;
      continue;
    }
    valuesToClose.push({
      code: company.code,
      industry: company.industry,
      baseYear,
      valuePerShare,
      close: quote.close,
      ratio: valuePerShare / quote.close,
    });
  }
  return { observations, valuesToClose, unvalued };
}
