import { percentText } from '../message-format.ts';
import type { Histogram } from '../uncertainty/percentiles.ts';
import { RATING_SOURCE, type UncertaintyRating, type Verdict } from '../uncertainty/rating.ts';
import { DRIVER_LABELS, type DriverName, type Scenario, type ScenarioInputs } from '../uncertainty/scenarios.ts';
import type { RefusalReason, SimulationResult } from '../uncertainty/simulation.ts';
import type { DefaultSpreads } from '../uncertainty/spreads.ts';
import type { TornadoBar } from '../uncertainty/tornado.ts';
import { companyUncertainty, type UncertaintyAnalysis } from '../uncertainty/uncertainty.ts';
import type { StoryInputs } from '../valuation/models/story.ts';
import { bundleInput, type CompanyBundle } from './company-bundle.ts';
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
  readonly inputs: ScenarioInputs;
  /** Each driver and where it comes from, in Chinese (generated scenarios only). */
  readonly words: readonly string[];
}

export interface SpreadView {
  readonly driver: DriverName;
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

export interface TornadoBarView extends TornadoBar {
  readonly label: string;
}

export interface UncertaintyView {
  readonly company: string;
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

export function spreadViews(spreads: ScenarioInputs, basis?: Readonly<Record<DriverName, string>>): SpreadView[] {
  return (Object.keys(DRIVER_LABELS) as DriverName[]).map((driver) => ({
    driver,
    label: DRIVER_LABELS[driver].label,
    value: spreads[driver],
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
  analysis: Pick<UncertaintyAnalysis, 'weighted_value' | 'price' | 'spread' | 'rating' | 'verdict'>,
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

export function uncertaintyViewOf(
  company: string,
  analysis: UncertaintyAnalysis,
  scenarios: readonly Scenario[],
  words: Readonly<Record<string, readonly string[]>>,
  simulation: SimulationView,
  centreValue: number | null,
): UncertaintyView {
  return {
    company,
    price: analysis.price,
    scenarios: analysis.scenarios.map((value, index) => ({
      ...value,
      inputs: scenarios[index]?.inputs ?? (scenarios[0] as Scenario).inputs,
      words: words[value.id] ?? [],
    })),
    weighted_value: analysis.weighted_value,
    weights_issue: analysis.weights_issue,
    simulation,
    centre_value: centreValue,
    tornado: analysis.tornado.map((bar) => ({ ...bar, label: DRIVER_LABELS[bar.driver].label })),
    spread: analysis.spread !== null && Number.isFinite(analysis.spread) ? analysis.spread : null,
    rating: analysis.rating?.rating ?? null,
    required_margin: analysis.rating?.margin ?? null,
    verdict: analysis.verdict,
    basis: verdictBasis(analysis, analysis.simulation),
    rating_source: RATING_SOURCE,
  };
}

export interface UncertaintyOptions {
  readonly seed?: number;
  readonly draws?: number;
}

/** Everything the page needs to start from: the story's defaults, the generated scenarios, the spreads. */
export interface UncertaintyStart {
  readonly base: StoryInputs;
  readonly scenarios: readonly Scenario[];
  readonly words: Readonly<Record<string, readonly string[]>>;
  readonly spreads: DefaultSpreads;
  readonly price: number | null;
}

/**
 * The server's default answer for a bundled company: the generated scenarios at 25/50/25 and the seeded
 * simulation around 基准. Throws the engine's ValuationError where the story model does not fit.
 */
export function uncertaintyView(
  bundle: CompanyBundle,
  quote: SummaryQuote | null,
  asOf: string | null,
  options: UncertaintyOptions = {},
): UncertaintyView {
  const input = bundleInput(bundle, asOf, quote);
  const price = quote?.price ?? null;
  const { analysis, generated, spreads } = companyUncertainty(bundle.company.code, input, { price, ...options });
  const centre = analysis.scenarios.find((scenario) => scenario.id.endsWith(':base'));
  return uncertaintyViewOf(
    bundle.company.code,
    analysis,
    generated.scenarios,
    generated.words,
    simulationView(analysis.simulation, centre?.name ?? '基准', spreadViews(spreads.spreads, spreads.basis)),
    centre?.value_per_share ?? null,
  );
}
