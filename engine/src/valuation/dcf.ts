import { requireFinite, ValuationError } from '../errors.ts';
import { percentText } from '../message-format.ts';
import {
  BRIDGE_TOTAL_LABELS,
  type BridgeLine,
  bridgeLinesFromTotals,
  type EquityBridge,
  equityFromLines,
  resolveBridgeLines,
} from './bridge.ts';

export type { BridgeLine, EquityBridge } from './bridge.ts';
export { discountFactors, keptDiscountFactors } from './discount-factors.ts';

import { keptDiscountFactors } from './discount-factors.ts';

/**
 * How the terminal value is formed. 'gordon' (docs/requirements.md#the-dcf-table, the default): FCF₅ × (1 + g) / (WACC − g).
 * 'value_driver': NOPAT₆ × (1 − g / RONIC) / (WACC − g), NOPAT₆ = NOPAT₅ × (1 + g): the growth g is paid for
 * by reinvesting g / RONIC of NOPAT, whatever the last forecast year reinvested.
 */
export const TERMINAL_VALUE_METHODS = ['gordon', 'value_driver'] as const;
export type TerminalValueMethod = (typeof TERMINAL_VALUE_METHODS)[number];

export interface TerminalInput {
  readonly method: TerminalValueMethod;
  /** NOPAT of the last forecast year (亿元): the value driver's base, and the implied RONIC's. */
  readonly nopat: number | null;
  /** Return on new invested capital of the value driver; null or absent = WACC. */
  readonly ronic?: number | null;
}

/**
 * A valuation date inside a fiscal year (a valuation based on an interim report's trailing twelve months,
 * docs/model.md section 7.1): the forecast years are the fiscal years after the one in progress, each
 * discounted from the valuation date to its end, and the rest of the year in progress is a partial first
 * period. Absent, or an offset of 0: the valuation date is a fiscal year's end.
 */
export interface DiscountTiming {
  /** Years from the valuation date to the end of the fiscal year in progress (0.75 after a 一季报). */
  readonly offset: number;
  /** Cash flow (亿元) of that rest of the year, counted at its end. */
  readonly stub: number;
}

export interface DcfInput {
  /** Forecast FCF (亿元) of the forecast years, first year first; the last one seeds the terminal value. */
  readonly fcf: readonly number[];
  /** First forecast year (the year after the latest annual report). */
  readonly firstYear: number;
  readonly wacc: number | null | undefined;
  readonly terminalGrowth: number | null | undefined;
  readonly bridge: EquityBridge;
  /** The bridge line by line (bridge.ts); absent = the four totals of `bridge` as lines. */
  readonly bridgeLines?: readonly BridgeLine[];
  /** Total shares (亿股); value per share is 0 when this is not positive. */
  readonly totalShares: number;
  /** Absent = Gordon, with no implied RONIC. */
  readonly terminal?: TerminalInput;
  /** Absent: the valuation date is the end of the year before `firstYear`. */
  readonly timing?: DiscountTiming;
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
  /** The share count the value per share divides by (亿股; 0 when none). */
  readonly total_shares: number;
  /** 元 per share (亿元 / 亿股); null without a share count (warning shares_unknown), never 0. */
  readonly value_per_share: number | null;
}

/** What the terminal value assumes about reinvestment, and what that implies. */
export interface TerminalAnalysis {
  readonly method: TerminalValueMethod;
  /** NOPAT of the year after the forecast (NOPAT₅ × (1 + g)); null when unknown. */
  readonly nopat: number | null;
  /**
   * Share of NOPAT reinvested in the terminal year: 1 − FCF₅ / NOPAT₅ under Gordon (the last forecast
   * year's, carried on), g / RONIC under the value driver; null when NOPAT is not positive.
   */
  readonly reinvestment_rate: number | null;
  /**
   * Return on new invested capital that makes g and the reinvestment consistent (g / reinvestment rate),
   * or the RONIC the value driver was given; null when it means nothing (no positive NOPAT, or growth with
   * no reinvestment).
   */
  readonly implied_ronic: number | null;
  /**
   * The terminal value with reinvestment consistent with g — the value driver at the RONIC given, else
   * WACC (growth then adds no value) — and the value per share it gives, for the reader to set beside a
   * Gordon value; the value itself under the value driver. Null without a NOPAT to start from.
   */
  readonly consistent_terminal_value: number | null;
  readonly consistent_value_per_share: number | null;
}

/** The partial first period of a valuation dated inside a fiscal year (DiscountTiming). */
export interface DcfStub {
  /** The fiscal year in progress. */
  readonly year: number;
  /** Its months after the valuation date (9 after a 一季报). */
  readonly months: number;
  readonly cash_flow: number;
  readonly discount_factor: number;
  readonly present_value: number;
}

export interface DcfResult {
  /** Which terminal value the answer used (the platform's default, or the what-if's). */
  readonly terminal_value_method: TerminalValueMethod;
  readonly wacc: number;
  readonly g: number;
  readonly forecast: readonly DcfForecastRow[];
  /** The rest of the fiscal year in progress, when the valuation date lies inside one; else null. */
  readonly stub: DcfStub | null;
  readonly forecast_fcf_sum: number;
  readonly terminal_value: number;
  readonly terminal_pv: number;
  readonly valuation: DcfValuation;
  /** Enterprise value to equity value line by line, EV first: the amounts sum to the equity value. */
  readonly bridge: readonly BridgeLine[];
  readonly terminal: TerminalAnalysis;
  /** terminal_pv / enterprise_value; NaN-free: null when EV is not positive. */
  readonly terminal_value_share: number | null;
  /** True when the terminal value makes up more than 80% of EV (or EV is not positive). */
  readonly terminal_value_warning: boolean;
}

export const TERMINAL_VALUE_WARNING_SHARE = 0.8;

/** Checks WACC and g as the DCF needs them (docs/requirements.md#the-dcf-table); returns them as plain numbers. */
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
      `WACC ${percentText(wacc)} ≤ g ${percentText(terminalGrowth)}`,
    );
  }
  if (wacc <= -1) throw new ValuationError('INVALID_NUMBER', 'wacc', 'WACC ≤ -100%');
  return { wacc, g: terminalGrowth };
}

/** The RONIC the value driver uses: the given one (finite, positive), else WACC. */
export function terminalRonic(terminal: TerminalInput | undefined, wacc: number): number {
  const ronic = terminal?.ronic ?? wacc;
  if (!Number.isFinite(ronic) || ronic <= 0) throw new ValuationError('INVALID_NUMBER', 'ronic', 'RONIC 必须为正数');
  return ronic;
}

/** The terminal value at the end of the forecast, by the chosen method (rates already checked). */
export function terminalValueAt(lastFcf: number, wacc: number, g: number, terminal: TerminalInput | undefined): number {
  if (terminal?.method !== 'value_driver') return (lastFcf * (1 + g)) / (wacc - g);
  const nopat = requireFinite(terminal.nopat ?? Number.NaN, 'nopat');
  return (nopat * (1 + g) * (1 - g / terminalRonic(terminal, wacc))) / (wacc - g);
}

export interface DiscountedStream {
  /** Present value of the partial first period (0 without one). */
  readonly stubPv: number;
  readonly pvSum: number;
  readonly terminalValue: number;
  readonly terminalPv: number;
  readonly enterpriseValue: number;
}

/**
 * Enterprise value of an FCF stream: Σ FCFₙ·(1+WACC)⁻ⁿ (n = 1..N) plus the terminal value discounted with
 * the N-year factor; with `timing`, every exponent grows by its offset and the partial first period's cash
 * flow is added at (1+WACC)^−offset. The one place the DCF's arithmetic lives: the table, the sensitivity
 * grid and the reverse DCF all call it, so a grid cell equals a fresh valuation bit for bit. Rates must be
 * checked. With `rows`, each year's discount factor and discounted FCF are written there; `factors` are
 * WACC's (discountFactors at the timing's offset), passed by a caller that discounts many streams at one WACC.
 */
export function discountStream(
  fcf: readonly number[],
  wacc: number,
  g: number,
  terminal?: TerminalInput,
  rows?: { firstYear: number; out: DcfForecastRow[] },
  timing?: DiscountTiming,
  factors: readonly number[] = keptDiscountFactors(wacc, fcf.length, timing?.offset ?? 0),
): DiscountedStream {
  let pvSum = 0;
  let factor = 1;
  for (let n = 1; n <= fcf.length; n++) {
    const value = fcf[n - 1] as number;
    factor = factors[n - 1] as number;
    const discounted = value * factor;
    pvSum += discounted;
    rows?.out.push({ year: rows.firstYear + n - 1, fcf: value, discount_factor: factor, discounted_fcf: discounted });
  }
  const terminalValue = terminalValueAt(fcf[fcf.length - 1] as number, wacc, g, terminal);
  const terminalPv = terminalValue * factor;
  if (!timing || timing.offset === 0)
    return { stubPv: 0, pvSum, terminalValue, terminalPv, enterpriseValue: pvSum + terminalPv };
  const stubPv = timing.stub * (1 + wacc) ** -timing.offset;
  return { stubPv, pvSum, terminalValue, terminalPv, enterpriseValue: stubPv + pvSum + terminalPv };
}

/** Enterprise value of an FCF stream with the Gordon terminal value (see discountStream). */
export function enterpriseValue(fcf: readonly number[], wacc: number, g: number): number {
  return discountStream(fcf, wacc, g).enterpriseValue;
}

/** Equity = EV + non-core assets + cash − interest-bearing debt − minority interest. */
export function equityFromEnterpriseValue(ev: number, bridge: EquityBridge): number {
  return ev + bridge.non_core_assets + bridge.cash - bridge.interest_bearing_liabilities - bridge.minority_interest;
}

function perShareOrNull(equity: number, totalShares: number): number | null {
  return totalShares > 0 ? equity / totalShares : null;
}

export function perShare(equity: number, totalShares: number): number {
  return totalShares > 0 ? equity / totalShares : 0;
}

/** The value with reinvestment consistent with g (TerminalAnalysis), as the stream's own value is made. */
interface ConsistentValue {
  readonly terminalValue: number | null;
  readonly valuePerShare: number | null;
}

/** Reinvestment and the RONIC it implies in the terminal year (see TerminalAnalysis). */
export function analyseTerminal(
  lastFcf: number,
  wacc: number,
  g: number,
  terminal?: TerminalInput,
  consistent: ConsistentValue = { terminalValue: null, valuePerShare: null },
): TerminalAnalysis {
  const method = terminal?.method ?? 'gordon';
  const nopat = terminal?.nopat ?? null;
  const nextNopat = nopat === null ? null : nopat * (1 + g);
  const values = {
    consistent_terminal_value: consistent.terminalValue,
    consistent_value_per_share: consistent.valuePerShare,
  };
  if (method === 'value_driver') {
    const ronic = terminalRonic(terminal, wacc);
    return { method, nopat: nextNopat, reinvestment_rate: g / ronic, implied_ronic: ronic, ...values };
  }
  if (nopat === null || !(nopat > 0)) {
    return { method, nopat: nextNopat, reinvestment_rate: null, implied_ronic: null, ...values };
  }
  const reinvestment = 1 - lastFcf / nopat;
  // Growth needs reinvestment: with none (or a negative one) there is no finite return to speak of.
  const meaningful = reinvestment > 0 || (reinvestment < 0 && g < 0);
  return {
    method,
    nopat: nextNopat,
    reinvestment_rate: reinvestment,
    implied_ronic: meaningful ? g / reinvestment : null,
    ...values,
  };
}

/** The value driver's terminal value and value per share beside a stream (null without NOPAT). */
function consistentValue(
  stream: DiscountedStream,
  wacc: number,
  g: number,
  terminal: TerminalInput | undefined,
  lines: readonly BridgeLine[],
  totalShares: number,
): ConsistentValue {
  if (terminal?.method === 'value_driver') {
    return { terminalValue: stream.terminalValue, valuePerShare: null };
  }
  const nopat = terminal?.nopat ?? null;
  if (nopat === null || !Number.isFinite(nopat)) return { terminalValue: null, valuePerShare: null };
  const terminalValue = terminalValueAt(0, wacc, g, { method: 'value_driver', nopat, ronic: terminal?.ronic ?? null });
  const factor = stream.terminalValue !== 0 ? stream.terminalPv / stream.terminalValue : null;
  if (factor === null) return { terminalValue, valuePerShare: null };
  const equity = equityFromLines(stream.pvSum + terminalValue * factor, lines);
  return { terminalValue, valuePerShare: totalShares > 0 ? equity / totalShares : null };
}

/** The DCF table of docs/requirements.md#the-dcf-table, exactly. */
export function discountCashFlows(input: DcfInput): DcfResult {
  const { wacc, g } = requireRates(input.wacc, input.terminalGrowth);
  if (input.fcf.length === 0) throw new ValuationError('FORECAST_MISSING', 'fcf');
  for (let index = 0; index < input.fcf.length; index++) {
    // The field's name is built only for the error: this runs for every valuation.
    const value = input.fcf[index] as number;
    if (!Number.isFinite(value)) requireFinite(value, `fcf@${input.firstYear + index}`);
  }
  const bridge = checkedBridge(input.bridge);
  const lines = input.bridgeLines ?? bridgeLinesFromTotals(bridge);
  for (const line of lines) requireFinite(line.amount, line.item);
  const totalShares = requireFinite(input.totalShares, 'total_shares');

  const forecast: DcfForecastRow[] = [];
  const { timing } = input;
  if (timing) requireFinite(timing.stub, 'stub');
  const stream = discountStream(
    input.fcf,
    wacc,
    g,
    input.terminal,
    { firstYear: input.firstYear, out: forecast },
    timing,
  );
  const enterprise_value = stream.enterpriseValue;
  const resolved = resolveBridgeLines(enterprise_value, lines);
  const equity_value = equityFromLines(enterprise_value, resolved);
  const minority = resolved.find((line) => line.profit_share !== undefined);
  const terminal_value_share = enterprise_value > 0 ? stream.terminalPv / enterprise_value : null;

  const consistent = consistentValue(stream, wacc, g, input.terminal, lines, totalShares);
  return {
    terminal_value_method: input.terminal?.method ?? 'gordon',
    wacc,
    g,
    forecast,
    stub:
      timing && timing.offset > 0
        ? {
            year: input.firstYear - 1,
            months: Math.round(timing.offset * 12),
            cash_flow: timing.stub,
            discount_factor: (1 + wacc) ** -timing.offset,
            present_value: stream.stubPv,
          }
        : null,
    forecast_fcf_sum: stream.pvSum,
    terminal_value: stream.terminalValue,
    terminal_pv: stream.terminalPv,
    valuation: {
      enterprise_value,
      ...bridge,
      ...(minority ? { minority_interest: -minority.amount } : {}),
      equity_value,
      total_shares: totalShares,
      value_per_share: perShareOrNull(equity_value, totalShares),
    },
    bridge: [
      { item: 'enterprise_value', label: BRIDGE_TOTAL_LABELS.enterprise_value, amount: enterprise_value },
      ...resolved,
    ],
    terminal: analyseTerminal(input.fcf[input.fcf.length - 1] as number, wacc, g, input.terminal, {
      terminalValue: consistent.terminalValue,
      valuePerShare:
        input.terminal?.method === 'value_driver'
          ? perShareOrNull(equity_value, totalShares)
          : consistent.valuePerShare,
    }),
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
