import { isValuationError, ValuationError } from '../errors.ts';
import {
  AUTO_DRIVER_WINDOW,
  autoDrivers,
  type Drivers,
  FORECAST_YEARS,
  resolveDrivers,
  type YearOverrides,
} from '../forecast/drivers.ts';
import { type ForecastRow, projectForecast } from '../forecast/projection.ts';
import {
  completenessRate,
  type ProfitabilityRow,
  profitabilityRows,
  type ReturnsRow,
  returnsRows,
} from '../history/analytics.ts';
import { type FcfRatioSeries, fcfRatioSeries } from '../history/fcf-ratios.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import { historicalRows } from '../history/historical-rows.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { type DcfResult, discountCashFlows, type EquityBridge } from './dcf.ts';
import {
  DEFAULT_TERMINAL_GROWTH_RATE,
  type EffectiveParameters,
  effectiveParameters,
  equityBridge,
  NO_MANUAL_PARAMETERS,
  type ValuationParameters,
  type WaccAssumptions,
} from './parameters.ts';
import { type SensitivityGrid, type SensitivityOptions, sensitivityGrid } from './sensitivity.ts';

export interface CompanyValuationInput {
  readonly statements: CompanyStatements;
  readonly parameters?: Partial<ValuationParameters>;
  readonly overrides?: YearOverrides;
  /** Inputs of the calculated WACC (defaults: WACC_ASSUMPTIONS). */
  readonly waccAssumptions?: WaccAssumptions;
  /** Reuse of the statements' analytics across edits of one company (see createAnalyticsCache). */
  readonly cache?: AnalyticsCache;
  /** Options of the WACC × g grid; false skips it. */
  readonly sensitivity?: SensitivityOptions | false;
}

export interface CompanyValuation {
  readonly code: string;
  readonly name: string;
  /** Latest fiscal year with an annual report. */
  readonly latestYear: number;
  /** The forecast years: the 5 after the latest report. */
  readonly forecastYears: readonly number[];
  readonly history: readonly FinancialYearRow[];
  readonly profitability: readonly ProfitabilityRow[];
  readonly returns: readonly ReturnsRow[];
  /** The forecast with the overrides applied. */
  readonly forecast: readonly ForecastRow[];
  /** The forecast from the system's default drivers alone. */
  readonly autoForecast: readonly ForecastRow[];
  readonly parameters: EffectiveParameters;
  readonly bridge: EquityBridge;
  /** The DCF, or null when the inputs admit no valid value (then `error` says why). */
  readonly dcf: DcfResult | null;
  readonly error: ValuationError | null;
  readonly sensitivity: SensitivityGrid | null;
  readonly fcfRatios: FcfRatioSeries;
  readonly completeness: number;
  /** What the data could not support and the model assumed instead, in Chinese, for the report to show. */
  readonly limitations: readonly string[];
}

export const LIMITATION_MESSAGES = {
  summaryOnly: '仅有财务摘要：EBIT 按营业利润扣除投资收益估算，折旧摊销、资本开支与营运资本变动按 0 估计',
  noCashFlow: '缺少现金流量表：折旧摊销与资本开支无历史数据，预测中按 0（相互抵消）估计',
} as const;

function limitationsOf(history: readonly FinancialYearRow[]): string[] {
  const recent = history.slice(-AUTO_DRIVER_WINDOW);
  if (recent.every((row) => row.basis === 'summary')) return [LIMITATION_MESSAGES.summaryOnly];
  if (recent.every((row) => row.depreciation_and_amortization === null)) return [LIMITATION_MESSAGES.noCashFlow];
  return [];
}

function hasOverrides(overrides: YearOverrides): boolean {
  for (const year in overrides) {
    const set = overrides[Number(year)];
    if (set && Object.keys(set).length > 0) return true;
  }
  return false;
}

/**
 * The whole model for one company, from statements to value per share: history analytics, auto drivers,
 * overrides with inheritance, projection, DCF, sensitivity and FCF ratios. Throws NO_HISTORY when the
 * company has no annual report with revenue; invalid valuation inputs (WACC ≤ g, …) leave `dcf` null and
 * set `error`, while the history stays available.
 */
/** What depends on the statements alone, and the auto forecast by terminal growth (it fades to g). */
interface StatementAnalytics {
  readonly history: FinancialYearRow[];
  readonly profitability: ProfitabilityRow[];
  readonly returns: ReturnsRow[];
  readonly autoByGrowth: Map<number, { defaults: Drivers[]; autoForecast: ForecastRow[] }>;
}

/**
 * Keeps what is derived from one statements object (statements are immutable inputs), so that what-if
 * edits of the same company recompute only the forecast, the DCF and what follows. Opt-in: a page editing
 * one company holds one; one-off valuations (the server, batches) pass none and pay nothing for it.
 */
export interface AnalyticsCache {
  statements: CompanyStatements | null;
  analytics: StatementAnalytics | null;
}

export function createAnalyticsCache(): AnalyticsCache {
  return { statements: null, analytics: null };
}

function statementAnalytics(statements: CompanyStatements, cache: AnalyticsCache | undefined): StatementAnalytics {
  if (cache?.analytics && cache.statements === statements) return cache.analytics;
  const history = historicalRows(statements);
  const analytics: StatementAnalytics = {
    history,
    profitability: profitabilityRows(statements, history),
    returns: returnsRows(statements, history),
    autoByGrowth: new Map(),
  };
  if (cache) {
    cache.statements = statements;
    cache.analytics = analytics;
  }
  return analytics;
}

export function valueCompany(input: CompanyValuationInput): CompanyValuation {
  const { statements } = input;
  const analytics = statementAnalytics(statements, input.cache);
  const { history } = analytics;
  const last = history[history.length - 1];
  if (!last) throw new ValuationError('NO_HISTORY', 'statements');
  const latestYear = last.year;
  const firstYear = latestYear + 1;
  const manual: ValuationParameters = { ...NO_MANUAL_PARAMETERS, ...input.parameters };
  const parameters = effectiveParameters(statements, latestYear, manual, input.waccAssumptions);
  const bridge = equityBridge(statements.years[latestYear] ?? {});

  const growthForFade = Number.isFinite(parameters.terminal_growth_rate)
    ? parameters.terminal_growth_rate
    : DEFAULT_TERMINAL_GROWTH_RATE;
  let auto = analytics.autoByGrowth.get(growthForFade);
  if (!auto) {
    const defaults = autoDrivers(history, growthForFade, FORECAST_YEARS);
    auto = { defaults, autoForecast: projectForecast(last, resolveDrivers(defaults, firstYear, {})) };
    analytics.autoByGrowth.set(growthForFade, auto);
  }
  const { defaults, autoForecast } = auto;
  const overrides = input.overrides ?? {};
  const forecast = hasOverrides(overrides)
    ? projectForecast(last, resolveDrivers(defaults, firstYear, overrides))
    : autoForecast;

  let dcf: DcfResult | null = null;
  let error: ValuationError | null = null;
  let sensitivity: SensitivityGrid | null = null;
  const fcf = forecast.map((row) => row.FCFF ?? 0);
  try {
    dcf = discountCashFlows({
      fcf,
      firstYear,
      wacc: parameters.wacc,
      terminalGrowth: parameters.terminal_growth_rate,
      bridge,
      totalShares: parameters.total_shares,
    });
    if (input.sensitivity !== false) {
      sensitivity = sensitivityGrid(fcf, dcf.wacc, dcf.g, bridge, parameters.total_shares, input.sensitivity);
    }
  } catch (caught) {
    if (!isValuationError(caught)) throw caught;
    error = caught;
  }

  return {
    code: statements.code,
    name: statements.name,
    latestYear,
    forecastYears: forecast.map((row) => row.year),
    history,
    profitability: analytics.profitability,
    returns: analytics.returns,
    forecast,
    autoForecast,
    parameters,
    bridge,
    dcf,
    error,
    sensitivity,
    fcfRatios: fcfRatioSeries(statements, history, dcf?.valuation.enterprise_value ?? null),
    completeness: completenessRate(history.length, forecast.length, autoForecast.length > 0),
    limitations: limitationsOf(history),
  };
}
