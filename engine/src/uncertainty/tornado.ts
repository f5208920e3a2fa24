import type { StoryInputs } from '../valuation/models/story.ts';
import type { RangeInputs, RangeModel } from './range-model.ts';
import type { ScenarioInputs } from './scenarios.ts';
import { storyRange } from './story-range.ts';

/**
 * What moves the value (docs/model.md, uncertainty): each of the model's nudges down and up from the
 * scenario, the others held (the story model's `DRIVER_NUDGES`: growth ±1 point, margin ±1 point, WACC ±0.5
 * point, g ±0.25 point, sales-to-capital ±10%, tax ±1 point; excess returns': ROE ±1 point, Ke ±0.5 point,
 * g ±0.25 point, payout ±5 points); the value per share at each, sorted by the size of the swing. A nudge
 * the model refuses (WACC or Ke ≤ g) has no value (null).
 */
export interface TornadoBar {
  /** The driver (or, for excess returns' payout, the quantity) nudged. */
  readonly driver: string;
  readonly label: string;
  /** Value per share with the driver nudged down. */
  readonly low: number | null;
  /** Value per share with the driver nudged up. */
  readonly high: number | null;
}

/** The swing of a bar: high − low, a refused end counting as the centre. */
const swing = (bar: TornadoBar, centre: number) => Math.abs((bar.high ?? centre) - (bar.low ?? centre));

/** The bars of any model's range, largest swing first; `centre` is the scenario's own value per share. */
export function rangeTornado<D extends string>(
  model: RangeModel<D>,
  inputs: RangeInputs<D>,
): { centre: number | null; bars: TornadoBar[] } {
  const evaluate = model.evaluator();
  const valueAt = (at: RangeInputs<D>) => {
    const outcome = evaluate(at);
    return typeof outcome === 'number' ? outcome : null;
  };
  const centre = valueAt(inputs);
  const bars = model.nudges.map((nudge) => ({
    driver: nudge.bar,
    label: nudge.label,
    low: valueAt(nudge.move(inputs, -1)),
    high: valueAt(nudge.move(inputs, 1)),
  }));
  const at = centre ?? 0;
  return { centre, bars: bars.sort((a, b) => swing(b, at) - swing(a, at)) };
}

/** The story model's bars around the company's story defaults `base`. */
export function tornado(base: StoryInputs, inputs: ScenarioInputs): { centre: number | null; bars: TornadoBar[] } {
  return rangeTornado(storyRange(base), inputs);
}
