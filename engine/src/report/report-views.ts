import type { ProfitabilityRow, ReturnsRow } from '../history/analytics.ts';
import { FCF_RATIO_KEYS, type FcfRatioSeries } from '../history/fcf-ratios.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import { type QuarterRow, quarterRows } from '../history/quarters.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { DcfResult } from '../valuation/dcf.ts';
import type { SensitivityGrid } from '../valuation/sensitivity.ts';
import type { ShareCount, ShareSource } from '../valuation/shares.ts';
import type { WaccBreakdown } from '../valuation/wacc.ts';
import type { ValuationWarning } from '../valuation/warnings.ts';
import { REPORT_MODULE_PATHS, type ReportModulePath } from './report-sections.ts';

/**
 * The report modules' API shapes, built from one CompanyValuation. The server answers
 * them and the PWA's worker builds the same from cached statements, so both always agree.
 */

/** Historical years the report shows beside the forecast (the 5 before it). */
export const REPORT_HISTORY_YEARS = 5;
/** Historical years of the wide FCF trend chart. */
export const TREND_HISTORY_YEARS = 9;

/** Single quarters the profitability section shows when switched to quarters. */
export const REPORT_QUARTERS = 8;

export interface FinancialAnalysisView {
  company: string;
  summary: {
    available_modules: ReportModulePath[];
    data_years: number[];
    /** The year whose row is the trailing twelve months (shown as 'TTM'), or null. */
    trailing_year: number | null;
  };
  data: {
    profitability: ProfitabilityRow[];
    roe_roic: ReturnsRow[];
    /** The latest 8 single quarters (revenue and 归母净利润 with their growth); empty without interim reports. */
    quarters: QuarterRow[];
  };
}

/** The history rows of whole fiscal years: without the trailing twelve months. */
export function annualHistory(valuation: Pick<CompanyValuation, 'base' | 'history'>): FinancialYearRow[] {
  const trailing = trailingYearOf(valuation);
  return valuation.history.filter((row) => row.year !== trailing);
}

/** The history year that is the trailing twelve months of an interim report, or null (docs/model.md 2.2). */
export function trailingYearOf(valuation: Pick<CompanyValuation, 'base'>): number | null {
  return valuation.base.period === 'FY' ? null : valuation.base.year;
}

function lastYears<T extends { year: number }>(rows: readonly T[], count: number): T[] {
  return rows.slice(Math.max(0, rows.length - count));
}

/** Profitability and ROE-ROIC for the latest 10 reported years (tables show 5, charts may show more). */
export function financialAnalysisView(valuation: CompanyValuation): FinancialAnalysisView {
  const profitability = lastYears(valuation.profitability, 10);
  const hasFcf = valuation.history.some((row) => row.FCFF !== null);
  // Every section but those the data cannot fill: FCF ratios without an FCF, the DCF and its grid without a value.
  const available = REPORT_MODULE_PATHS.filter(
    (path) =>
      (path !== 'fcf-ratio' || hasFcf) &&
      (path !== 'fcf-valuation' || valuation.dcf !== null) &&
      (path !== 'sensitivity' || valuation.sensitivity !== null),
  );
  return {
    company: valuation.name,
    summary: {
      available_modules: available,
      data_years: profitability.map((row) => row.year),
      trailing_year: trailingYearOf(valuation),
    },
    data: {
      profitability,
      roe_roic: lastYears(valuation.returns, 10),
      quarters: lastYears(quarterRows(valuation.statements), REPORT_QUARTERS),
    },
  };
}

export interface DcfValuationView extends DcfResult {
  /** The model of the value (docs/model.md 15.1): this view is the FCFF's. */
  model: 'fcff';
  sensitivity: SensitivityGrid | null;
  /** What a reader must know beside the value per share (shown next to it on every screen). */
  warnings: ValuationWarning[];
  meta: {
    isUsingFallback: false;
    company: string;
    code: string;
    latest_report_year: number;
    /** The interim report whose trailing twelve months the value rests on ('2022-09-30'); null: the annual report. */
    base_period: string | null;
    wacc_source: 'manual' | 'calculated' | 'fallback';
    terminal_growth_source: 'manual' | 'default';
    total_shares_source: ShareSource;
    /** The share count with its source, the other counts the data offers, and any disagreement. */
    shares: ShareCount;
    /** RONIC of the value-driver terminal value (the manual one, else WACC). */
    ronic: number;
    /** The calculated WACC before its bounds, the applied one, the bound and its inputs (the WACC panel). */
    wacc_breakdown: WaccBreakdown;
    basis: FinancialYearRow['basis'];
    /** What the data could not support and the model assumed instead (empty when nothing). */
    limitations: readonly string[];
  };
}

export function dcfValuationView(valuation: CompanyValuation): DcfValuationView | null {
  const { dcf, parameters } = valuation;
  if (!dcf) return null;
  const latest = valuation.history[valuation.history.length - 1];
  return {
    model: 'fcff',
    ...dcf,
    sensitivity: valuation.sensitivity,
    warnings: valuation.warnings.slice(),
    meta: {
      isUsingFallback: false,
      company: valuation.name,
      code: valuation.code,
      latest_report_year: valuation.latestYear,
      base_period: valuation.base.period === 'FY' ? null : valuation.base.date,
      wacc_source:
        parameters.manual.wacc_manual !== null
          ? 'manual'
          : parameters.wacc_calculated !== null
            ? 'calculated'
            : 'fallback',
      terminal_growth_source: parameters.manual.terminal_growth_rate_manual !== null ? 'manual' : 'default',
      total_shares_source: parameters.total_shares_source,
      shares: parameters.shares,
      ronic: parameters.ronic,
      wacc_breakdown: parameters.wacc_breakdown,
      basis: latest?.basis ?? 'statements',
      limitations: valuation.limitations,
    },
  };
}

export interface ChartPoint {
  year: number;
  value: number | null;
  isEstimate: boolean;
}

/** The FCF structure table's row that is a change (coloured by its sign); the others are levels. */
export const WORKING_CAPITAL_CHANGE_METRIC = '营运资本变动';

export interface FcfStructureView {
  charts: {
    fcfTrend: { year: number; freeCashFlow: number | null; isEstimate: boolean }[];
    nopat: ChartPoint[];
    capex: ChartPoint[];
    workingCapital: (ChartPoint & { workingCapitalChange: number | null })[];
    noncashCost: ChartPoint[];
  };
  tableData: { years: number[]; metrics: { name: string; unit: string; values: (number | null)[] }[] };
  meta: {
    /** The table years' known FCF summed; null when none of them is known (not 0: nothing was added). */
    total_historical_fcf: number | null;
    recent_historical_complete: boolean;
    forecast_years: number[];
    trend_chart_years: number[];
    table_years: number[];
    /** The history year that is the trailing twelve months ('TTM'), or null. */
    trailing_year: number | null;
  };
}

/** FCF and its parts: the latest 9 historical years and the 5 forecast years; the table is historical. */
export function fcfStructureView(valuation: CompanyValuation): FcfStructureView {
  const history = lastYears(valuation.history, TREND_HISTORY_YEARS);
  const rows: (FinancialYearRow & { isEstimate: boolean })[] = [
    ...history.map((row) => ({ ...row, isEstimate: false })),
    ...valuation.forecast.map((row) => ({ ...row, isEstimate: true })),
  ];
  const point = (pick: (row: FinancialYearRow) => number | null) =>
    rows.map((row) => ({ year: row.year, value: pick(row), isEstimate: row.isEstimate }));
  const tableRows = lastYears(history, REPORT_HISTORY_YEARS);
  const metric = (name: string, pick: (row: FinancialYearRow) => number | null) => ({
    name,
    unit: '亿元',
    values: tableRows.map(pick),
  });
  const recent = tableRows.map((row) => row.FCFF);
  return {
    charts: {
      fcfTrend: rows.map((row) => ({ year: row.year, freeCashFlow: row.FCFF, isEstimate: row.isEstimate })),
      nopat: point((row) => row.nopat),
      capex: point((row) => row.Capital_Expenditure),
      workingCapital: rows.map((row) => ({
        year: row.year,
        value: row.Change_In_Operating_WC,
        workingCapitalChange: row.Change_In_Operating_WC,
        isEstimate: row.isEstimate,
      })),
      noncashCost: point((row) => row.noncash_cost),
    },
    tableData: {
      years: tableRows.map((row) => row.year),
      metrics: [
        metric('自由现金流', (row) => row.FCFF),
        metric('税后营业利润(NOPAT)', (row) => row.nopat),
        metric('非现金成本(折旧摊销)', (row) => row.noncash_cost),
        metric(WORKING_CAPITAL_CHANGE_METRIC, (row) => row.Change_In_Operating_WC),
        metric('资本开支', (row) => row.Capital_Expenditure),
      ],
    },
    meta: {
      total_historical_fcf: recent.some((value) => value !== null)
        ? recent.reduce<number>((sum, value) => sum + (value ?? 0), 0)
        : null,
      recent_historical_complete: recent.length > 0 && recent.every((value) => value !== null),
      forecast_years: valuation.forecastYears.slice(),
      trend_chart_years: rows.map((row) => row.year),
      table_years: tableRows.map((row) => row.year),
      trailing_year: trailingYearOf(valuation),
    },
  };
}

export interface FcfRatioView {
  charts: FcfRatioSeries;
  summary: {
    total_years: number;
    available_ratios: string[];
    data_years: number[];
    latest_year: number | null;
    /** The year that is the trailing twelve months ('TTM'), or null. */
    trailing_year: number | null;
  };
}

export function fcfRatioView(valuation: CompanyValuation): FcfRatioView {
  const charts = valuation.fcfRatios;
  const years = [...new Set(FCF_RATIO_KEYS.flatMap((key) => charts[key].map((point) => point.year)))].sort(
    (a, b) => a - b,
  );
  return {
    charts,
    summary: {
      total_years: years.length,
      available_ratios: FCF_RATIO_KEYS.filter((key) => charts[key].length > 0),
      data_years: years,
      latest_year: years[years.length - 1] ?? null,
      trailing_year: trailingYearOf(valuation),
    },
  };
}
