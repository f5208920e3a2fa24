import { interestBearingDebt, nonCoreAssets } from '../history/analytics.ts';
import { DEFAULT_TAX_RATE } from '../history/historical-rows.ts';
import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import type { EquityBridge } from './dcf.ts';

/** The three valuation parameters an admin or a what-if can set; null = not set (use the calculated). */
export interface ValuationParameters {
  readonly wacc_manual: number | null;
  readonly terminal_growth_rate_manual: number | null;
  readonly total_shares_manual: number | null;
}

export const VALUATION_PARAMETER_KEYS = ['wacc_manual', 'terminal_growth_rate_manual', 'total_shares_manual'] as const;
export type ValuationParameterKey = (typeof VALUATION_PARAMETER_KEYS)[number];

export const NO_MANUAL_PARAMETERS: ValuationParameters = {
  wacc_manual: null,
  terminal_growth_rate_manual: null,
  total_shares_manual: null,
};

/**
 * Default assumptions of the calculated WACC (CAPM on book weights): cost of equity = risk-free 3% + β 1.0 ×
 * market risk premium 6%; cost of debt = financial expenses / average interest-bearing debt, within
 * 3%..8% (4.5% when unknown); the result is kept within 6%..14%. Book weights understate equity for most
 * listed companies, so admins are expected to set a manual WACC where they know better. The server keeps
 * these inputs (and a beta per industry) in its database and passes them in.
 */
export interface WaccAssumptions {
  readonly riskFreeRate: number;
  /** Industry beta (levered); 1.0 = the market. */
  readonly beta: number;
  readonly marketRiskPremium: number;
  readonly defaultCostOfDebt: number;
  readonly costOfDebtRange: readonly [number, number];
  readonly waccRange: readonly [number, number];
}

export const WACC_ASSUMPTIONS: WaccAssumptions = {
  riskFreeRate: 0.03,
  beta: 1,
  marketRiskPremium: 0.06,
  defaultCostOfDebt: 0.045,
  costOfDebtRange: [0.03, 0.08],
  waccRange: [0.06, 0.14],
};

/** The spec's fallback WACC, used only when nothing can be calculated. */
export const FALLBACK_WACC = 0.08;
export const DEFAULT_TERMINAL_GROWTH_RATE = 0.02;

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));
const finite = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) ? value : null;

export function calculateWacc(
  latest: StatementYear,
  previous: StatementYear | undefined,
  assumptions: WaccAssumptions = WACC_ASSUMPTIONS,
): number | null {
  const { riskFreeRate, beta, marketRiskPremium, defaultCostOfDebt, costOfDebtRange, waccRange } = assumptions;
  const costOfEquity = riskFreeRate + beta * marketRiskPremium;
  const equity = (finite(latest.parent_equity) ?? 0) + (finite(latest.minority_interest) ?? 0);
  const debt = interestBearingDebt(latest) ?? 0;
  if (equity <= 0) return null;
  const previousDebt = interestBearingDebt(previous);
  const averageDebt = previousDebt === null ? debt : (debt + previousDebt) / 2;
  const interest = finite(latest.financial_expenses);
  const costOfDebt =
    interest !== null && interest > 0 && averageDebt > 0
      ? clamp(interest / averageDebt, costOfDebtRange)
      : defaultCostOfDebt;
  const totalProfit = finite(latest.total_profit);
  const incomeTax = finite(latest.income_tax);
  const taxRate =
    totalProfit !== null && totalProfit > 0 && incomeTax !== null
      ? clamp(incomeTax / totalProfit, [0, 1])
      : DEFAULT_TAX_RATE;
  const weightOfDebt = debt / (debt + equity);
  const wacc = (1 - weightOfDebt) * costOfEquity + weightOfDebt * costOfDebt * (1 - taxRate);
  return clamp(wacc, waccRange);
}

/** Total shares (亿股): share capital at 1 元 par, else 归母净利润 / basic EPS. */
export function calculateTotalShares(latest: StatementYear): number | null {
  const capital = finite(latest.share_capital);
  if (capital !== null && capital > 0) return capital;
  const netProfit = finite(latest.net_profit_parent);
  const eps = finite(latest.eps_basic);
  if (netProfit !== null && eps !== null && eps !== 0 && netProfit / eps > 0) return netProfit / eps;
  return null;
}

/** Non-core assets, cash, interest-bearing debt and minority interest at the latest balance sheet. */
export function equityBridge(latest: StatementYear): EquityBridge {
  return {
    non_core_assets: nonCoreAssets(latest) ?? 0,
    cash: finite(latest.cash) ?? 0,
    interest_bearing_liabilities: interestBearingDebt(latest) ?? 0,
    minority_interest: finite(latest.minority_interest) ?? 0,
  };
}

export interface EffectiveParameters {
  readonly wacc: number;
  readonly wacc_calculated: number | null;
  readonly terminal_growth_rate: number;
  readonly total_shares: number;
  readonly total_shares_calculated: number | null;
  readonly manual: ValuationParameters;
}

/** Effective value = manual if set, else calculated (WACC falls back to 8%, g defaults to 2%). */
export function effectiveParameters(
  statements: CompanyStatements,
  latestYear: number,
  manual: ValuationParameters,
  assumptions: WaccAssumptions = WACC_ASSUMPTIONS,
): EffectiveParameters {
  const latest = statements.years[latestYear] ?? {};
  const wacc_calculated = calculateWacc(latest, statements.years[latestYear - 1], assumptions);
  const total_shares_calculated = calculateTotalShares(latest);
  return {
    wacc: manual.wacc_manual ?? wacc_calculated ?? FALLBACK_WACC,
    wacc_calculated,
    terminal_growth_rate: manual.terminal_growth_rate_manual ?? DEFAULT_TERMINAL_GROWTH_RATE,
    total_shares: manual.total_shares_manual ?? total_shares_calculated ?? 0,
    total_shares_calculated,
    manual,
  };
}
