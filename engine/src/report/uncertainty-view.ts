import { percentText } from '../message-format.ts';
import { EXCESS_RETURN_DRIVER_LABELS } from '../uncertainty/excess-return-range.ts';
import type { Histogram } from '../uncertainty/percentiles.ts';
import type { RangeInputs, RangeModel, RangeModelId, RangeScenario } from '../uncertainty/range-model.ts';
import { RATING_SOURCE, type RatingRow, type UncertaintyRating, type Verdict } from '../uncertainty/rating.ts';
import { DRIVER_LABELS, type DriverName, type Scenario, weightsIssue } from '../uncertainty/scenarios.ts';
import {
  DEFAULT_DRAWS,
  DEFAULT_SEED,
  type RefusalReason,
  type SimulationResult,
  simulateRange,
} from '../uncertainty/simulation.ts';
import { storyRange } from '../uncertainty/story-range.ts';
import { rangeTornado, type TornadoBar } from '../uncertainty/tornado.ts';
import {
  baseScenarioOf,
  judge,
  rangeModelOf,
  rangeScenarioValue,
  type UncertaintyStart,
  uncertaintyStartOf,
  weightedValue,
} from '../uncertainty/uncertainty.ts';
import type { StoryInputs } from '../valuation/models/story.ts';
import { bundleInput } from './bundle-input.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { formatAmount } from './format.ts';
import type { SummaryQuote } from './valuation-summary-view.ts';

/**
 * The value as a range, as GET /api/home/uncertainty/{company} answers it and the custom page, the report,
 * the PDF and the xlsx show it (docs/model.md, uncertainty). The worker builds the same from the bundle, so a
 * seed gives the same percentiles on both.
 */
export interface ScenarioView {
  readonly id: string;
  readonly name: string;
  readonly weight: number;
  readonly value_per_share: number | null;
  readonly refusal: string | null;
  /** The model's drivers: the story model's six, or excess returns' ROE, Ke and g. */
  readonly inputs: RangeInputs;
  /** Each driver and where it comes from, in Chinese (generated scenarios only). */
  readonly words: readonly string[];
}

export interface SpreadView {
  readonly driver: string;
  readonly label: string;
  readonly value: number;
  readonly basis: string;
}

export interface SimulationView {
  readonly draws: number;
  readonly seed: number;
  readonly centre: string;
  readonly p10: number | null;
  readonly p50: number | null;
  readonly p90: number | null;
  readonly prob_above_price: number | null;
  readonly refused_share: number;
  readonly refusals: Readonly<Record<RefusalReason, number>>;
  readonly spreads: readonly SpreadView[];
  readonly histogram: Histogram;
}

export type TornadoBarView = TornadoBar;

export interface UncertaintyView {
  readonly company: string;
  /** The model the range rests on: the story model (an FCFF company) or excess returns. */
  readonly model: RangeModelId;
  readonly price: number | null;
  readonly scenarios: readonly ScenarioView[];
  readonly weighted_value: number | null;
  readonly weights_issue: string | null;
  readonly simulation: SimulationView;
  /** The value per share of the scenario the simulation and the tornado centre on. */
  readonly centre_value: number | null;
  readonly tornado: readonly TornadoBarView[];
  readonly spread: number | null;
  readonly rating: UncertaintyRating | null;
  readonly required_margin: number | null;
  readonly verdict: Verdict | null;
  /** What the rating and the verdict rest on, in one Chinese sentence. */
  readonly basis: string;
  readonly rating_source: string;
}

/** A range driver's Chinese name, whichever model it belongs to. */
const RANGE_DRIVER_LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    (Object.keys(DRIVER_LABELS) as DriverName[]).map((driver) => [driver, DRIVER_LABELS[driver].label]),
  ),
  ...EXCESS_RETURN_DRIVER_LABELS,
};

export function spreadViews(spreads: RangeInputs, basis?: Readonly<Record<string, string>>): SpreadView[] {
  return Object.keys(spreads).map((driver) => ({
    driver,
    label: RANGE_DRIVER_LABELS[driver] ?? driver,
    value: spreads[driver] ?? 0,
    basis: basis?.[driver] ?? '手动设置',
  }));
}

export function simulationView(
  simulation: SimulationResult,
  centre: string,
  spreads: readonly SpreadView[],
): SimulationView {
  const { draws, seed, p10, p50, p90, prob_above_price, refused_share, refusals, histogram } = simulation;
  return { draws, seed, centre, p10, p50, p90, prob_above_price, refused_share, refusals, spreads, histogram };
}

/** What the rating and the verdict rest on, said in one sentence. */
export function verdictBasis(
  analysis: {
    readonly weighted_value: number | null;
    readonly price: number | null;
    readonly spread: number | null;
    readonly rating: RatingRow | null;
  },
  simulation: Pick<SimulationResult, 'p10' | 'p50' | 'p90' | 'draws'>,
): string {
  const { rating, spread, weighted_value: value, price } = analysis;
  if (!rating || spread === null) return '模拟的每一次抽样都被模型拒绝，无法评定不确定性';
  const range = `${simulation.draws} 次模拟的 P10–P90 为 ${formatAmount(simulation.p10)}–${formatAmount(simulation.p90)} 元（中位数 ${formatAmount(simulation.p50)} 元），半幅 ${Number.isFinite(spread) ? percentText(spread, 1) : '无穷大'}`;
  const rated = `不确定性${rating.rating}，要求安全边际 ${percentText(rating.margin, 0)}`;
  if (value === null) return `${range}；${rated}；情景加权价值无法得出`;
  if (price === null) return `${range}；${rated}；暂无行情，无法判断`;
  return `${range}；${rated}：现价 ${formatAmount(price)} 元对比情景加权价值 ${formatAmount(value)} 元 × (1 ∓ ${percentText(rating.margin, 0)})`;
}

export interface UncertaintyOptions {
  readonly seed?: number;
  readonly draws?: number;
}

export type PageStart = UncertaintyStart & { readonly price: number | null };

/** What the page starts from for the loaded company; throws the engine's ValuationError where no range can be given. */
export function uncertaintyStart(bundle: CompanyBundle, quote: SummaryQuote | null, asOf: string | null): PageStart {
  return { ...uncertaintyStartOf(bundle.company.code, bundleInput(bundle, asOf, quote)), price: quote?.price ?? null };
}

/**
 * The server's default answer for a bundled company: the generated scenarios at 25/50/25 and the seeded
 * simulation around 基准; the worker makes the same from the same bundle.
 */
export function uncertaintyView(
  bundle: CompanyBundle,
  quote: SummaryQuote | null,
  asOf: string | null,
  options: UncertaintyOptions = {},
): UncertaintyView {
  const start = uncertaintyStart(bundle, quote, asOf);
  const model = rangeModelOf(start);
  const scenarios: readonly RangeScenario[] = start.scenarios;
  const centre = baseScenarioOf(scenarios);
  const summary = rangeSummary(model, scenarios, centre.inputs, start.words);
  const spreads: RangeInputs = start.spreads.spreads;
  const settings = { draws: options.draws ?? DEFAULT_DRAWS, seed: options.seed ?? DEFAULT_SEED, spreads };
  const result = simulateRange(model, centre.inputs, settings, start.price);
  const view = simulationView(result, centre.name, spreadViews(spreads, start.spreads.basis));
  return {
    company: bundle.company.code,
    model: start.model,
    price: start.price,
    ...summary,
    ...simulationOutcome(result, view, summary.weighted_value, start.price),
    rating_source: RATING_SOURCE,
  };
}

/** The scenarios' side of the view, recomputed at each edit (cheap: the lean path, 1 + 6 + 12 values). */
export interface ScenarioSummary {
  readonly scenarios: readonly ScenarioView[];
  readonly weighted_value: number | null;
  readonly weights_issue: string | null;
  readonly centre_value: number | null;
  readonly tornado: readonly TornadoBarView[];
}

/** The story model's scenarios' side (the custom page's editable scenarios). */
export function scenarioSummary(
  base: StoryInputs,
  scenarios: readonly Scenario[],
  centre: Scenario['inputs'],
  words: Readonly<Record<string, readonly string[]>> = {},
): ScenarioSummary {
  return rangeSummary(storyRange(base) as RangeModel, scenarios, centre, words);
}

/** Any model's scenarios' side. */
export function rangeSummary(
  model: RangeModel,
  scenarios: readonly RangeScenario[],
  centre: RangeInputs,
  words: Readonly<Record<string, readonly string[]>> = {},
): ScenarioSummary {
  const values = scenarios.map((scenario) => ({
    ...rangeScenarioValue(model, scenario),
    inputs: scenario.inputs,
    words: words[scenario.id] ?? [],
  }));
  const bars = rangeTornado(model, centre);
  return {
    scenarios: values,
    weighted_value: weightedValue(values),
    weights_issue: weightsIssue(values),
    centre_value: bars.centre,
    tornado: bars.bars,
  };
}

/** The simulation's side of the view: its figures, and the rating and verdict they give with the weighted value. */
export interface SimulationOutcome {
  readonly simulation: SimulationView;
  readonly spread: number | null;
  readonly rating: UncertaintyRating | null;
  readonly required_margin: number | null;
  readonly verdict: Verdict | null;
  readonly basis: string;
}

export function simulationOutcome(
  simulation: SimulationResult,
  view: SimulationView,
  weighted: number | null,
  price: number | null,
): SimulationOutcome {
  const judged = judge(simulation, weighted, price);
  return {
    simulation: view,
    spread: judged.spread !== null && Number.isFinite(judged.spread) ? judged.spread : null,
    rating: judged.rating?.rating ?? null,
    required_margin: judged.rating?.margin ?? null,
    verdict: judged.verdict,
    basis: verdictBasis({ ...judged, weighted_value: weighted, price }, simulation),
  };
}
