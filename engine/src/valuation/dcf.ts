import { requireFinite, ValuationError } from '../errors.ts';

/** The items that turn enterprise value into equity value (亿元). */
export interface EquityBridge {
  readonly non_core_assets: number;
  readonly cash: number;
  readonly interest_bearing_liabilities: number;
  readonly minority_interest: number;
}

export interface DcfInput {
  /** Forecast FCF (亿元) of the forecast years, first year first; the last one seeds the terminal value. */
  readonly fcf: readonly number[];
  /** First forecast year (the year after the latest annual report). */
  readonly firstYear: number;
  readonly wacc: number | null | undefined;
  readonly terminalGrowth: number | null | undefined;
  readonly bridge: EquityBridge;
  /** Total shares (亿股); value per share is 0 when this is not positive. */
  readonly totalShares: number;
}

export interface DcfForecastRow {
  readonly year: number;
  readonly fcf: number;
  readonly discount_factor: number;
  readonly discounted_fcf: number;
}

export interface DcfValuation extends EquityBridge {
  readonly enterprise_value: number;
  readonly equity_value: number;
  readonly share_capital: number;
  /** 元 per share (亿元 / 亿股). */
  readonly value_per_share: number;
}

export interface DcfResult {
  readonly wacc: number;
  readonly g: number;
  readonly forecast: readonly DcfForecastRow[];
  readonly forecast_fcf_sum: number;
  readonly terminal_value: number;
  readonly terminal_pv: number;
  readonly valuation: DcfValuation;
  /** terminal_pv / enterprise_value; NaN-free: null when EV is not positive. */
  readonly terminal_value_share: number | null;
  /** True when the terminal value makes up more than 80% of EV (or EV is not positive). */
  readonly terminal_value_warning: boolean;
}

export const TERMINAL_VALUE_WARNING_SHARE = 0.8;

/** Checks WACC and g as the spec requires; returns them as plain numbers. */
export function requireRates(
  wacc: number | null | undefined,
  terminalGrowth: number | null | undefined,
): { wacc: number; g: number } {
  if (wacc === null || wacc === undefined) throw new ValuationError('WACC_MISSING', 'wacc');
  if (terminalGrowth === null || terminalGrowth === undefined) {
    throw new ValuationError('GROWTH_MISSING', 'terminal_growth_rate');
  }
  requireFinite(wacc, 'wacc');
  requireFinite(terminalGrowth, 'terminal_growth_rate');
  if (wacc <= terminalGrowth) {
    throw new ValuationError(
      'WACC_NOT_ABOVE_GROWTH',
      'wacc',
      `WACC ${(wacc * 100).toFixed(2)}% ≤ g ${(terminalGrowth * 100).toFixed(2)}%`,
    );
  }
  if (wacc <= -1) throw new ValuationError('INVALID_NUMBER', 'wacc', 'WACC ≤ -100%');
  return { wacc, g: terminalGrowth };
}

/**
 * Enterprise value of an FCF stream: Σ FCFₙ·(1+WACC)⁻ⁿ (n = 1..N) plus the Gordon terminal value
 * FCF_N·(1+g)/(WACC−g) discounted with the N-year factor. Rates must already be checked.
 */
export function enterpriseValue(fcf: readonly number[], wacc: number, g: number): number {
  let pvSum = 0;
  let factor = 1;
  const step = 1 / (1 + wacc);
  for (let n = 0; n < fcf.length; n++) {
    factor *= step;
    pvSum += (fcf[n] as number) * factor;
  }
  const last = fcf[fcf.length - 1] as number;
  return pvSum + ((last * (1 + g)) / (wacc - g)) * factor;
}

/** Equity = EV + non-core assets + cash − interest-bearing debt − minority interest. */
export function equityFromEnterpriseValue(ev: number, bridge: EquityBridge): number {
  return ev + bridge.non_core_assets + bridge.cash - bridge.interest_bearing_liabilities - bridge.minority_interest;
}

export function perShare(equity: number, totalShares: number): number {
  return totalShares > 0 ? equity / totalShares : 0;
}

/** The DCF table of the spec (public-side §9, back-office §9), exactly. */
export function discountCashFlows(input: DcfInput): DcfResult {
  const { wacc, g } = requireRates(input.wacc, input.terminalGrowth);
  if (input.fcf.length === 0) throw new ValuationError('FORECAST_MISSING', 'fcf');
  for (const [index, value] of input.fcf.entries()) requireFinite(value, `fcf@${input.firstYear + index}`);
  const bridge = checkedBridge(input.bridge);
  const totalShares = requireFinite(input.totalShares, 'total_shares');

  const forecast: DcfForecastRow[] = [];
  let pvSum = 0;
  for (let n = 1; n <= input.fcf.length; n++) {
    const fcf = input.fcf[n - 1] as number;
    const discount_factor = (1 + wacc) ** -n;
    const discounted_fcf = fcf * discount_factor;
    pvSum += discounted_fcf;
    forecast.push({ year: input.firstYear + n - 1, fcf, discount_factor, discounted_fcf });
  }
  const lastRow = forecast[forecast.length - 1] as DcfForecastRow;
  const terminal_value = (lastRow.fcf * (1 + g)) / (wacc - g);
  const terminal_pv = terminal_value * lastRow.discount_factor;
  const enterprise_value = pvSum + terminal_pv;
  const equity_value = equityFromEnterpriseValue(enterprise_value, bridge);
  const terminal_value_share = enterprise_value > 0 ? terminal_pv / enterprise_value : null;

  return {
    wacc,
    g,
    forecast,
    forecast_fcf_sum: pvSum,
    terminal_value,
    terminal_pv,
    valuation: {
      enterprise_value,
      ...bridge,
      equity_value,
      share_capital: totalShares,
      value_per_share: perShare(equity_value, totalShares),
    },
    terminal_value_share,
    terminal_value_warning: terminal_value_share === null || terminal_value_share > TERMINAL_VALUE_WARNING_SHARE,
  };
}

function checkedBridge(bridge: EquityBridge): EquityBridge {
  return {
    non_core_assets: requireFinite(bridge.non_core_assets, 'non_core_assets'),
    cash: requireFinite(bridge.cash, 'cash'),
    interest_bearing_liabilities: requireFinite(bridge.interest_bearing_liabilities, 'interest_bearing_liabilities'),
    minority_interest: requireFinite(bridge.minority_interest, 'minority_interest'),
  };
}
