import { percentText } from '../message-format.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import type { StoryInputs } from '../valuation/models/story.ts';
import { type StoryDefaults, storyDefaults } from '../valuation/models/story-defaults.ts';
import { STORY_PARAMETER_RULES, type StoryParameterKey } from '../valuation/parameter-rules.ts';
import { DRIVER_HISTORY_YEARS, driverHistories, type HistoryDriver, historyRange } from './driver-history.ts';

/**
 * A company's named scenarios (docs/model.md, uncertainty): six drivers of the story model (the ten-year FCFF
 * of docs/model.md section 15.3), a weight, a name. The shape is what the device keeps and syncs per user.
 */
export const SCENARIO_DRIVERS = [
  'revenue_growth',
  'target_margin',
  'sales_to_capital',
  'wacc',
  'terminal_growth',
  'tax_rate',
] as const;
export type DriverName = (typeof SCENARIO_DRIVERS)[number];

/** Rates as fractions; sales-to-capital as a ratio (营业收入 / 投入资本). */
export type ScenarioInputs = Readonly<Record<DriverName, number>>;

export interface Scenario {
  readonly id: string;
  /** The company's code or name as the rest of the app names it. */
  readonly company: string;
  readonly name: string;
  /** 0…1; a company's scenarios total 1. */
  readonly weight: number;
  readonly inputs: ScenarioInputs;
}

/** Each driver's Chinese name, and whether it is a rate shown in percent. */
export const DRIVER_LABELS: Readonly<Record<DriverName, { readonly label: string; readonly percent: boolean }>> = {
  revenue_growth: { label: '第1–5年营业收入增长率', percent: true },
  target_margin: { label: '目标营业利润率', percent: true },
  sales_to_capital: { label: '销售额/投入资本', percent: false },
  wacc: { label: 'WACC（资本成本）', percent: true },
  terminal_growth: { label: '永续增长率', percent: true },
  tax_rate: { label: '有效税率', percent: true },
};

/** The story lever each driver sets; the accepted range of a driver is that lever's. */
export const DRIVER_LEVERS: Readonly<Record<DriverName, StoryParameterKey>> = {
  revenue_growth: 'revenue_growth_years_1_5',
  target_margin: 'target_operating_margin',
  sales_to_capital: 'sales_to_capital_years_1_5',
  wacc: 'cost_of_capital_initial',
  terminal_growth: 'terminal_growth',
  tax_rate: 'effective_tax_rate',
};

/** The generated scenarios, worst first; their weights 25/50/25 (docs/model.md, uncertainty). */
export const DEFAULT_SCENARIOS = [
  { key: 'bear', name: '悲观', weight: 0.25 },
  { key: 'base', name: '基准', weight: 0.5 },
  { key: 'bull', name: '乐观', weight: 0.25 },
] as const;
export type DefaultScenarioKey = (typeof DEFAULT_SCENARIOS)[number]['key'];

/**
 * The id a generated scenario has: one per company and kind, so a device and the server name it alike;
 * letters, digits and hyphens, as the synced scenarios' ids are (docs/sync.md).
 */
export function defaultScenarioId(company: string, key: DefaultScenarioKey): string {
  return `${company}-${key}`;
}

/** Whether a scenario is the generated 基准, which the server's simulation centres on. */
export function isBaseScenario(id: string): boolean {
  return id.endsWith('-base');
}

/** How far weights may stray from a total of 100% (rounding of percent fields). */
export const WEIGHT_TOLERANCE = 1e-6;

/** The weights' total, and a Chinese message when they do not total 100% or one is outside 0…100%. */
export function weightsIssue(scenarios: readonly Pick<Scenario, 'weight'>[]): string | null {
  if (scenarios.length === 0) return '至少需要一个情景';
  let total = 0;
  for (const { weight } of scenarios) {
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) return '每个情景的权重须在 0% 至 100% 之间';
    total += weight;
  }
  return Math.abs(total - 1) > WEIGHT_TOLERANCE ? `情景权重合计须为 100%，现为 ${percentText(total, 1)}` : null;
}

/** A driver's value in a sentence: rates in percent, sales-to-capital to two decimals. */
export function driverText(driver: DriverName, value: number): string {
  return DRIVER_LABELS[driver].percent ? percentText(value, 1) : value.toFixed(2);
}

/** A driver value outside its lever's accepted range, said in Chinese; null when it may be valued. */
export function driverIssue(driver: DriverName, value: number): string | null {
  const { min, max, label } = STORY_PARAMETER_RULES[DRIVER_LEVERS[driver]];
  if (Number.isFinite(value) && value >= min && value <= max) return null;
  return `${label}须在 ${driverText(driver, min)} 至 ${driverText(driver, max)} 之间`;
}

/**
 * The story model's inputs for a scenario, from the company's own defaults (`base`). The driver sets its
 * lever; the levers that move with it keep their distance from it: the terminal cost of capital and the
 * terminal return on capital shift with WACC (a mature company's cost stays that far above or below), the
 * marginal tax rate with the effective one, the later years' sales-to-capital in proportion.
 */
export function storyInputsOf(base: StoryInputs, inputs: ScenarioInputs): StoryInputs {
  const story: Record<StoryParameterKey, number> = { ...base };
  assignScenario(story, base, inputs);
  return story;
}

const { marginal_tax_rate: MARGINAL_TAX, terminal_roc: TERMINAL_ROC } = STORY_PARAMETER_RULES;

/** storyInputsOf into an object the caller reuses (a simulation's draws allocate nothing). */
export function assignScenario(story: Record<StoryParameterKey, number>, base: StoryInputs, inputs: ScenarioInputs) {
  const waccShift = inputs.wacc - base.cost_of_capital_initial;
  story.revenue_growth_years_1_5 = inputs.revenue_growth;
  story.target_operating_margin = inputs.target_margin;
  story.sales_to_capital_years_1_5 = inputs.sales_to_capital;
  story.sales_to_capital_years_6_10 =
    base.sales_to_capital_years_6_10 * (inputs.sales_to_capital / base.sales_to_capital_years_1_5);
  story.cost_of_capital_initial = inputs.wacc;
  story.cost_of_capital_terminal = base.cost_of_capital_terminal + waccShift;
  story.terminal_roc = Math.max(TERMINAL_ROC.min, base.terminal_roc + waccShift);
  story.terminal_growth = inputs.terminal_growth;
  story.effective_tax_rate = inputs.tax_rate;
  story.marginal_tax_rate = Math.min(
    MARGINAL_TAX.max,
    Math.max(MARGINAL_TAX.min, base.marginal_tax_rate + inputs.tax_rate - base.effective_tax_rate),
  );
}

/** A scenario's drivers as the story model's defaults give them (the 基准 scenario). */
export function scenarioInputsOf(story: StoryInputs): ScenarioInputs {
  return {
    revenue_growth: story.revenue_growth_years_1_5,
    target_margin: story.target_operating_margin,
    sales_to_capital: story.sales_to_capital_years_1_5,
    wacc: story.cost_of_capital_initial,
    terminal_growth: story.terminal_growth,
    tax_rate: story.effective_tax_rate,
  };
}

/**
 * One plausible nudge of each driver (docs/model.md, uncertainty): the tornado moves each by it, and a
 * generated scenario moves at least this far from the base when the history's range is narrower.
 * `relative`: a share of the value (sales-to-capital ±10%), else points of a fraction.
 */
export const DRIVER_NUDGES: Readonly<Record<DriverName, { readonly step: number; readonly relative: boolean }>> = {
  revenue_growth: { step: 0.01, relative: false },
  target_margin: { step: 0.01, relative: false },
  sales_to_capital: { step: 0.1, relative: true },
  wacc: { step: 0.005, relative: false },
  terminal_growth: { step: 0.0025, relative: false },
  tax_rate: { step: 0.01, relative: false },
};

/** The driver moved by its nudge, `sign` times (−1 down, +1 up). */
export function nudged(driver: DriverName, value: number, sign: number): number {
  const { step, relative } = DRIVER_NUDGES[driver];
  return relative ? value * (1 + sign * step) : value + sign * step;
}

/** Which way a driver moves the value up: a higher cost of capital or tax rate lowers it. */
export const DRIVER_RAISES_VALUE: Readonly<Record<DriverName, boolean>> = {
  revenue_growth: true,
  target_margin: true,
  sales_to_capital: true,
  wacc: false,
  terminal_growth: true,
  tax_rate: false,
};

/** How far the generated scenarios move the terminal growth, which no history shows (our choice). */
export const SCENARIO_TERMINAL_GROWTH_STEP = 0.005;

export interface GeneratedScenarios {
  readonly scenarios: readonly Scenario[];
  /** Per scenario id: each driver's value and where it comes from, in Chinese. */
  readonly words: Readonly<Record<string, readonly string[]>>;
  /** The story model's defaults the scenarios are valued from (storyInputsOf). */
  readonly defaults: StoryDefaults;
}

const clampTo = (driver: DriverName, value: number) => {
  const { min, max } = STORY_PARAMETER_RULES[DRIVER_LEVERS[driver]];
  return Math.min(max, Math.max(min, value));
};

/** A driver at the bad (−1) or good (+1) end of what the company has shown, with its words. */
function historyEnd(
  driver: HistoryDriver,
  base: number,
  end: -1 | 1,
  range: ReturnType<typeof historyRange>,
): { value: number; why: string } {
  const raises = DRIVER_RAISES_VALUE[driver];
  const wantsHigh = raises === end > 0;
  const step = nudged(driver, base, wantsHigh ? 1 : -1);
  const shown = range ? (wantsHigh ? range.high : range.low) : null;
  const beyond = shown !== null && (wantsHigh ? shown > step : shown < step);
  if (range && beyond && shown !== null) {
    const year = wantsHigh ? range.highYear : range.lowYear;
    return {
      value: clampTo(driver, shown),
      why: `${year}年，近${DRIVER_HISTORY_YEARS}年${wantsHigh ? '最高' : '最低'}`,
    };
  }
  const { relative } = DRIVER_NUDGES[driver];
  const move = relative
    ? `${(DRIVER_NUDGES[driver].step * 100).toFixed(0)}%`
    : `${(DRIVER_NUDGES[driver].step * 100).toFixed(1)}个百分点`;
  const reason = range ? '历史区间更窄' : '历史数据不足';
  return { value: clampTo(driver, step), why: `基准${wantsHigh ? '上调' : '下调'}${move}，${reason}` };
}

const phrase = (driver: DriverName, value: number, why: string) =>
  `${DRIVER_LABELS[driver].label} ${driverText(driver, value)}（${why}）`;

/**
 * 悲观 / 基准 / 乐观 from the company's own history (docs/model.md, uncertainty): the base is the story
 * model's defaults; the bear and bull take each driver at the bad and the good end of what the latest five
 * years have shown (growth, margin and sales-to-capital at their lowest / highest, WACC and tax at their
 * highest / lowest), at least one nudge from the base; g half a point below and above. Weights 25/50/25.
 */
export function defaultScenarios(
  company: string,
  input: CompanyValuationInput,
  defaults: StoryDefaults = storyDefaults(input),
): GeneratedScenarios {
  const histories = driverHistories(input);
  const base = scenarioInputsOf(defaults.inputs);
  const ends = { bear: {} as Record<DriverName, number>, bull: {} as Record<DriverName, number> };
  const words: Record<'bear' | 'base' | 'bull', string[]> = { bear: [], base: [], bull: [] };
  for (const driver of SCENARIO_DRIVERS) {
    words.base.push(phrase(driver, base[driver], defaults.basis[DRIVER_LEVERS[driver]]));
    for (const [key, end] of [
      ['bear', -1],
      ['bull', 1],
    ] as const) {
      if (driver === 'terminal_growth') {
        const value = clampTo(driver, base[driver] + end * SCENARIO_TERMINAL_GROWTH_STEP);
        ends[key][driver] = value;
        words[key].push(phrase(driver, value, `基准${end > 0 ? '上调' : '下调'}0.5个百分点：历史无从体现`));
        continue;
      }
      const { value, why } = historyEnd(driver, base[driver], end, historyRange(histories[driver]));
      ends[key][driver] = value;
      words[key].push(phrase(driver, value, why));
    }
  }
  const inputsOf = { bear: ends.bear, base, bull: ends.bull };
  const scenarios = DEFAULT_SCENARIOS.map(({ key, name, weight }) => ({
    id: defaultScenarioId(company, key),
    company,
    name,
    weight,
    inputs: inputsOf[key],
  }));
  const wordsById: Record<string, readonly string[]> = {};
  for (const { key } of DEFAULT_SCENARIOS) wordsById[defaultScenarioId(company, key)] = words[key];
  return { scenarios, words: wordsById, defaults };
}
