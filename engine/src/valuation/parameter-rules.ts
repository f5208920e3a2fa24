import { DRIVER_KEYS, type DriverKey } from '../forecast/drivers.ts';
import { WORKING_CAPITAL_KEY_PAIRS, type WorkingCapitalRatioKey } from '../history/financial-row.ts';
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
}

const rule = (label: string, min: number, max: number, percent = true): ParameterRule => ({
  label,
  min,
  max,
  percent,
});

/** Growth −20%..25% (docs/requirements.md#growth-range); the other ranges bound what is plausible. */
export const PARAMETER_RULES: Readonly<Record<AdjustableParameter, ParameterRule>> = {
  operating_revenue_yoy: rule('营业收入增长率', -0.2, 0.25),
  operating_cost_pct: rule('营业成本率', 0, 1.5),
  tax_expenses_pct: rule('税金及附加率', 0, 0.5),
  selling_expenses_pct: rule('销售费用率', 0, 1),
  management_expenses_pct: rule('管理费用率', 0, 1),
  r_and_d_expenses_pct: rule('研发费用率', 0, 1),
  income_tax_to_total_profit: rule('所得税率', 0, 0.5),
  da_ratio: rule('折旧摊销/营业收入', 0, 0.5),
  Capex_to_Revenue_Ratio: rule('资本开支/营业收入', 0, 1),
  ...(Object.fromEntries(
    WORKING_CAPITAL_KEY_PAIRS.map(([item, key]) => [key, rule(`${ITEM_LABELS[item]}/营业收入`, 0, 10)]),
  ) as Record<WorkingCapitalRatioKey, ParameterRule>),
  wacc_manual: rule('WACC', 0.01, 0.3),
  terminal_growth_rate_manual: rule('永续增长率', -0.05, 0.06),
  total_shares_manual: rule('总股本（亿股）', 0.0001, 100_000, false),
};

/**
 * The value-driver terminal value's return on new invested capital (a what-if parameter, not stored):
 * positive, and at most 100%, beyond which the formula says growth is free.
 */
export const RONIC_RULE: ParameterRule = rule('新增投资回报率（RONIC）', 0.01, 1);

export const ADJUSTABLE_PARAMETERS: readonly AdjustableParameter[] = [...DRIVER_KEYS, ...VALUATION_PARAMETER_KEYS];

const ADJUSTABLE_SET: ReadonlySet<string> = new Set(ADJUSTABLE_PARAMETERS);
export function isAdjustableParameter(name: string): name is AdjustableParameter {
  return ADJUSTABLE_SET.has(name);
}

export function shown(value: number, percent: boolean): string {
  return percent ? `${Number((value * 100).toFixed(4))}%` : String(value);
}

/** Why a value may not be set ('无效的数值', out of range), or undefined when it may. */
export function parameterError(name: AdjustableParameter, value: unknown): string | undefined {
  const { label, min, max, percent } = PARAMETER_RULES[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${label}：无效的数值`;
  if (value < min || value > max) {
    return `${label}超出合理范围（${shown(min, percent)} 至 ${shown(max, percent)}）`;
  }
  return undefined;
}

/** WACC must stay above g, or the terminal value is meaningless (checked on the effective pair). */
export function waccGrowthError(wacc: number, terminalGrowth: number): string | undefined {
  return wacc > terminalGrowth
    ? undefined
    : `WACC（${shown(wacc, true)}）必须大于永续增长率（${shown(terminalGrowth, true)}）`;
}
