import type { DriverKey, DriverSource } from '../forecast/drivers.ts';
import type { FinancialYearRow } from '../history/financial-row.ts';
import { perShareValueOf } from '../market/value-figures.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { EquityBridge, TerminalValueMethod } from '../valuation/dcf.ts';
import type { ShareCount, ShareSource } from '../valuation/shares.ts';
import type { WaccBreakdown } from '../valuation/wacc.ts';
import type { ValuationWarning } from '../valuation/warnings.ts';
import { REPORT_HISTORY_YEARS } from './report-views.ts';

/** Views of the custom valuation and FCF parameter pages. */

export type HistoricalRowView = FinancialYearRow & { data_status: 'historical' };
export type ForecastRowView = FinancialYearRow & {
  data_status: 'manual' | 'auto';
  sources?: Record<DriverKey, DriverSource>;
};

export interface FinancialDataView {
  historical: HistoricalRowView[];
  forecast: ForecastRowView[];
  auto_forecast: ForecastRowView[];
}

/**
 * The 5 latest historical years, the effective forecast (a year with any value a person set is
 * 'manual') and the auto forecast. With `withSources` (view_mode=manual) each forecast row names the
 * source of every driver.
 */
export function financialDataView(valuation: CompanyValuation, withSources: boolean): FinancialDataView {
  const history = valuation.history.slice(Math.max(0, valuation.history.length - REPORT_HISTORY_YEARS));
  return {
    historical: history.map((row) => ({ ...row, data_status: 'historical' })),
    forecast: valuation.forecast.map(({ sources, ...row }) => ({
      ...row,
      data_status: Object.values(sources).includes('user_set') ? 'manual' : 'auto',
      ...(withSources ? { sources } : {}),
    })),
    auto_forecast: valuation.autoForecast.map(({ sources: _sources, ...row }) => ({ ...row, data_status: 'auto' })),
  };
}

export interface ValuationResultsView {
  forecast_fcf_sum: number;
  terminal_value: number;
  terminal_pv: number;
  enterprise_value: number;
  equity_value: number;
  /** 元; null when not meaningful (equity value ≤ 0, no share count), as in 估值与股息 and the screener. */
  value_per_share: number | null;
  /** Why `value_per_share` is null; null when it is a number. */
  value_per_share_reason: string | null;
  /** What a reader must know beside the value per share. */
  warnings: ValuationWarning[];
}

export function valuationResultsView(valuation: CompanyValuation): ValuationResultsView | null {
  const { dcf } = valuation;
  if (!dcf) return null;
  const perShare = perShareValueOf(valuation);
  return {
    forecast_fcf_sum: dcf.forecast_fcf_sum,
    terminal_value: dcf.terminal_value,
    terminal_pv: dcf.terminal_pv,
    enterprise_value: dcf.valuation.enterprise_value,
    equity_value: dcf.valuation.equity_value,
    value_per_share: perShare.value,
    value_per_share_reason: perShare.reason,
    warnings: valuation.warnings.slice(),
  };
}

export interface ValuationParamsView {
  effective_values: {
    wacc: number;
    terminal_growth_rate: number;
    total_shares_manual: number | null;
    total_shares: number;
    total_shares_source: ShareSource;
    terminal_value_method: TerminalValueMethod;
    /** RONIC of the value-driver terminal value: the manual one, else WACC. */
    ronic: number;
  };
  wacc_data: { wacc_calculated: number | null; wacc_manual: number | null; wacc: number };
  /** The calculated WACC before its bounds, the bound applied and its inputs (the WACC panel). */
  wacc_breakdown: WaccBreakdown;
  shares: ShareCount;
  warnings: ValuationWarning[];
  valuation_inputs: EquityBridge & {
    terminal_growth_rate: number;
    terminal_growth_rate_manual: number | null;
    total_shares: number;
    total_shares_calculated: number | null;
    total_shares_manual: number | null;
  };
}

/** GET admin/valuation-params: both readings (effective_values, and wacc_data + valuation_inputs; docs/requirements.md#api). */
export function valuationParamsView(valuation: CompanyValuation): ValuationParamsView {
  const { parameters, bridge } = valuation;
  return {
    effective_values: {
      wacc: parameters.wacc,
      terminal_growth_rate: parameters.terminal_growth_rate,
      total_shares_manual: parameters.manual.total_shares_manual,
      total_shares: parameters.total_shares,
      total_shares_source: parameters.total_shares_source,
      terminal_value_method: parameters.terminal_value_method,
      ronic: parameters.ronic,
    },
    wacc_data: {
      wacc_calculated: parameters.wacc_calculated,
      wacc_manual: parameters.manual.wacc_manual,
      wacc: parameters.wacc,
    },
    wacc_breakdown: parameters.wacc_breakdown,
    shares: parameters.shares,
    warnings: valuation.warnings.slice(),
    valuation_inputs: {
      terminal_growth_rate: parameters.terminal_growth_rate,
      terminal_growth_rate_manual: parameters.manual.terminal_growth_rate_manual,
      total_shares: parameters.total_shares,
      total_shares_calculated: parameters.total_shares_calculated,
      total_shares_manual: parameters.manual.total_shares_manual,
      ...bridge,
    },
  };
}

export interface MultiYearFcfEntry {
  nopat: number | null;
  noncash_cost: number | null;
  working_capital_change: number | null;
  capex: number | null;
  fcf: number | null;
}

/** The multi-year FCF map by year, for the forecast years. */
export function multiYearFcf(valuation: CompanyValuation): Record<number, MultiYearFcfEntry> {
  const map: Record<number, MultiYearFcfEntry> = {};
  for (const row of valuation.forecast) {
    map[row.year] = {
      nopat: row.nopat,
      noncash_cost: row.noncash_cost,
      working_capital_change: row.Change_In_Operating_WC,
      capex: row.Capital_Expenditure,
      fcf: row.FCFF,
    };
  }
  return map;
}
