import type { CompanyStatements } from '../statements/items.ts';
import type { TerminalValueMethod } from './dcf.ts';
import { SEED_PLATFORM_SETTINGS } from './platform-settings.ts';
import { type ListedShares, resolveShares, type ShareCount, type ShareSource } from './shares.ts';
import { type WaccAssumptions, type WaccBreakdown, waccBreakdown, waccCalculation } from './wacc.ts';

export { WACC_ASSUMPTIONS, type WaccAssumptions } from './wacc.ts';

/** The three valuation parameters an admin or a what-if can set; null = not set (use the calculated). */
export interface ValuationParameters {
  readonly wacc_manual: number | null;
  readonly terminal_growth_rate_manual: number | null;
  readonly total_shares_manual: number | null;
}

/** How a what-if forms the terminal value (not stored): absent = Gordon; RONIC absent or null = WACC. */
export interface TerminalValueParameters {
  readonly terminal_value_method?: TerminalValueMethod;
  readonly ronic_manual?: number | null;
}

/** Every parameter a valuation takes. */
export type ValuationSettings = ValuationParameters & TerminalValueParameters;

/** The stored valuation parameters (the ranged ones of the parameter table). */
export const VALUATION_PARAMETER_KEYS = ['wacc_manual', 'terminal_growth_rate_manual', 'total_shares_manual'] as const;
export type ValuationParameterKey = (typeof VALUATION_PARAMETER_KEYS)[number];

export const NO_MANUAL_PARAMETERS: ValuationParameters = {
  wacc_manual: null,
  terminal_growth_rate_manual: null,
  total_shares_manual: null,
};

export const DEFAULT_TERMINAL_GROWTH_RATE = 0.02;

export interface EffectiveParameters {
  readonly wacc: number;
  /** The calculated WACC within its bounds (what applies without a manual one); see wacc_breakdown. */
  readonly wacc_calculated: number | null;
  /** The calculated WACC before its bounds, the applied one, the bound that moved it, and its inputs. */
  readonly wacc_breakdown: WaccBreakdown;
  readonly terminal_growth_rate: number;
  readonly total_shares: number;
  /** The count without a manual entry (listed, statement, 股本 or EPS-implied); null when none. */
  readonly total_shares_calculated: number | null;
  readonly total_shares_source: ShareSource;
  /** The share count with its source, the candidates and any disagreement. */
  readonly shares: ShareCount;
  readonly terminal_value_method: TerminalValueMethod;
  /** RONIC of the value-driver terminal value: the manual one, else the WACC. */
  readonly ronic: number;
  readonly manual: ValuationSettings;
}

export interface ParameterContext {
  readonly assumptions?: WaccAssumptions;
  /** The forecast's tax rate, used for the WACC's tax shield as well. */
  readonly taxRate?: number;
  readonly listedShares?: ListedShares | null;
  /** The valuation date (it dates the risk-free rate). */
  readonly asOf?: string | null;
  /** The latest year's operating EBIT (it rates the company's debt). */
  readonly ebit?: number | null;
  /** The platform's terminal value method where the parameters choose none (absent: the seed's, Gordon). */
  readonly terminalMethod?: TerminalValueMethod;
}

/** The market cap a listed count with its close gives (亿股 × 元 = 亿元), or null without a price. */
export function marketCapOf(listed: ListedShares | null | undefined): { value: number; date: string } | null {
  const price = listed?.price;
  if (!listed || price === undefined || price === null || !(price > 0) || !(listed.count > 0)) return null;
  return { value: price * listed.count, date: listed.date };
}

/** Effective value = manual if set, else calculated (WACC falls back to 8%, g defaults to 2%). */
export function effectiveParameters(
  statements: CompanyStatements,
  latestYear: number,
  manual: ValuationSettings,
  context: ParameterContext = {},
): EffectiveParameters {
  const latest = statements.years[latestYear] ?? {};
  const calculation = waccCalculation(latest, context.assumptions, {
    ...(context.taxRate === undefined ? {} : { taxRate: context.taxRate }),
    asOf: context.asOf ?? null,
    marketCap: marketCapOf(context.listedShares),
    ebit: context.ebit ?? null,
  });
  const breakdown = waccBreakdown(calculation, manual.wacc_manual);
  const calculatedShares = resolveShares(latest, null, context.listedShares);
  const shares =
    manual.total_shares_manual === null
      ? calculatedShares
      : resolveShares(latest, manual.total_shares_manual, context.listedShares);
  return {
    wacc: breakdown.applied_wacc,
    wacc_calculated: calculation?.bounded ?? null,
    wacc_breakdown: breakdown,
    terminal_growth_rate: manual.terminal_growth_rate_manual ?? DEFAULT_TERMINAL_GROWTH_RATE,
    total_shares: shares.count,
    total_shares_calculated: calculatedShares.source === 'none' ? null : calculatedShares.count,
    total_shares_source: shares.source,
    shares,
    terminal_value_method:
      manual.terminal_value_method ?? context.terminalMethod ?? SEED_PLATFORM_SETTINGS.terminal_value_method,
    ronic: manual.ronic_manual ?? breakdown.applied_wacc,
    manual,
  };
}
