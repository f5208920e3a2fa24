import { ValuationError } from '../errors.ts';
import { percentText, yearsText } from '../message-format.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import type { ExcessReturnInputs } from '../valuation/models/excess-return.ts';
import { NORMALISED_ROE_BOUNDS, NORMALISED_ROE_YEARS } from '../valuation/models/excess-return-inputs.ts';
import { EXCESS_RETURN_MODEL } from '../valuation/models/excess-return-model.ts';
import {
  EXCESS_RETURN_PARAMETER_RULES,
  EXCESS_RETURN_SCENARIO_INPUT_RULES,
  PARAMETER_RULES,
} from '../valuation/parameter-rules.ts';
import { standardDeviation } from './driver-history.ts';
import { leanExcessReturnEquity, quickExcessReturnEquity } from './lean-excess-return.ts';
import type { RangeInputs, RangeModel, RangeScenario, RangeSpreads, RefusalReason } from './range-model.ts';
import { DEFAULT_SCENARIOS, defaultScenarioId, SCENARIO_TERMINAL_GROWTH_STEP } from './scenarios.ts';
import { SPREAD_RULES } from './spreads.ts';

/**
 * The value as a range by excess returns (docs/model.md, uncertainty): banks, insurers, brokers and the
 * summary-only companies the registry values by the residual-income model (docs/model.md 15.2). Its drivers
 * are the normalised ROE, the cost of equity Ke and the growth g; the sustainable ROE the ROE fades to
 * keeps its distance from Ke (by default it is Ke), and the payout follows from them (g = ROE × (1 − payout)).
 */
export const EXCESS_RETURN_DRIVERS = ['normalised_roe', 'cost_of_equity', 'terminal_growth'] as const;
export type ExcessReturnDriver = (typeof EXCESS_RETURN_DRIVERS)[number];
export type ExcessReturnScenarioInputs = RangeInputs<ExcessReturnDriver>;

export const EXCESS_RETURN_DRIVER_LABELS: Readonly<Record<ExcessReturnDriver, string>> = {
  normalised_roe: EXCESS_RETURN_PARAMETER_RULES.normalised_roe.label,
  cost_of_equity: EXCESS_RETURN_PARAMETER_RULES.cost_of_equity.label,
  terminal_growth: PARAMETER_RULES.terminal_growth_rate_manual.label,
};

/** What the range is valued from: the model's inputs for the company and its share count. */
export interface ExcessReturnRangeBase {
  readonly inputs: ExcessReturnInputs;
  readonly shares: number;
}

const RULES = {
  ...EXCESS_RETURN_SCENARIO_INPUT_RULES,
  sustainable_roe: EXCESS_RETURN_PARAMETER_RULES.sustainable_roe,
};
const within = (value: number, rule: { readonly min: number; readonly max: number }) =>
  value >= rule.min && value <= rule.max;

/** A scenario driver outside its lever's accepted range, said in Chinese; null when it may be valued. */
export function excessReturnDriverIssue(driver: ExcessReturnDriver, value: number): string | null {
  const rule = RULES[driver];
  if (Number.isFinite(value) && within(value, rule)) return null;
  return `${EXCESS_RETURN_DRIVER_LABELS[driver]}须在 ${percentText(rule.min, 1)} 至 ${percentText(rule.max, 1)} 之间`;
}

export const EXCESS_RETURN_REFUSAL_LABELS: Readonly<Record<RefusalReason, string>> = {
  wacc_not_above_growth: '股权成本（Ke）不高于永续增长率',
  out_of_range: '驱动因素超出可接受范围',
};

/** The tornado's nudges (docs/model.md, uncertainty): ROE ±1 point, Ke ±0.5 point, g ±0.25 point, payout ±5 points. */
export const EXCESS_RETURN_NUDGES = {
  normalised_roe: 0.01,
  cost_of_equity: 0.005,
  terminal_growth: 0.0025,
  payout: 0.05,
} as const;

/**
 * The payout nudged at the same ROE: g = ROE × (1 − payout), so a payout `step` higher is a growth
 * ROE × step lower (no change where the ROE is not positive: no earnings to pay out).
 */
function payoutMoved(inputs: ExcessReturnScenarioInputs, sign: -1 | 1): ExcessReturnScenarioInputs {
  const roe = Math.max(0, inputs.normalised_roe);
  return { ...inputs, terminal_growth: inputs.terminal_growth - sign * EXCESS_RETURN_NUDGES.payout * roe };
}

/** The excess-return model's range around the company's own inputs. */
export function excessReturnRange(base: ExcessReturnRangeBase): RangeModel<ExcessReturnDriver> {
  const moved = (driver: ExcessReturnDriver) => (inputs: ExcessReturnScenarioInputs, sign: -1 | 1) => ({
    ...inputs,
    [driver]: inputs[driver] + sign * EXCESS_RETURN_NUDGES[driver],
  });
  return {
    id: 'excess_return',
    drivers: EXCESS_RETURN_DRIVERS,
    logarithmic: { normalised_roe: false, cost_of_equity: false, terminal_growth: false },
    nudges: [
      ...EXCESS_RETURN_DRIVERS.map((driver) => ({
        bar: driver,
        label: EXCESS_RETURN_DRIVER_LABELS[driver],
        move: moved(driver),
      })),
      { bar: 'payout', label: '派息率', move: payoutMoved },
    ],
    refusalLabels: EXCESS_RETURN_REFUSAL_LABELS,
    evaluator() {
      const model = drawnModel(base);
      return (inputs) =>
        model.take(inputs.normalised_roe, inputs.cost_of_equity, inputs.terminal_growth) ??
        leanExcessReturnEquity(model.inputs) / base.shares;
    },
    quickEvaluator() {
      const model = drawnModel(base);
      const { shares } = base;
      return (values, bound) => {
        // EXCESS_RETURN_DRIVERS' order.
        const refusal = model.take(values[0] ?? Number.NaN, values[1] ?? Number.NaN, values[2] ?? Number.NaN);
        if (refusal) return refusal;
        const equity = quickExcessReturnEquity(model.inputs, bound);
        bound.error /= Math.abs(shares);
        return equity / shares;
      };
    },
  };
}

/**
 * The model's inputs a draw's drivers give (one object, reused draw after draw): `take` sets them and
 * answers why the model refuses them, or null.
 */
function drawnModel(base: ExcessReturnRangeBase) {
  // Every company's in one shape (the fields in one order): the lean paths read them in each year's arithmetic.
  const { bookEquity, normalisedRoe, sustainableRoe, costOfEquity, growth, years } = base.inputs;
  const inputs: { -readonly [K in keyof ExcessReturnInputs]: ExcessReturnInputs[K] } = {
    bookEquity,
    normalisedRoe,
    sustainableRoe,
    costOfEquity,
    growth,
    years,
  };
  return {
    inputs,
    take(drawnRoe: number, drawnKe: number, drawnGrowth: number): RefusalReason | null {
      inputs.normalisedRoe = drawnRoe;
      inputs.costOfEquity = drawnKe;
      inputs.sustainableRoe = sustainableRoe + drawnKe - costOfEquity;
      inputs.growth = drawnGrowth;
      if (
        !within(inputs.normalisedRoe, RULES.normalised_roe) ||
        !within(inputs.costOfEquity, RULES.cost_of_equity) ||
        !within(inputs.sustainableRoe, RULES.sustainable_roe) ||
        !within(inputs.growth, RULES.terminal_growth)
      ) {
        return 'out_of_range';
      }
      return inputs.costOfEquity <= inputs.growth ? 'wacc_not_above_growth' : null;
    },
  };
}

/**
 * The spreads (docs/model.md, uncertainty; bounds our choice): the ROE's is the standard deviation of the
 * years the normalised ROE averages, within 1…10 points (3 points with fewer than three years); Ke has no
 * history of its own (CAPM with the industry's β): 1 point, the story WACC's default; g half a point.
 */
export const EXCESS_RETURN_SPREAD_RULES = {
  normalised_roe: { fallback: 0.03, min: 0.01, max: 0.1 },
  cost_of_equity: { fallback: SPREAD_RULES.wacc.fallback },
  terminal_growth: { fallback: SPREAD_RULES.terminal_growth.fallback },
} as const;

/** The generated scenarios' Ke: its spread above (悲观) and below (乐观) the base. */
const SCENARIO_KE_STEP = EXCESS_RETURN_SPREAD_RULES.cost_of_equity.fallback;

export interface ExcessReturnStart {
  readonly model: 'excess_return';
  readonly base: ExcessReturnRangeBase;
  readonly scenarios: readonly RangeScenario<ExcessReturnDriver>[];
  readonly words: Readonly<Record<string, readonly string[]>>;
  readonly spreads: RangeSpreads<ExcessReturnDriver>;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const points = (step: number) => `${(step * 100).toFixed(1)}个百分点`;

/**
 * 悲观 / 基准 / 乐观 for excess returns, from the company's own ROE history: the base is the model's inputs;
 * the bear takes the lowest ROE of the normalised ROE's years, Ke one spread higher and g half a point lower;
 * the bull the highest ROE, Ke lower, g higher. A ROE end within one nudge of the base moves one nudge; both
 * stay within the normalised ROE's bounds. Weights 25/50/25, the story model's.
 */
export function excessReturnStartOf(company: string, input: CompanyValuationInput): ExcessReturnStart {
  const result = EXCESS_RETURN_MODEL.value(input);
  const shares = result.shares ?? 0;
  if (!(shares > 0)) throw new ValuationError('NO_SHARES_FOR_RANGE', 'shares');
  const { inputs, basis } = result.detail;
  const shown = result.detail.history.slice(-NORMALISED_ROE_YEARS).filter((year) => year.roe !== null);
  const roes = shown.map((year) => year.roe ?? 0);
  const base: ExcessReturnScenarioInputs = {
    normalised_roe: inputs.normalisedRoe,
    cost_of_equity: inputs.costOfEquity,
    terminal_growth: inputs.growth,
  };
  const [lowBound, highBound] = NORMALISED_ROE_BOUNDS;
  const roeEnd = (end: -1 | 1) => {
    const step = base.normalised_roe + end * EXCESS_RETURN_NUDGES.normalised_roe;
    const index = roes.length === 0 ? -1 : roes.indexOf(end > 0 ? Math.max(...roes) : Math.min(...roes));
    const extreme = roes[index];
    const beyond = extreme !== undefined && (end > 0 ? extreme > step : extreme < step);
    const value = clamp(beyond ? extreme : step, lowBound, highBound);
    const year = shown[index]?.year;
    const why = beyond
      ? `${year}年，近${roes.length}年${end > 0 ? '最高' : '最低'}`
      : `基准${end > 0 ? '上调' : '下调'}${points(EXCESS_RETURN_NUDGES.normalised_roe)}，${roes.length > 0 ? '历史区间更窄' : '历史数据不足'}`;
    return { value, why };
  };
  const label = EXCESS_RETURN_DRIVER_LABELS;
  const phrase = (driver: ExcessReturnDriver, value: number, why: string) =>
    `${label[driver]} ${percentText(value, 1)}（${why}）`;
  const ends = (end: -1 | 1) => {
    const roe = roeEnd(end);
    const ke = base.cost_of_equity - end * SCENARIO_KE_STEP;
    const g = base.terminal_growth + end * SCENARIO_TERMINAL_GROWTH_STEP;
    const moved = (up: boolean, step: number, why: string) => `基准${up ? '上调' : '下调'}${points(step)}：${why}`;
    return {
      inputs: { normalised_roe: roe.value, cost_of_equity: ke, terminal_growth: g },
      words: [
        phrase('normalised_roe', roe.value, roe.why),
        phrase('cost_of_equity', ke, moved(end < 0, SCENARIO_KE_STEP, '一个标准差')),
        phrase('terminal_growth', g, moved(end > 0, SCENARIO_TERMINAL_GROWTH_STEP, '历史无从体现')),
      ],
    };
  };
  const generated = {
    bear: ends(-1),
    base: {
      inputs: base,
      words: [
        phrase('normalised_roe', base.normalised_roe, basis.normalised_roe),
        phrase('cost_of_equity', base.cost_of_equity, basis.cost_of_equity),
        phrase('terminal_growth', base.terminal_growth, basis.growth),
      ],
    },
    bull: ends(1),
  };
  const scenarios = DEFAULT_SCENARIOS.map(({ key, name, weight }) => ({
    id: defaultScenarioId(company, key),
    company,
    name,
    weight,
    inputs: generated[key].inputs,
  }));
  const words: Record<string, readonly string[]> = {};
  for (const { key } of DEFAULT_SCENARIOS) words[defaultScenarioId(company, key)] = generated[key].words;
  return { model: 'excess_return', base: { inputs, shares }, scenarios, words, spreads: roeSpreads(roes, shown) };
}

function roeSpreads(roes: readonly number[], shown: readonly { readonly year: number }[]) {
  const rules = EXCESS_RETURN_SPREAD_RULES;
  const deviation = standardDeviation(roes);
  const roe =
    deviation === null
      ? rules.normalised_roe.fallback
      : clamp(deviation, rules.normalised_roe.min, rules.normalised_roe.max);
  const years = shown.map((year) => year.year);
  const bounded = deviation !== null && roe !== deviation ? `（${percentText(deviation, 1)}，按界限取值）` : '';
  return {
    spreads: {
      normalised_roe: roe,
      cost_of_equity: rules.cost_of_equity.fallback,
      terminal_growth: rules.terminal_growth.fallback,
    },
    basis: {
      normalised_roe: deviation === null ? '不足三年ROE：取 3 个百分点' : `${yearsText(years)}年ROE的标准差${bounded}`,
      cost_of_equity: '股权成本（CAPM，行业β）无逐年历史：取 1 个百分点',
      terminal_growth: '永续增长率无历史可循：取 0.5 个百分点',
    },
  };
}
