import { interestBearingDebt } from '../history/analytics.ts';
import { DEFAULT_TAX_RATE } from '../history/historical-rows.ts';
import type { StatementYear } from '../statements/items.ts';
import { CHINA_10Y_YIELDS, type RiskFreeRate, riskFreeRateAt } from './risk-free-rates.ts';
import { syntheticRating } from './synthetic-rating.ts';

/**
 * Inputs of the calculated WACC (docs/model.md §6): the risk-free rate at the valuation date from the year-end
 * 10-year government bond yields (`riskFreeRate` only where no date or table gives one), the industry's β
 * unlevered at INDUSTRY_BETA_DEBT_TO_EQUITY and relevered at the company's D/E, the equity risk premium, and
 * the cost of debt = risk-free + the synthetic rating's spread (`defaultCostOfDebt` only without an EBIT).
 * The calculated WACC is kept within `waccRange`, with a warning giving both figures. The server keeps these
 * inputs (and a β per industry, and an admin's yields) in its database and passes them in.
 */
export interface WaccAssumptions {
  /** The risk-free rate where `riskFreeRates` cannot give one (no valuation date). */
  readonly riskFreeRate: number;
  /** Year-end 10-year government bond yields (risk-free-rates.ts); absent: the engine's table. */
  readonly riskFreeRates?: readonly RiskFreeRate[];
  /** Industry beta (levered, at INDUSTRY_BETA_DEBT_TO_EQUITY); 1.0 = the market. */
  readonly beta: number;
  /** The industry whose beta `beta` is; null or absent when it is the default. */
  readonly betaIndustry?: string | null;
  readonly marketRiskPremium: number;
  /** The pre-tax cost of debt when there is no EBIT to rate the company by. */
  readonly defaultCostOfDebt: number;
  /** Shown by the WACC tool as a plausible range; the synthetic rating is not bounded by it. */
  readonly costOfDebtRange: readonly [number, number];
  readonly waccRange: readonly [number, number];
}

export const WACC_ASSUMPTIONS: WaccAssumptions = {
  riskFreeRate: 0.03,
  riskFreeRates: CHINA_10Y_YIELDS,
  beta: 1,
  marketRiskPremium: 0.06,
  defaultCostOfDebt: 0.045,
  costOfDebtRange: [0.03, 0.08],
  waccRange: [0.06, 0.14],
};

/**
 * The debt-to-equity the industry βs are read at (*our choice*, docs/model.md §6): the stored βs are levered
 * industry figures, unlevered at this D/E and the statutory 25% (Hamada) before relevering at a company's own,
 * so a company at this leverage keeps its industry's β.
 */
export const INDUSTRY_BETA_DEBT_TO_EQUITY = 0.5;
/** The tax rate of the industry βs' leverage (the statutory PRC rate). */
const INDUSTRY_BETA_TAX_RATE = 0.25;

/** The fallback WACC (docs/requirements.md#defaults), used only when nothing can be calculated. */
export const FALLBACK_WACC = 0.08;

/** Every input of the calculated WACC, as the WACC panel shows them. */
export interface WaccComponents {
  readonly risk_free_rate: number;
  readonly equity_risk_premium: number;
  readonly beta: number;
  /** The industry whose beta was used; null = the default beta. */
  readonly beta_industry: string | null;
  /** Pre-tax: the risk-free rate + the synthetic rating's default spread. */
  readonly cost_of_debt: number;
  readonly tax_rate: number;
  readonly equity_weight: number;
  readonly debt_weight: number;
  /** The year-end whose government bond yield is the risk-free rate; null: the default rate (no date). */
  readonly risk_free_date?: string | null;
  /** The industry's β unlevered (Hamada); `beta` is it relevered at `debt_to_equity`. */
  readonly beta_unlevered?: number;
  readonly debt_to_equity?: number;
  /** Market weights (equity at the quote's market cap) or book weights (no quote with a price). */
  readonly weights_basis?: WeightsBasis;
  /** The quote's market cap (亿元) and its date, when the weights are the market's. */
  readonly market_cap?: number | null;
  readonly market_cap_date?: string | null;
  /** EBIT ÷ 财务费用; null when 财务费用 ≤ 0 or there is no EBIT. */
  readonly interest_coverage?: number | null;
  /** The synthetic rating and its spread; null without an EBIT (then the default cost of debt). */
  readonly synthetic_rating?: string | null;
  readonly default_spread?: number | null;
}

export type WeightsBasis = 'market' | 'book';

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

/** The risk-free rate of a valuation dated `asOf`: the year-end yield (risk-free-rates.ts), else the default. */
export function riskFreeRateOf(assumptions: WaccAssumptions, asOf?: string | null): number {
  return riskFreeRateAt(asOf, assumptions.riskFreeRates ?? CHINA_10Y_YIELDS)?.rate ?? assumptions.riskFreeRate;
}

/**
 * The CAPM cost of equity of a set of assumptions at the industry's β (as stored, not relevered: the excess
 * return model's financial companies have no D/E to relever at), dated `asOf`.
 */
export function costOfEquityOf(assumptions: WaccAssumptions, asOf?: string | null): number {
  return costOfEquity({
    risk_free_rate: riskFreeRateOf(assumptions, asOf),
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

/** What the WACC reads beside the balance sheet. */
export interface WaccContext {
  /** The forecast's tax rate (so the tax shield and NOPAT use one rate); absent: the latest effective rate. */
  readonly taxRate?: number;
  /** The valuation date, 'YYYY-MM-DD': it dates the risk-free rate. */
  readonly asOf?: string | null;
  /** The ordinary equity's market value (亿元: a quote's price × its 总股本) and its date; absent: book weights. */
  readonly marketCap?: { readonly value: number; readonly date: string } | null;
  /** The latest year's operating EBIT (the history row's), which rates the company's debt. */
  readonly ebit?: number | null;
}

/**
 * The calculated WACC of the latest balance sheet (docs/model.md §6), or null when the equity is not positive:
 * E = the market cap + minority interest with a quote (market weights), else parent equity + minority −
 * 其他权益工具 (book); D = interest-bearing debt + 其他权益工具 (perpetuals rank before the ordinary shares, as
 * in the bridge); Ke = rf + β × ERP with β = βu × (1 + (1 − t) × D/E); Kd = rf + the synthetic rating's spread.
 */
export function waccCalculation(
  latest: StatementYear,
  assumptions: WaccAssumptions = WACC_ASSUMPTIONS,
  context: WaccContext = {},
): WaccCalculation | null {
  const { beta: industryBeta, marketRiskPremium, defaultCostOfDebt, waccRange } = assumptions;
  const claims = finite(latest.other_equity_instruments) ?? 0;
  const minority = finite(latest.minority_interest) ?? 0;
  const market = context.marketCap && context.marketCap.value > 0 ? context.marketCap : null;
  const equity = market ? market.value + minority : (finite(latest.parent_equity) ?? 0) + minority - claims;
  const debt = (interestBearingDebt(latest) ?? 0) + claims;
  if (equity <= 0) return null;
  const dated = riskFreeRateAt(context.asOf, assumptions.riskFreeRates ?? CHINA_10Y_YIELDS);
  const riskFree = dated?.rate ?? assumptions.riskFreeRate;
  const totalProfit = finite(latest.total_profit);
  const incomeTax = finite(latest.income_tax);
  const tax =
    context.taxRate ??
    (totalProfit !== null && totalProfit > 0 && incomeTax !== null
      ? clamp(incomeTax / totalProfit, [0, 1])
      : DEFAULT_TAX_RATE);
  const debtToEquity = debt / equity;
  const unlevered = industryBeta / (1 + (1 - INDUSTRY_BETA_TAX_RATE) * INDUSTRY_BETA_DEBT_TO_EQUITY);
  const beta = unlevered * (1 + (1 - tax) * debtToEquity);
  const ebit = context.ebit ?? null;
  const rating = ebit === null ? null : syntheticRating(ebit, finite(latest.financial_expenses) ?? 0);
  const costOfDebt = rating ? riskFree + rating.spread : defaultCostOfDebt;
  const debtWeight = debt / (debt + equity);
  const components: WaccComponents = {
    risk_free_rate: riskFree,
    equity_risk_premium: marketRiskPremium,
    beta,
    beta_industry: assumptions.betaIndustry ?? null,
    cost_of_debt: costOfDebt,
    tax_rate: tax,
    equity_weight: 1 - debtWeight,
    debt_weight: debtWeight,
    risk_free_date: dated?.date ?? null,
    beta_unlevered: unlevered,
    debt_to_equity: debtToEquity,
    weights_basis: market ? 'market' : 'book',
    market_cap: market?.value ?? null,
    market_cap_date: market?.date ?? null,
    interest_coverage: rating?.coverage ?? null,
    synthetic_rating: rating?.rating ?? null,
    default_spread: rating?.spread ?? null,
  };
  const raw = waccFromInputs(components);
  return { raw, ...boundedWacc(raw, waccRange), components };
}

/** The calculated WACC within its bounds (waccCalculation's `bounded`), or null. */
export function calculateWacc(
  latest: StatementYear,
  assumptions: WaccAssumptions = WACC_ASSUMPTIONS,
  context: WaccContext = {},
): number | null {
  return waccCalculation(latest, assumptions, context)?.bounded ?? null;
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
