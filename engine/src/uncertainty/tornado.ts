import type { StoryInputs } from '../valuation/models/story.ts';
import { leanValuePerShare } from './lean-value.ts';
import { type DriverName, nudged, SCENARIO_DRIVERS, type ScenarioInputs, storyInputsOf } from './scenarios.ts';
import { drawRefusal } from './simulation.ts';

/**
 * What moves the value (docs/model.md, uncertainty): each driver nudged down and up by its plausible
 * nudge (`DRIVER_NUDGES`: growth ±1 point, margin ±1 point, WACC ±0.5 point, g ±0.25 point,
 * sales-to-capital ±10%, tax ±1 point) from the scenario, the others held; the value per share at each,
 * sorted by the size of the swing. A nudge the model refuses (WACC ≤ g) has no value (null).
 */
export interface TornadoBar {
  readonly driver: DriverName;
  /** Value per share with the driver nudged down. */
  readonly low: number | null;
  /** Value per share with the driver nudged up. */
  readonly high: number | null;
}

function valueAt(base: StoryInputs, inputs: ScenarioInputs): number | null {
  const story = storyInputsOf(base, inputs);
  return drawRefusal(story) ? null : leanValuePerShare(story);
}

/** The swing of a bar: high − low, a refused end counting as the centre. */
const swing = (bar: TornadoBar, centre: number) => Math.abs((bar.high ?? centre) - (bar.low ?? centre));

/** The bars, largest swing first; `centre` is the scenario's own value per share. */
export function tornado(base: StoryInputs, inputs: ScenarioInputs): { centre: number | null; bars: TornadoBar[] } {
  const centre = valueAt(base, inputs);
  const bars = SCENARIO_DRIVERS.map((driver) => ({
    driver,
    low: valueAt(base, { ...inputs, [driver]: nudged(driver, inputs[driver], -1) }),
    high: valueAt(base, { ...inputs, [driver]: nudged(driver, inputs[driver], 1) }),
  }));
  const at = centre ?? 0;
  return { centre, bars: bars.sort((a, b) => swing(b, at) - swing(a, at)) };
}
