import * as z from 'zod/mini';
import { rangeText, STORY_PARAMETER_RULES, type StoryParameterKey } from '../valuation/parameter-rules.ts';
import { envelope, named } from './envelope.ts';
import { numberField } from './text-fields.ts';

/**
 * The public story calculator, `POST /api/valuation/story`: the story model's levers in, its ten years,
 * terminal year and value out (docs/model.md, the story model). The body's types are checked here; the
 * ranges and the terminal cost of capital above g are the engine's one check (storyInputIssues).
 */

/** A lever's number, described by its label and range (rates as fractions, amounts in the caller's unit). */
function lever(key: StoryParameterKey) {
  const rule = STORY_PARAMETER_RULES[key];
  const unit = rule.percent ? '小数，0.05 = 5%' : '数值';
  return numberField.check(z.describe(`${rule.label}（${unit}；${rangeText(rule)}）`));
}

export const storyBody = z.strictObject({
  base_revenue: lever('base_revenue'),
  base_operating_income: lever('base_operating_income'),
  revenue_growth_years_1_5: lever('revenue_growth_years_1_5'),
  terminal_growth: lever('terminal_growth'),
  target_operating_margin: lever('target_operating_margin'),
  margin_convergence_year: lever('margin_convergence_year'),
  sales_to_capital_years_1_5: lever('sales_to_capital_years_1_5'),
  sales_to_capital_years_6_10: lever('sales_to_capital_years_6_10'),
  effective_tax_rate: lever('effective_tax_rate'),
  marginal_tax_rate: lever('marginal_tax_rate'),
  cost_of_capital_initial: lever('cost_of_capital_initial'),
  cost_of_capital_terminal: lever('cost_of_capital_terminal'),
  terminal_roc: lever('terminal_roc'),
  debt: lever('debt'),
  cash: lever('cash'),
  minority_interest: lever('minority_interest'),
  non_operating_assets: lever('non_operating_assets'),
  shares: lever('shares'),
  probability_of_failure: z.optional(lever('probability_of_failure')),
  distress_proceeds: z.optional(lever('distress_proceeds')),
});
export type StoryBody = z.infer<typeof storyBody>;

const amount = z.number();
const rate = z.number();

export const storyYearSchema = named(
  'StoryYear',
  z.object({
    year: z.number().check(z.describe('第几年（1–10）')),
    revenue: amount,
    growth: rate,
    operating_margin: rate,
    operating_income: amount,
    tax_rate: rate,
    nopat: amount.check(z.describe('税后营业利润；亏损不计税，并结转抵减以后年度的利润')),
    reinvestment: amount.check(z.describe('营业收入增量 ÷ 销售额/投入资本')),
    fcff: amount,
    cost_of_capital: rate,
    discount_factor: z.number().check(z.describe('累计折现系数：Π 1/(1 + 各年资本成本)')),
    pv: amount,
  }),
);

export const storyValuationSchema = named(
  'StoryValuation',
  z.object({
    years: z.array(storyYearSchema),
    terminal: z.object({
      revenue: amount,
      nopat: amount,
      reinvestment: amount.check(z.describe('g ÷ 永续期资本回报率 × 税后营业利润（g ≤ 0 时为 0）')),
      fcff: amount,
      value: amount.check(z.describe('第10年末的终值：FCFF ÷ (永续期资本成本 − g)')),
      pv: amount,
    }),
    operating_assets: amount.check(z.describe('持续经营价值 × (1 − 失败概率) + 失败时的资产变现所得 × 失败概率')),
    minority_interest: amount.check(z.describe('扣除的少数股东权益（本计算器即输入值）')),
    equity_value: amount.check(z.describe('经营资产 − 有息负债 − 少数股东权益 + 现金 + 非经营性资产')),
    value_per_share: z.nullable(z.number()).check(z.describe('股权价值 ÷ 总股本；总股本为 0 时为 null')),
  }),
);
export const storyAnswer = envelope(storyValuationSchema);
