import { ValuationError } from '../../errors.ts';
import { minorityClaim } from '../bridge.ts';
import { type InputIssue, inputIssuesMessage, rangeIssue } from '../input-validation.ts';
import {
  type ParameterRule,
  STORY_PARAMETER_KEYS,
  STORY_PARAMETER_RULES,
  type StoryParameterKey,
  shown,
} from '../parameter-rules.ts';

/**
 * The story model (docs/model.md): the ten-year FCFF structure of Damodaran's public valuation spreadsheets,
 * told by its levers. Rates are fractions, amounts in any one unit, shares in the unit the amounts are per.
 */
export type StoryInputs = Readonly<Record<StoryParameterKey, number>> & {
  /**
   * The minorities' share of profit when a company's bridge values them pro rata (docs/model.md §7): then
   * minority interest is that share of the equity before minorities, as in the DCF, and `minority_interest`
   * is their book value beside. Absent or null (a lever set by hand, the public calculator): `minority_interest`.
   */
  readonly minority_profit_share?: number | null;
};

/** The explicit years, and the first of them whose growth, tax and cost of capital stay at their start. */
export const STORY_YEARS = 10;
export const STORY_STABLE_START_YEARS = 5;

/** The levers a caller may leave out, and what they then are. */
export const STORY_OPTIONAL_DEFAULTS = { probability_of_failure: 0, distress_proceeds: 0 } as const;

export interface StoryYear {
  /** 1..10. */
  readonly year: number;
  readonly revenue: number;
  readonly growth: number;
  readonly operating_margin: number;
  readonly operating_income: number;
  readonly tax_rate: number;
  /** Operating income after tax; a loss pays no tax and is carried forward against later profits. */
  readonly nopat: number;
  readonly reinvestment: number;
  readonly fcff: number;
  readonly cost_of_capital: number;
  /** Cumulative: Π 1 / (1 + cost of capitalₖ), k = 1..year. */
  readonly discount_factor: number;
  readonly pv: number;
}

export interface StoryTerminal {
  readonly revenue: number;
  readonly nopat: number;
  readonly reinvestment: number;
  readonly fcff: number;
  /** At the end of year 10: FCFF / (terminal cost of capital − g). */
  readonly value: number;
  readonly pv: number;
}

export interface StoryValuation {
  readonly years: readonly StoryYear[];
  readonly terminal: StoryTerminal;
  readonly operating_assets: number;
  /** The minorities' claim deducted: pro rata to their share of profit, or the `minority_interest` lever. */
  readonly minority_interest: number;
  readonly equity_value: number;
  /** null when there is no share count. */
  readonly value_per_share: number | null;
}

const RULES: Readonly<Record<StoryParameterKey, ParameterRule>> = STORY_PARAMETER_RULES;

/**
 * Every lever against its range, and the terminal cost of capital above the terminal growth (else the
 * terminal value means nothing). Empty when the inputs may be valued. The endpoint and the model both ask.
 */
export function storyInputIssues(inputs: Readonly<Record<string, unknown>>): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const key of STORY_PARAMETER_KEYS) {
    const issue = rangeIssue(key, RULES[key], inputs[key]);
    if (issue) issues.push(issue);
  }
  const { cost_of_capital_terminal: cost, terminal_growth: growth } = inputs;
  const ratesValid = !issues.some(
    (issue) => issue.field === 'cost_of_capital_terminal' || issue.field === 'terminal_growth',
  );
  if (ratesValid && typeof cost === 'number' && typeof growth === 'number' && cost <= growth) {
    issues.push({
      code: 'wacc_not_above_growth',
      field: 'cost_of_capital_terminal',
      value: cost,
      message: `${RULES.cost_of_capital_terminal.label}（cost_of_capital_terminal）${shown(cost, true)} 必须大于${RULES.terminal_growth.label}（terminal_growth）${shown(growth, true)}`,
    });
  }
  return issues;
}

/** A lever of year t (1..10) that holds for years 1–5 and moves linearly to its terminal level by year 10. */
export function storyFadingLever(start: number, end: number, t: number): number {
  return t <= STORY_STABLE_START_YEARS
    ? start
    : start + ((end - start) * (t - STORY_STABLE_START_YEARS)) / (STORY_YEARS - STORY_STABLE_START_YEARS);
}

/** Operating margin of year t: linear from today's to the target, reached in the convergence year. */
export function storyMarginOf(inputs: StoryInputs, t: number): number {
  const today = inputs.base_operating_income / inputs.base_revenue;
  const year = inputs.margin_convergence_year;
  return today + ((inputs.target_operating_margin - today) * Math.min(t, year)) / year;
}

/** Operating income after tax: a profit is taxed on what exceeds the loss carried forward; a loss pays none. */
export function nopatAfterLoss(income: number, carriedLoss: number, taxRate: number): number {
  return income > 0 ? income - Math.max(0, income - carriedLoss) * taxRate : income;
}

/** The loss carried into the next year: used up by a profit, grown by a loss. */
export function carriedLossAfter(income: number, carriedLoss: number): number {
  return income > 0 ? Math.max(0, carriedLoss - income) : carriedLoss - income;
}

/** Σ present values of the ten years plus that of the terminal value: the firm as a going concern. */
export function goingConcernValue(valuation: Pick<StoryValuation, 'years' | 'terminal'>): number {
  let sum = valuation.terminal.pv;
  for (const year of valuation.years) sum += year.pv;
  return sum;
}

/** Value of the operating assets: the going concern, weighted with the distress proceeds by the chance of failure. */
export function operatingAssetsOf(inputs: StoryInputs, goingConcern: number): number {
  const p = inputs.probability_of_failure;
  return goingConcern * (1 - p) + inputs.distress_proceeds * p;
}

/** From operating assets to equity: − debt + cash + non-operating assets, then the minorities' claim. */
export function storyEquityOf(inputs: StoryInputs, operatingAssets: number): { equity: number; minority: number } {
  const before = operatingAssets - inputs.debt + inputs.cash + inputs.non_operating_assets;
  const minority = minorityClaim(before, inputs.minority_profit_share, inputs.minority_interest);
  return { equity: before - minority, minority };
}

/**
 * The story model's valuation, year by year (see docs/model.md for every formula). Throws INVALID_MODEL_INPUT
 * with the issues' messages when a lever is out of its range or the terminal cost of capital ≤ g.
 */
export function storyValuation(inputs: StoryInputs): StoryValuation {
  const issues = storyInputIssues(inputs);
  if (issues.length > 0) {
    throw new ValuationError('INVALID_MODEL_INPUT', issues[0]?.field, inputIssuesMessage(issues));
  }
  const years: StoryYear[] = [];
  let revenue = inputs.base_revenue;
  let carriedLoss = 0;
  let factor = 1;
  for (let t = 1; t <= STORY_YEARS; t++) {
    const growth = storyFadingLever(inputs.revenue_growth_years_1_5, inputs.terminal_growth, t);
    const previous = revenue;
    revenue = previous * (1 + growth);
    const margin = storyMarginOf(inputs, t);
    const income = revenue * margin;
    const taxRate = storyFadingLever(inputs.effective_tax_rate, inputs.marginal_tax_rate, t);
    const nopat = nopatAfterLoss(income, carriedLoss, taxRate);
    carriedLoss = carriedLossAfter(income, carriedLoss);
    const salesToCapital =
      t <= STORY_STABLE_START_YEARS ? inputs.sales_to_capital_years_1_5 : inputs.sales_to_capital_years_6_10;
    const reinvestment = (revenue - previous) / salesToCapital;
    const fcff = nopat - reinvestment;
    const costOfCapital = storyFadingLever(inputs.cost_of_capital_initial, inputs.cost_of_capital_terminal, t);
    factor /= 1 + costOfCapital;
    years.push({
      year: t,
      revenue,
      growth,
      operating_margin: margin,
      operating_income: income,
      tax_rate: taxRate,
      nopat,
      reinvestment,
      fcff,
      cost_of_capital: costOfCapital,
      discount_factor: factor,
      pv: fcff * factor,
    });
  }
  const terminal = storyTerminalOf(inputs, revenue, factor);
  const operatingAssets = operatingAssetsOf(inputs, goingConcernValue({ years, terminal }));
  const { equity, minority } = storyEquityOf(inputs, operatingAssets);
  return {
    years,
    terminal,
    operating_assets: operatingAssets,
    minority_interest: minority,
    equity_value: equity,
    value_per_share: inputs.shares > 0 ? equity / inputs.shares : null,
  };
}

/**
 * The year after the tenth, growing at g forever: the target margin, the marginal tax rate, and the
 * reinvestment growth needs at the terminal return on capital (none when g ≤ 0).
 */
export function storyTerminalOf(inputs: StoryInputs, lastRevenue: number, lastFactor: number): StoryTerminal {
  const g = inputs.terminal_growth;
  const revenue = lastRevenue * (1 + g);
  const income = revenue * inputs.target_operating_margin;
  const nopat = income > 0 ? income * (1 - inputs.marginal_tax_rate) : income;
  const reinvestment = g > 0 ? (g / inputs.terminal_roc) * nopat : 0;
  const fcff = nopat - reinvestment;
  const value = fcff / (inputs.cost_of_capital_terminal - g);
  return { revenue, nopat, reinvestment, fcff, value, pv: value * lastFactor };
}
