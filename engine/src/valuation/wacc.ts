import { interestBearingDebt } from '../history/analytics.ts';
import { DEFAULT_TAX_RATE } from '../history/historical-rows.ts';
import type { StatementYear } from '../statements/items.ts';

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
  /** The industry whose beta `beta` is; null or absent when it is the default. */
  readonly betaIndustry?: string | null;
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

/** The fallback WACC (docs/requirements.md#defaults), used only when nothing can be calculated. */
export const FALLBACK_WACC = 0.08;

/** Every input of the calculated WACC, as the WACC panel shows them. */
export interface WaccComponents {
  readonly risk_free_rate: number;
  readonly equity_risk_premium: number;
  readonly beta: number;
  /** The industry whose beta was used; null = the default beta. */
  readonly beta_industry: string | null;
  /** Pre-tax. */
  readonly cost_of_debt: number;
  readonly tax_rate: number;
  readonly equity_weight: number;
  readonly debt_weight: number;
}

export type WaccBound = 'floor' | 'cap';

/** The calculated WACC before and after its bounds, and its inputs. */
export interface WaccCalculation {
  /** (1 − D/V) × (rf + β × ERP) + D/V × Kd × (1 − t), before any bound. */
  readonly raw: number;
  /** `raw` kept within the assumptions' WACC range. */
  readonly bounded: number;
  readonly bound: WaccBound | null;
  readonly components: WaccComponents;
}

/** What the valuation shows of its WACC (the WACC panel, the wacc-data endpoint). */
export interface WaccBreakdown {
  /** The calculated WACC before any bound; null when it cannot be calculated (equity not positive). */
  readonly calculated_wacc: number | null;
  /** The WACC the valuation uses: the manual one, else the calculated one within its bounds, else 8%. */
  readonly applied_wacc: number;
  /** The bound that moved the applied WACC; null when none did (or a manual WACC applies). */
  readonly bound_applied: WaccBound | null;
  readonly components: WaccComponents | null;
}

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** The inputs the WACC formula reads (the weights sum to 1, so the debt weight says both). */
export type WaccFormulaInputs = Pick<
  WaccComponents,
  'risk_free_rate' | 'equity_risk_premium' | 'beta' | 'cost_of_debt' | 'tax_rate' | 'debt_weight'
>;

/** CAPM, rf + β × ERP: the cost of equity of the WACC and of the excess-return model (docs/model.md). */
export function costOfEquity(inputs: Pick<WaccComponents, 'risk_free_rate' | 'beta' | 'equity_risk_premium'>): number {
  return inputs.risk_free_rate + inputs.beta * inputs.equity_risk_premium;
}

/** The CAPM cost of equity of a set of assumptions (the industry's β when the server passes it). */
export function costOfEquityOf(assumptions: WaccAssumptions): number {
  return costOfEquity({
    risk_free_rate: assumptions.riskFreeRate,
    beta: assumptions.beta,
    equity_risk_premium: assumptions.marketRiskPremium,
  });
}

/** (1 − D/V) × (rf + β × ERP) + D/V × Kd × (1 − t): the WACC of its inputs, before any bound. */
export function waccFromInputs(inputs: WaccFormulaInputs): number {
  return (
    (1 - inputs.debt_weight) * costOfEquity(inputs) + inputs.debt_weight * inputs.cost_of_debt * (1 - inputs.tax_rate)
  );
}

/** A calculated WACC kept within `range`, and the bound that moved it (null when none did). */
export function boundedWacc(raw: number, range: readonly [number, number]): Pick<WaccCalculation, 'bounded' | 'bound'> {
  return { bounded: clamp(raw, range), bound: raw < range[0] ? 'floor' : raw > range[1] ? 'cap' : null };
}
const finite = (value: number | undefined): number | null =>
  value !== undefined && Number.isFinite(value) ? value : null;

/**
 * The calculated WACC of the latest balance sheet, or null when book equity is not positive. `taxRate`
 * is the forecast's (so the tax shield and NOPAT use one rate); without it, the latest year's effective
 * rate (25% when profit is not positive).
 */
export function waccCalculation(
  latest: StatementYear,
  previous: StatementYear | undefined,
  assumptions: WaccAssumptions = WACC_ASSUMPTIONS,
  taxRate?: number,
): WaccCalculation | null {
  const { riskFreeRate, beta, marketRiskPremium, defaultCostOfDebt, costOfDebtRange, waccRange } = assumptions;
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
  const tax =
    taxRate ??
    (totalProfit !== null && totalProfit > 0 && incomeTax !== null
      ? clamp(incomeTax / totalProfit, [0, 1])
      : DEFAULT_TAX_RATE);
  const debtWeight = debt / (debt + equity);
  const components: WaccComponents = {
    risk_free_rate: riskFreeRate,
    equity_risk_premium: marketRiskPremium,
    beta,
    beta_industry: assumptions.betaIndustry ?? null,
    cost_of_debt: costOfDebt,
    tax_rate: tax,
    equity_weight: 1 - debtWeight,
    debt_weight: debtWeight,
  };
  const raw = waccFromInputs(components);
  return { raw, ...boundedWacc(raw, waccRange), components };
}

/** The calculated WACC within its bounds (waccCalculation's `bounded`), or null. */
export function calculateWacc(
  latest: StatementYear,
  previous: StatementYear | undefined,
  assumptions: WaccAssumptions = WACC_ASSUMPTIONS,
  taxRate?: number,
): number | null {
  return waccCalculation(latest, previous, assumptions, taxRate)?.bounded ?? null;
}

/** The breakdown of the WACC a valuation applies. */
export function waccBreakdown(calculation: WaccCalculation | null, manual: number | null): WaccBreakdown {
  return {
    calculated_wacc: calculation?.raw ?? null,
    applied_wacc: manual ?? calculation?.bounded ?? FALLBACK_WACC,
    bound_applied: manual === null ? (calculation?.bound ?? null) : null,
    components: calculation?.components ?? null,
  };
}
