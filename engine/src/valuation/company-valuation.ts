import { isValuationError, ValuationError } from '../errors.ts';
import { AUTO_DRIVER_WINDOW, type DriverBase, type DriverBasis } from '../forecast/auto-drivers.ts';
import { type DriverKey, FORECAST_YEARS, resolveDrivers, type YearOverrides } from '../forecast/drivers.ts';
import { type ForecastRow, openingWorkingCapitalOf, projectForecast } from '../forecast/projection.ts';
import { completenessRate, type ProfitabilityRow, type ReturnsRow } from '../history/analytics.ts';
import type { LineGap } from '../history/continuity.ts';
import { type FcfRatioSeries, fcfRatioSeries } from '../history/fcf-ratios.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import { latestInterimDate } from '../history/trailing-twelve-months.ts';
import type { CompanyStatements } from '../statements/items.ts';
import { periodOfDate, periodReportLabel, type ReportPeriod } from '../statements/periods.ts';
import { type AdminChoices, NO_ADMIN_CHOICES } from './admin-choices.ts';
import {
  type AnalyticsCache,
  autoForecastAt,
  type StatementAnalytics,
  statementAnalytics,
  trailingShortfall,
} from './analytics-cache.ts';
import { type BridgeLine, companyBridgeOf, type EquityBridge } from './bridge.ts';
import { type CompanyClassification, classifyCompany } from './company-kind.ts';
import { type DcfResult, type DiscountTiming, discountCashFlows } from './dcf.ts';
import type { ChosenModel } from './models/model-types.ts';
import { driverValueText, PARAMETER_RULES } from './parameter-rules.ts';
import {
  DEFAULT_TERMINAL_GROWTH_RATE,
  type EffectiveParameters,
  effectiveParameters,
  NO_MANUAL_PARAMETERS,
  type ValuationSettings,
} from './parameters.ts';
import type { PlatformSettings } from './platform-settings.ts';
import { type SensitivityGrid, type SensitivityOptions, sensitivityGrid } from './sensitivity.ts';
import type { ListedShares } from './shares.ts';
import type { WaccAssumptions } from './wacc.ts';
import { type ValuationWarning, valuationWarnings } from './warnings.ts';
import { wholeModelValueAt } from './whole-model-grid.ts';

export { type AnalyticsCache, createAnalyticsCache } from './analytics-cache.ts';

export interface CompanyValuationInput {
  readonly statements: CompanyStatements;
  readonly parameters?: Partial<ValuationSettings>;
  readonly overrides?: YearOverrides;
  /** Inputs of the calculated WACC (defaults: WACC_ASSUMPTIONS). */
  readonly waccAssumptions?: WaccAssumptions;
  /**
   * The company's industry: a code with its division ('K70', 'J66'), a section letter or a section's name
   * ('金融业'). Section J is valued as a financial company (no FCFF value), division 70 warns.
   */
  readonly industry?: string | null;
  /** A listed share count (a quote snapshot's 总股本), preferred to the statements' after a manual one. */
  readonly listedShares?: ListedShares | null;
  /** The date the valuation is for, 'YYYY-MM-DD' (the engine reads no clock): warns a stale latest report. */
  readonly asOf?: string | null;
  /** What an admin set for the whole platform (its default terminal value method); absent: the seed's. */
  readonly platform?: PlatformSettings | null;
  /** How an admin reads the company's own lines (docs/model.md §2; defaults: NO_ADMIN_CHOICES). */
  readonly choices?: AdminChoices | null;
  /** Reuse of the statements' analytics across edits of one company (see createAnalyticsCache). */
  readonly cache?: AnalyticsCache;
  /** Options of the WACC × g grid; false skips it. */
  readonly sensitivity?: SensitivityOptions | false;
}

/** The report a valuation starts from (docs/model.md section 2.2). */
export interface ValuationBase {
  /** The base's fiscal year: the latest annual report's, or the interim report's for the trailing twelve months. */
  readonly year: number;
  /** 'FY': the annual report; else the interim report whose trailing twelve months are the base. */
  readonly period: ReportPeriod;
  /** The base's end, 'YYYY-MM-DD': the valuation date, from which the forecast is discounted. */
  readonly date: string;
  /** '2019 年报', '2022 三季报'. */
  readonly label: string;
}

export interface CompanyValuation {
  readonly code: string;
  readonly name: string;
  /**
   * The year the valuation starts from: the latest fiscal year with an annual report, or, when it is based on
   * an interim report's trailing twelve months, that report's year (the history's last row is then those
   * twelve months).
   */
  readonly latestYear: number;
  readonly base: ValuationBase;
  /** The statements the model read: the annual reports, and the trailing twelve months as `latestYear`. */
  readonly statements: CompanyStatements;
  /** The forecast years: the 5 after the latest report. */
  readonly forecastYears: readonly number[];
  readonly history: readonly FinancialYearRow[];
  readonly profitability: readonly ProfitabilityRow[];
  readonly returns: readonly ReturnsRow[];
  /** The forecast with the overrides applied. */
  readonly forecast: readonly ForecastRow[];
  /** The forecast from the system's default drivers alone. */
  readonly autoForecast: readonly ForecastRow[];
  /** How each auto driver was derived from the history (years and a note), for the page to disclose. */
  readonly driverBasis: Readonly<Record<DriverKey, DriverBasis>>;
  /** The cyclical division whose longer window of history the auto drivers read, or null (docs/model.md §4). */
  readonly cyclicalIndustry: string | null;
  readonly parameters: EffectiveParameters;
  /** The bridge's totals; minority interest as the DCF valued it when there is one (docs/model.md §7). */
  readonly bridge: EquityBridge;
  /**
   * The bridge's lines at the latest balance sheet, signed (without enterprise value; see DcfResult.bridge,
   * where a pro-rata minority line has its amount at the DCF's enterprise value).
   */
  readonly bridgeLines: readonly BridgeLine[];
  /** The DCF, or null when the inputs admit no valid value (then `error` says why). */
  readonly dcf: DcfResult | null;
  readonly error: ValuationError | null;
  readonly sensitivity: SensitivityGrid | null;
  readonly fcfRatios: FcfRatioSeries;
  readonly completeness: number;
  /** What the data could not support and the model assumed instead, in Chinese, for the report to show. */
  readonly limitations: readonly string[];
  readonly classification: CompanyClassification;
  /** Working-capital lines reported in one of two consecutive years only (all years; see continuity.ts). */
  readonly lineGaps: readonly LineGap[];
  /** What a reader must know beside the value (warnings.ts). */
  readonly warnings: readonly ValuationWarning[];
  /**
   * The model the value comes from: `valueCompany` is the FCFF (its DCF, or none with the error's reason);
   * `valueCompanyByModel` chooses through the model registry (docs/model.md 15.1).
   */
  readonly model: ChosenModel;
}

export const LIMITATION_MESSAGES = {
  summaryOnly: '仅有财务摘要：EBIT 按营业利润扣除投资收益估算，折旧摊销、资本开支与营运资本变动按 0 估计',
  noCashFlow: '缺少现金流量表：折旧摊销与资本开支按资产负债表估计（固定资产等的变动加折旧率），并非报表数据',
} as const;

const FCFF_CHOSEN: ChosenModel = { id: 'fcff', result: null, reason: null };

/** A newer interim report than the base that could not give trailing twelve months (a report it needs is missing). */
export function interimNotUsedMessage(interim: string, base: string): string {
  const period = periodOfDate(interim);
  const name = period ? periodReportLabel(period.year, period.period) : interim;
  return `最新报告期 ${name} 缺少计算滚动十二个月（TTM）所需的上年年报或上年同期报告，估值基于 ${base}`;
}

/**
 * Whether the years the forecast rests on (the latest three) all come from the financial summary alone: then
 * the FCFF has no cost lines, cash flows or balance sheet to go on (models/ values such a company otherwise).
 */
export function isSummaryOnly(history: readonly Pick<FinancialYearRow, 'basis'>[]): boolean {
  return history.slice(-AUTO_DRIVER_WINDOW).every((row) => row.basis === 'summary');
}

function limitationsOf(
  history: readonly FinancialYearRow[],
  classification: CompanyClassification,
  estimatedYears: readonly number[],
  unusedInterim: string | null,
): string[] {
  if (classification.kind === 'financial') return [new ValuationError('FINANCIAL_COMPANY').message];
  const limitations = unusedInterim === null ? [] : [unusedInterim];
  if (isSummaryOnly(history)) return [LIMITATION_MESSAGES.summaryOnly, ...limitations];
  const recent = history.slice(-AUTO_DRIVER_WINDOW).filter((row) => row.basis === 'statements');
  if (recent.length > 0 && recent.every((row) => estimatedYears.includes(row.year))) {
    limitations.unshift(LIMITATION_MESSAGES.noCashFlow);
  }
  return limitations;
}

/** The base of the valuation, and its timing when it is dated inside a fiscal year. */
function baseOf(
  analytics: StatementAnalytics,
  last: FinancialYearRow,
): { base: ValuationBase; timing: DiscountTiming | undefined } {
  const { trailing } = analytics;
  if (!trailing || trailing.year !== last.year) {
    const label = periodReportLabel(last.year, 'FY');
    return { base: { year: last.year, period: 'FY', date: `${last.year}-12-31`, label }, timing: undefined };
  }
  const offset = trailingShortfall(trailing);
  // The rest of the fiscal year earns what the trailing twelve months earned, pro rata, before any change in
  // working capital: that is counted from the balance sheet at the valuation date in the first forecast year.
  const earnings = (last.nopat ?? 0) + (last.noncash_cost ?? 0) - (last.Capital_Expenditure ?? 0);
  return {
    base: {
      year: trailing.year,
      period: trailing.period,
      date: trailing.date,
      label: periodReportLabel(trailing.year, trailing.period),
    },
    timing: { offset, stub: offset * earnings },
  };
}

/**
 * Whether a forecast year has an override. Other years are not looked at: resolveDrivers ignores them, so
 * the auto forecast is the answer (and the forecast years are read by index, unlike a for-in over years).
 */
function hasOverrides(overrides: YearOverrides, firstYear: number): boolean {
  for (let year = firstYear; year < firstYear + FORECAST_YEARS; year++) {
    const set = overrides[year];
    // Any own key will do (a for-in instead of Object.keys: no array).
    for (const key in set) if (Object.hasOwn(set, key)) return true;
  }
  return false;
}

/** The bounded automatic drivers as the warning lists them: label, the history's figure, the bound (once each). */
function boundedDriversShown(base: DriverBase) {
  const seen = new Set<string>();
  const shown: { label: string; from: string; to: string }[] = [];
  for (const { key, from, to } of base.bounded) {
    const entry = { label: PARAMETER_RULES[key].label, from: driverValueText(key, from), to: driverValueText(key, to) };
    const id = `${entry.label}|${entry.from}|${entry.to}`;
    if (seen.has(id)) continue;
    seen.add(id);
    shown.push(entry);
  }
  return shown;
}

/**
 * The whole model for one company, from statements to value per share: history analytics, auto drivers,
 * overrides with inheritance, projection, DCF, sensitivity, FCF ratios and warnings. Throws NO_HISTORY when
 * the company has no annual report with revenue; invalid valuation inputs (WACC ≤ g, …) and financial
 * companies leave `dcf` null and set `error`, while the history stays available.
 */
export function valueCompany(input: CompanyValuationInput): CompanyValuation {
  const choices = input.choices ?? NO_ADMIN_CHOICES;
  const analytics = statementAnalytics(input.statements, input.cache, input.industry ?? null, {
    otherIncomeOperating: choices.other_income_operating,
  });
  const { history, base, statements } = analytics;
  const last = history[history.length - 1];
  if (!last) throw new ValuationError('NO_HISTORY', 'statements');
  const latestYear = last.year;
  const { base: valuationBase, timing } = baseOf(analytics, last);
  const newestInterim = latestInterimDate(input.statements);
  const unusedInterim =
    newestInterim !== null && newestInterim > valuationBase.date
      ? interimNotUsedMessage(newestInterim, valuationBase.label)
      : null;
  const firstYear = latestYear + 1;
  const latest = statements.years[latestYear] ?? {};
  const manual: ValuationSettings = { ...NO_MANUAL_PARAMETERS, ...input.parameters };
  const parameters = effectiveParameters(statements, latestYear, manual, {
    ...(input.waccAssumptions ? { assumptions: input.waccAssumptions } : {}),
    taxRate: base.end.income_tax_to_total_profit,
    listedShares: input.listedShares ?? null,
    asOf: input.asOf ?? null,
    ebit: last.ebit,
    ...(input.platform ? { terminalMethod: input.platform.terminal_value_method } : {}),
  });
  const { totals: bridge, lines } = companyBridgeOf(statements, latestYear, choices);
  const classification = classifyCompany(input.industry, latest);

  const growthForFade = Number.isFinite(parameters.terminal_growth_rate)
    ? parameters.terminal_growth_rate
    : DEFAULT_TERMINAL_GROWTH_RATE;
  const auto = autoForecastAt(analytics, last, firstYear, FORECAST_YEARS, growthForFade);
  const overrides = input.overrides ?? {};
  const resolved = hasOverrides(overrides, firstYear)
    ? resolveDrivers(auto.defaults, firstYear, overrides)
    : auto.resolved;
  const forecast =
    resolved === auto.resolved
      ? auto.forecast
      : projectForecast(last, resolved, base.openingWorkingCapital, base.openingLoss);

  let dcf: DcfResult | null = null;
  let error: ValuationError | null = null;
  let sensitivity: SensitivityGrid | null = null;
  const fcf = forecast.map((row) => row.FCFF ?? 0);
  const nopat = forecast[forecast.length - 1]?.nopat ?? null;
  const terminal = { method: parameters.terminal_value_method, nopat, ronic: manual.ronic_manual ?? null };
  try {
    if (classification.kind === 'financial') throw new ValuationError('FINANCIAL_COMPANY', 'industry');
    dcf = discountCashFlows({
      fcf,
      firstYear,
      wacc: parameters.wacc,
      terminalGrowth: parameters.terminal_growth_rate,
      bridge,
      bridgeLines: lines,
      totalShares: parameters.total_shares,
      terminal,
      ...(timing ? { timing } : {}),
    });
    if (input.sensitivity !== false) {
      const valueAt = wholeModelValueAt({
        base,
        lastRevenue: last.operating_revenue as number,
        openingWorkingCapital: openingWorkingCapitalOf(last, resolved[0]?.values, base.openingWorkingCapital),
        resolved,
        centre: { g: dcf.g, fcf, nopat: nopat ?? 0 },
        lines,
        totalShares: parameters.total_shares,
        method: terminal.method,
        ronic: terminal.ronic,
        ...(timing ? { timing } : {}),
      });
      sensitivity = sensitivityGrid(valueAt, dcf.wacc, dcf.g, input.sensitivity);
    }
  } catch (caught) {
    if (!isValuationError(caught)) throw caught;
    error = caught;
  }

  return {
    code: statements.code,
    name: statements.name,
    latestYear,
    base: valuationBase,
    statements,
    forecastYears: forecast.map((row) => row.year),
    history,
    profitability: analytics.profitability,
    returns: analytics.returns,
    forecast,
    autoForecast: auto.forecast,
    driverBasis: base.basis,
    cyclicalIndustry: base.cyclical,
    parameters,
    // With a DCF, minority interest as the DCF valued it (pro rata to profit: docs/model.md §7).
    bridge: dcf ? { ...bridge, minority_interest: dcf.valuation.minority_interest } : bridge,
    bridgeLines: lines,
    dcf,
    error,
    sensitivity,
    fcfRatios: fcfRatioSeries(statements, history, dcf?.valuation.enterprise_value ?? null, analytics.fcfRatios),
    completeness: completenessRate(history.length, forecast.length, auto.forecast.length > 0),
    limitations: limitationsOf(history, classification, analytics.estimatedCapex?.years ?? [], unusedInterim),
    classification,
    lineGaps: analytics.gaps,
    model: dcf
      ? FCFF_CHOSEN
      : { id: null, result: null, reason: (error ?? new ValuationError('FORECAST_MISSING')).message },
    warnings: valuationWarnings({
      newerSummaryYear: analytics.newerSummaryYear,
      latestYear,
      basePeriod: timing ? { date: valuationBase.date, label: valuationBase.label } : null,
      parameters,
      dcf,
      classification,
      gaps: analytics.gaps,
      estimatedCapex: analytics.estimatedCapex,
      warnedYears: history.slice(-AUTO_DRIVER_WINDOW).map((row) => row.year),
      asOf: input.asOf,
      boundedDrivers: boundedDriversShown(base),
      balance: { latest, previous: statements.years[latestYear - 1] ?? null },
    }),
  };
}
