import { DRIVER_KEYS, type DriverKey } from '../forecast/drivers.ts';
import { WORKING_CAPITAL_KEY_PAIRS, type WorkingCapitalRatioKey } from '../history/financial-row.ts';
import { percentText } from '../message-format.ts';
import { ITEM_LABELS } from '../statements/item-labels.ts';
import { VALUATION_PARAMETER_KEYS, type ValuationParameterKey } from './parameters.ts';

/**
 * What a person may set: every forecast driver and valuation parameter with its Chinese label and the
 * range the server accepts (fractions; shares in 亿股). One table for the admin pages, the what-if page,
 * the adjust-parameters endpoint and sync mutations, so all refuse the same values with the same words.
 */
export type AdjustableParameter = DriverKey | ValuationParameterKey;

export interface ParameterRule {
  readonly label: string;
  readonly min: number;
  readonly max: number;
  /** Typed in percent in the UI and stored divided by 100. */
  readonly percent: boolean;
  /** The value must be above `min`, not equal to it (an amount that divides: revenue, a share count). */
  readonly aboveMin?: boolean;
  /** Whole numbers only (a year of the story model). */
  readonly integer?: boolean;
}

const rule = (
  label: string,
  min: number,
  max: number,
  percent = true,
  options: Pick<ParameterRule, 'aboveMin' | 'integer'> = {},
): ParameterRule => ({ label, min, max, percent, ...options });

/** Growth −20%..25% (docs/requirements.md#growth-range); the other ranges bound what is plausible. */
export const PARAMETER_RULES: Readonly<Record<AdjustableParameter, ParameterRule>> = {
  operating_revenue_yoy: rule('营业收入增长率', -0.2, 0.25),
  operating_cost_pct: rule('营业成本率', 0, 1.5),
  tax_expenses_pct: rule('税金及附加率', 0, 0.5),
  selling_expenses_pct: rule('销售费用率', 0, 1),
  management_expenses_pct: rule('管理费用率', 0, 1),
  r_and_d_expenses_pct: rule('研发费用率', 0, 1),
  impairment_losses_pct: rule('资产及信用减值损失率', 0, 0.5),
  other_income_pct: rule('其他收益/营业收入', 0, 0.5),
  income_tax_to_total_profit: rule('所得税率', 0, 0.5),
  da_ratio: rule('折旧摊销/营业收入', 0, 0.5),
  Capex_to_Revenue_Ratio: rule('资本开支/营业收入', 0, 1),
  // A multiple, not a percent: revenue per yuan of operating long-term assets (a power plant ~0.3, a trader ~50).
  sales_to_capital: rule('销售额/经营性长期资产', 0.05, 100, false, { aboveMin: true }),
  ...(Object.fromEntries(
    WORKING_CAPITAL_KEY_PAIRS.map(([item, key]) => [key, rule(`${ITEM_LABELS[item]}/营业收入`, 0, 10)]),
  ) as Record<WorkingCapitalRatioKey, ParameterRule>),
  wacc_manual: rule('WACC', 0.01, 0.3),
  terminal_growth_rate_manual: rule('永续增长率', -0.05, 0.06),
  total_shares_manual: rule('总股本（亿股）', 0.0001, 100_000, false),
};

/**
 * The plausible range of each **automatic** driver (docs/model.md §4, "bounds"): a ratio the history gives
 * outside it is held at the bound and said (`auto_driver_bounded`). The range a person may set, narrower where
 * that one leaves room for what only a person should assert: the auto growth starts at 0%…25% (a decline is
 * not extrapolated), a working-capital ratio at most 5× revenue (a developer's inventories; beyond it is a
 * year of almost no sales).
 */
export const AUTO_DRIVER_RANGES: Readonly<Record<DriverKey, readonly [number, number]>> = autoDriverRanges();

function autoDriverRanges(): Record<DriverKey, readonly [number, number]> {
  const ranges = {} as Record<DriverKey, readonly [number, number]>;
  for (const key of DRIVER_KEYS) ranges[key] = [PARAMETER_RULES[key].min, PARAMETER_RULES[key].max];
  ranges.operating_revenue_yoy = [0, PARAMETER_RULES.operating_revenue_yoy.max];
  for (const [, key] of WORKING_CAPITAL_KEY_PAIRS) ranges[key] = [0, 5];
  return ranges;
}

/**
 * The EBIT margin the automatic cost ratios may add up to (revenue − costs − impairments + 其他收益, over
 * revenue): the story model's target-margin range. Beyond it the operating cost ratio, the line that holds
 * every cost the others do not, is moved to the bound.
 */
export const AUTO_EBIT_MARGIN_RANGE: readonly [number, number] = [-0.5, 0.8];

/**
 * The value-driver terminal value's return on new invested capital (a what-if parameter, not stored):
 * positive, and at most 100%, beyond which the formula says growth is free.
 */
export const RONIC_RULE: ParameterRule = rule('新增投资回报率（RONIC）', 0.01, 1);

/** Amounts of the story model are in whatever unit its caller uses; this bounds only the absurd. */
export const MODEL_AMOUNT_LIMIT = 1e15;

/**
 * The story model's levers (docs/model.md, the story model): the ten-year FCFF structure of Damodaran's
 * valuation spreadsheets. Rates are fractions; amounts in any one unit; shares in the unit the amounts are
 * per. Where a lever means what an FCFF parameter means, its range is that parameter's.
 */
export const STORY_PARAMETER_RULES = {
  base_revenue: rule('基期营业收入', 0, MODEL_AMOUNT_LIMIT, false, { aboveMin: true }),
  base_operating_income: rule('基期营业利润（EBIT）', -MODEL_AMOUNT_LIMIT, MODEL_AMOUNT_LIMIT, false),
  revenue_growth_years_1_5: rule('第1–5年营业收入增长率', -0.5, 1),
  terminal_growth: PARAMETER_RULES.terminal_growth_rate_manual,
  target_operating_margin: rule('目标营业利润率', ...AUTO_EBIT_MARGIN_RANGE),
  margin_convergence_year: rule('利润率收敛年份', 1, 10, false, { integer: true }),
  sales_to_capital_years_1_5: rule('第1–5年销售额/投入资本', 0.05, 20, false),
  sales_to_capital_years_6_10: rule('第6–10年销售额/投入资本', 0.05, 20, false),
  effective_tax_rate: { ...PARAMETER_RULES.income_tax_to_total_profit, label: '有效税率' },
  marginal_tax_rate: { ...PARAMETER_RULES.income_tax_to_total_profit, label: '边际税率' },
  cost_of_capital_initial: { ...PARAMETER_RULES.wacc_manual, label: '第1–5年资本成本' },
  cost_of_capital_terminal: { ...PARAMETER_RULES.wacc_manual, label: '永续期资本成本' },
  terminal_roc: { ...RONIC_RULE, label: '永续期资本回报率' },
  debt: rule('有息负债', 0, MODEL_AMOUNT_LIMIT, false),
  cash: rule('现金', 0, MODEL_AMOUNT_LIMIT, false),
  // Negative where a subsidiary's losses exceed its minority holders' equity (CAS statements show it so).
  minority_interest: rule('少数股东权益', -MODEL_AMOUNT_LIMIT, MODEL_AMOUNT_LIMIT, false),
  non_operating_assets: rule('非经营性资产', 0, MODEL_AMOUNT_LIMIT, false),
  // 0: no share count (then no value per share).
  shares: rule('总股本', 0, MODEL_AMOUNT_LIMIT, false),
  probability_of_failure: rule('失败概率', 0, 1),
  distress_proceeds: rule('失败时的资产变现所得', 0, MODEL_AMOUNT_LIMIT, false),
} as const satisfies Record<string, ParameterRule>;
export type StoryParameterKey = keyof typeof STORY_PARAMETER_RULES;
export const STORY_PARAMETER_KEYS = Object.keys(STORY_PARAMETER_RULES) as StoryParameterKey[];

/**
 * The excess-return model's own levers (its growth and share count are the FCFF's g and shares): the cost
 * of equity (CAPM by default), the normalised ROE it starts from and the sustainable ROE it fades to.
 */
export const EXCESS_RETURN_PARAMETER_RULES = {
  cost_of_equity: { ...PARAMETER_RULES.wacc_manual, label: '股权成本（Ke）' },
  normalised_roe: rule('常态化ROE', -0.5, 1),
  sustainable_roe: rule('可持续ROE', -0.2, 0.5),
} as const satisfies Record<string, ParameterRule>;
export type ExcessReturnParameterKey = keyof typeof EXCESS_RETURN_PARAMETER_RULES;
export const EXCESS_RETURN_PARAMETER_KEYS = Object.keys(EXCESS_RETURN_PARAMETER_RULES) as ExcessReturnParameterKey[];

/**
 * A valuation scenario's inputs (悲观 / 基准 / 乐观 and the reader's own, kept and synced per user: docs/sync.md),
 * fractions like every rate here; where an input means what a story-model or FCFF parameter means, its
 * range is that parameter's. And the scenario's weight, a share of 100%.
 */
export const SCENARIO_INPUT_RULES = {
  revenue_growth: { ...STORY_PARAMETER_RULES.revenue_growth_years_1_5, label: '营业收入增长率' },
  target_margin: STORY_PARAMETER_RULES.target_operating_margin,
  sales_to_capital: { ...STORY_PARAMETER_RULES.sales_to_capital_years_1_5, label: '销售额/投入资本' },
  wacc: PARAMETER_RULES.wacc_manual,
  terminal_growth: PARAMETER_RULES.terminal_growth_rate_manual,
  tax_rate: { ...PARAMETER_RULES.income_tax_to_total_profit, label: '税率' },
} as const satisfies Record<string, ParameterRule>;
export type ScenarioInputName = keyof typeof SCENARIO_INPUT_RULES;
export const SCENARIO_INPUT_NAMES = Object.keys(SCENARIO_INPUT_RULES) as [ScenarioInputName, ...ScenarioInputName[]];
export const SCENARIO_WEIGHT_RULE: ParameterRule = rule('权重', 0, 1);
/**
 * An excess-return scenario's inputs (banks, insurers, brokers, summary-only companies): the normalised ROE,
 * the cost of equity and g, each within its lever's range; the payout follows from them (g = ROE × (1 − payout)).
 */
export const EXCESS_RETURN_SCENARIO_INPUT_RULES = {
  normalised_roe: EXCESS_RETURN_PARAMETER_RULES.normalised_roe,
  cost_of_equity: EXCESS_RETURN_PARAMETER_RULES.cost_of_equity,
  terminal_growth: PARAMETER_RULES.terminal_growth_rate_manual,
} as const satisfies Record<string, ParameterRule>;
export type ExcessReturnScenarioInputName = keyof typeof EXCESS_RETURN_SCENARIO_INPUT_RULES;
export const EXCESS_RETURN_SCENARIO_INPUT_NAMES = Object.keys(EXCESS_RETURN_SCENARIO_INPUT_RULES) as [
  ExcessReturnScenarioInputName,
  ...ExcessReturnScenarioInputName[],
];

/** Every lever of the models beyond the FCFF's (models/): the one table their checks read. */
export type ModelParameterKey = StoryParameterKey | ExcessReturnParameterKey;
export const MODEL_PARAMETER_RULES: Readonly<Record<ModelParameterKey, ParameterRule>> = {
  ...STORY_PARAMETER_RULES,
  ...EXCESS_RETURN_PARAMETER_RULES,
};

export const ADJUSTABLE_PARAMETERS: readonly AdjustableParameter[] = [...DRIVER_KEYS, ...VALUATION_PARAMETER_KEYS];

const ADJUSTABLE_SET: ReadonlySet<string> = new Set(ADJUSTABLE_PARAMETERS);
export function isAdjustableParameter(name: string): name is AdjustableParameter {
  return ADJUSTABLE_SET.has(name);
}

/** A driver's value as the bases and warnings say it: '384.08%', or a multiple '0.35'. */
export function driverValueText(key: DriverKey, value: number): string {
  return PARAMETER_RULES[key].percent ? percentText(value) : value.toFixed(2);
}

export function shown(value: number, percent: boolean): string {
  return percent ? `${Number((value * 100).toFixed(4))}%` : String(value);
}

/** Why a value may not be set ('无效的数值', out of range), or undefined when it may. */
export function parameterError(name: AdjustableParameter, value: unknown): string | undefined {
  return ruleError(PARAMETER_RULES[name], value);
}

/** Why a value may not be set under `rule` (any lever of any model), or undefined when it may. */
export function ruleError(rule: ParameterRule, value: unknown): string | undefined {
  const violation = ruleViolation(rule, value);
  if (violation === 'invalid') return `${rule.label}：无效的数值`;
  return violation === 'out_of_range' ? `${rule.label}超出合理范围（${rangeText(rule)}）` : undefined;
}

/** What is wrong with `value` under `rule`: not a finite number, outside its range (or not whole), or nothing. */
export function ruleViolation(rule: ParameterRule, value: unknown): 'invalid' | 'out_of_range' | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'invalid';
  const belowMin = rule.aboveMin ? value <= rule.min : value < rule.min;
  if (belowMin || value > rule.max || (rule.integer && !Number.isInteger(value))) return 'out_of_range';
  return undefined;
}

/** A rule's range as the messages say it: '1% 至 30%', '大于 0 至 …', '1 至 10 的整数'. */
export function rangeText({ min, max, percent, aboveMin, integer }: ParameterRule): string {
  const range = `${aboveMin ? '大于 ' : ''}${shown(min, percent)} 至 ${shown(max, percent)}`;
  return integer ? `${range} 的整数` : range;
}

/** WACC must stay above g, or the terminal value is meaningless (checked on the effective pair). */
export function waccGrowthError(wacc: number, terminalGrowth: number): string | undefined {
  return wacc > terminalGrowth
    ? undefined
    : `WACC（${shown(wacc, true)}）必须大于永续增长率（${shown(terminalGrowth, true)}）`;
}
