/**
 * What the value as a range needs of a valuation model (docs/model.md, uncertainty): its drivers in the
 * order a draw takes them, how each is drawn, the tornado's nudges, and a value per share of a set of
 * drivers on the model's lean path, or why the model refuses them. The story model (the FCFF companies)
 * and excess returns (banks, insurers, brokers, summary-only companies) each give one; the simulation,
 * the tornado, the scenarios' values, the rating and the verdict are the same for both.
 */
export type RefusalReason = 'wacc_not_above_growth' | 'out_of_range';

/** Which model a range rests on. */
export type RangeModelId = 'story' | 'excess_return';

/** A scenario's or a draw's drivers, by name (rates as fractions). */
export type RangeInputs<D extends string = string> = Readonly<Record<D, number>>;

/** Values a set of drivers: the value per share, or why the model refuses them. */
export type RangeEvaluator<D extends string = string> = (inputs: RangeInputs<D>) => number | RefusalReason;

/** Where a quick evaluator says how close its last value is: |quick − evaluator's| ≤ `error`. */
export interface ErrorBound {
  error: number;
}

/**
 * Values a set of drivers more cheaply than the evaluator, for the percentiles of a simulation only
 * (`simulatedPercentiles`): the drivers' values come in the model's `drivers` order; it refuses exactly the
 * drivers the evaluator refuses, with the same reason, and otherwise answers a value per share within
 * `bound.error` of the evaluator's (it sets `bound.error`).
 */
export type QuickEvaluator = (values: Float64Array, bound: ErrorBound) => number | RefusalReason;

/** One bar of the tornado: the drivers moved down (−1) or up (+1) by one plausible nudge. */
export interface RangeNudge<D extends string = string> {
  readonly bar: string;
  readonly label: string;
  move(inputs: RangeInputs<D>, sign: -1 | 1): RangeInputs<D>;
}

export interface RangeModel<D extends string = string> {
  readonly id: RangeModelId;
  /** The drivers a draw takes, in this order (the seed's numbers are taken in it). */
  readonly drivers: readonly D[];
  /** Drawn log-normal (stays positive) rather than normal. */
  readonly logarithmic: Readonly<Record<D, boolean>>;
  readonly nudges: readonly RangeNudge<D>[];
  readonly refusalLabels: Readonly<Record<RefusalReason, string>>;
  /** A fresh evaluator; it may reuse its own memory between calls (a draw allocates nothing). */
  evaluator(): RangeEvaluator<D>;
  /** A fresh quick evaluator, where the model has one (see QuickEvaluator). */
  quickEvaluator?(): QuickEvaluator;
}

/** A set of drivers' value per share, or null with the model's reason in Chinese. */
export function rangeValueOf<D extends string>(
  model: RangeModel<D>,
  inputs: RangeInputs<D>,
): { value: number | null; refusal: string | null } {
  const outcome = model.evaluator()(inputs);
  return typeof outcome === 'number'
    ? { value: outcome, refusal: null }
    : { value: null, refusal: model.refusalLabels[outcome] };
}

/** A named, weighted set of a model's drivers (the story model's is `Scenario`). */
export interface RangeScenario<D extends string = string> {
  readonly id: string;
  readonly company: string;
  readonly name: string;
  /** 0…1; a company's scenarios total 1. */
  readonly weight: number;
  readonly inputs: RangeInputs<D>;
}

/** The spreads a simulation starts from, with how each was derived in Chinese. */
export interface RangeSpreads<D extends string = string> {
  readonly spreads: RangeInputs<D>;
  readonly basis: Readonly<Record<D, string>>;
}
