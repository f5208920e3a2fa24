import * as z from 'zod/mini';
import { EXCESS_RETURN_DRIVERS } from '../uncertainty/excess-return-range.ts';
import { MAX_SEED } from '../uncertainty/random.ts';
import { SCENARIO_DRIVERS } from '../uncertainty/scenarios.ts';
import { DEFAULT_DRAWS, MAX_DRAWS, MIN_DRAWS } from '../uncertainty/simulation.ts';
import { envelope, named } from './envelope.ts';

/** GET /api/home/uncertainty/{company}: the value as a range (docs/model.md, uncertainty). */

const nullableNumber = z.nullable(z.number());
/** The story model's six drivers, excess returns' three and (in the tornado) its payout. */
const driver = z.enum([...SCENARIO_DRIVERS, ...EXCESS_RETURN_DRIVERS, 'payout']);
const storyInputs = z.object({
  revenue_growth: z.number(),
  target_margin: z.number(),
  sales_to_capital: z.number(),
  wacc: z.number(),
  terminal_growth: z.number(),
  tax_rate: z.number(),
});
const excessReturnInputs = z.object({
  normalised_roe: z.number(),
  cost_of_equity: z.number(),
  terminal_growth: z.number(),
});
const scenarioInputs = z.union([storyInputs, excessReturnInputs]);

export const uncertaintyViewSchema = named(
  'Uncertainty',
  z.object({
    company: z.string(),
    model: z
      .enum(['story', 'excess_return'])
      .check(
        z.describe('区间所依据的模型：故事估值模型（FCFF公司）或超额收益模型（银行、保险、证券及仅有财务摘要的公司）'),
      ),
    price: nullableNumber.check(z.describe('最新行情的股价（元）；无行情时为 null')),
    scenarios: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        weight: z.number().check(z.describe('权重（小数），合计为 1')),
        value_per_share: nullableNumber,
        refusal: z.nullable(z.string()),
        inputs: scenarioInputs,
        words: z.array(z.string()).check(z.describe('每个驱动因素的取值及其来源')),
      }),
    ),
    weighted_value: nullableNumber.check(z.describe('情景加权每股价值（元）')),
    weights_issue: z.nullable(z.string()),
    simulation: z.object({
      draws: z.number(),
      seed: z.number(),
      centre: z.string().check(z.describe('模拟以哪个情景为中心')),
      p10: nullableNumber,
      p50: nullableNumber,
      p90: nullableNumber,
      prob_above_price: nullableNumber.check(z.describe('每股价值高于现价的概率；无行情时为 null')),
      refused_share: z.number().check(z.describe('被模型拒绝的抽样（如 WACC ≤ g）所占比例')),
      refusals: z.object({ wacc_not_above_growth: z.number(), out_of_range: z.number() }),
      spreads: z.array(z.object({ driver, label: z.string(), value: z.number(), basis: z.string() })),
      histogram: z.object({ edges: z.array(z.number()), counts: z.array(z.number()) }),
    }),
    centre_value: nullableNumber,
    tornado: z.array(z.object({ driver, label: z.string(), low: nullableNumber, high: nullableNumber })),
    spread: nullableNumber.check(z.describe('(P90 − P10) / (2 × P50)')),
    rating: z.nullable(z.enum(['低', '中', '高', '极高'])),
    required_margin: nullableNumber.check(z.describe('该不确定性评级要求的安全边际（小数）')),
    verdict: z.nullable(z.enum(['低估', '合理', '高估'])),
    basis: z.string(),
    rating_source: z.string(),
  }),
);
export const uncertaintyAnswer = envelope(uncertaintyViewSchema);

/** The query: an optional seed and number of draws (defaults: the engine's). */
export const uncertaintyQuery = z.object({
  seed: z.optional(z.string().check(z.describe(`随机种子，0–${MAX_SEED} 的整数；相同种子得到相同结果`))),
  draws: z.optional(z.string().check(z.describe(`模拟次数，${MIN_DRAWS}–${MAX_DRAWS} 的整数，默认 ${DEFAULT_DRAWS}`))),
});

/** A whole number of the query within its range, or a Chinese reason. */
function wholeIn(text: string | undefined, min: number, max: number, label: string): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
  if (value >= min && value <= max) return value;
  throw new RangeError(`${label}须为 ${min} 至 ${max} 的整数`);
}

/** The query's seed and draws; a RangeError with a Chinese message when one is not a whole number in range. */
export function uncertaintyOptionsOf(query: z.infer<typeof uncertaintyQuery>): { seed?: number; draws?: number } {
  const seed = wholeIn(query.seed, 0, MAX_SEED, '随机种子（seed）');
  const draws = wholeIn(query.draws, MIN_DRAWS, MAX_DRAWS, '模拟次数（draws）');
  return { ...(seed === undefined ? {} : { seed }), ...(draws === undefined ? {} : { draws }) };
}
