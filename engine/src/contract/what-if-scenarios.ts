import * as z from 'zod/mini';
import { SCENARIO_LIMITS } from '../sync/scenario-edits.ts';
import { weightsIssue } from '../uncertainty/scenarios.ts';
import {
  EXCESS_RETURN_SCENARIO_INPUT_RULES,
  type ParameterRule,
  rangeText,
  ruleError,
  SCENARIO_INPUT_RULES,
  SCENARIO_WEIGHT_RULE,
} from '../valuation/parameter-rules.ts';
import { numberField } from './text-fields.ts';

/**
 * The what-if's optional scenarios (docs/model.md, uncertainty): each a name, a weight and any drivers of
 * the company's model within the engine's range table — the story model's six, or excess returns' ROE, Ke
 * and g for a bank, an insurer, a broker or a summary-only company (a driver left out is 基准's; one of the
 * other model is refused where the company is known); the weights total 100%. The answer gives each
 * scenario's value per share and their weighted value.
 */

/** A number within a rule's range, refused with the rule's Chinese message. */
function ruleField(rule: ParameterRule, what: string) {
  return numberField.check(
    z.refine((value) => ruleError(rule, value) === undefined, {
      error: (issue) => ruleError(rule, issue.input) ?? `${rule.label}：无效的数值`,
    }),
    z.describe(`${rule.label}（${what}；${rangeText(rule)}）`),
  );
}

const RATE = '小数，0.05 = 5%';
const driver = (name: keyof typeof SCENARIO_INPUT_RULES) =>
  z.optional(ruleField(SCENARIO_INPUT_RULES[name], SCENARIO_INPUT_RULES[name].percent ? RATE : '倍数'));
const excessReturnDriver = (name: 'normalised_roe' | 'cost_of_equity') =>
  z.optional(ruleField(EXCESS_RETURN_SCENARIO_INPUT_RULES[name], `${RATE}；仅超额收益模型`));

export const whatIfScenarioSchema = z.strictObject({
  name: z
    .string({ error: '情景名称无效' })
    .check(
      z.trim(),
      z.minLength(1, '情景名称不能为空'),
      z.maxLength(SCENARIO_LIMITS.nameMax, `情景名称不能超过${SCENARIO_LIMITS.nameMax}个字符`),
    ),
  weight: ruleField(SCENARIO_WEIGHT_RULE, '小数，0.25 = 25%；各情景合计为 1'),
  revenue_growth: driver('revenue_growth'),
  target_margin: driver('target_margin'),
  sales_to_capital: driver('sales_to_capital'),
  wacc: driver('wacc'),
  terminal_growth: driver('terminal_growth'),
  tax_rate: driver('tax_rate'),
  normalised_roe: excessReturnDriver('normalised_roe'),
  cost_of_equity: excessReturnDriver('cost_of_equity'),
});
export type WhatIfScenario = z.infer<typeof whatIfScenarioSchema>;

export const whatIfScenariosField = z.array(whatIfScenarioSchema).check(
  z.minLength(1, '至少需要一个情景'),
  z.maxLength(SCENARIO_LIMITS.perCompany, `最多 ${SCENARIO_LIMITS.perCompany} 个情景`),
  z.superRefine((scenarios, context) => {
    const issue = weightsIssue(scenarios);
    if (issue) context.addIssue({ code: 'custom', message: issue, input: scenarios });
  }),
  z.describe(
    '可选：情景 [{name, weight, 驱动因素…}]：按公司的模型计算每个情景的每股价值与加权价值。自由现金流公司按故事估值模型，驱动因素为 revenue_growth、target_margin、sales_to_capital、wacc、terminal_growth、tax_rate；银行、保险、证券与仅有财务摘要的公司按超额收益模型，驱动因素为 normalised_roe、cost_of_equity、terminal_growth。未给出的驱动因素取基准情景的值，另一模型的驱动因素为 400；权重合计须为 100%',
  ),
);

const nullableNumber = z.nullable(z.number());

export const whatIfScenariosAnswer = z.object({
  scenarios: z.array(
    z.object({
      name: z.string(),
      weight: z.number(),
      value_per_share: nullableNumber.check(z.describe('情景的每股价值（元）；模型拒绝时为 null，原因见 refusal')),
      refusal: z.nullable(z.string()),
    }),
  ),
  weighted_value: nullableNumber.check(z.describe('情景加权每股价值（元）；有情景被拒绝时为 null')),
});
