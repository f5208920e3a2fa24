import type { StoryInputs } from '../valuation/models/story.ts';
import { STORY_PARAMETER_RULES, type StoryParameterKey } from '../valuation/parameter-rules.ts';
import { leanEquityValue } from './lean-value.ts';
import type { RangeModel, RefusalReason } from './range-model.ts';
import {
  assignScenario,
  DRIVER_LABELS,
  DRIVER_LEVERS,
  type DriverName,
  nudged,
  SCENARIO_DRIVERS,
  type ScenarioInputs,
} from './scenarios.ts';
import { SPREAD_RULES } from './spreads.ts';

/** The story model's range (docs/model.md, uncertainty): its six drivers on the lean story path. */
export const REFUSAL_LABELS: Readonly<Record<RefusalReason, string>> = {
  wacc_not_above_growth: 'WACC 不高于永续增长率',
  out_of_range: '驱动因素超出可接受范围',
};

/** The levers a draw moves: the drivers' own and those that move with them (storyInputsOf). */
const MOVED_LEVERS: readonly StoryParameterKey[] = [
  ...SCENARIO_DRIVERS.map((driver) => DRIVER_LEVERS[driver]),
  'sales_to_capital_years_6_10',
  'cost_of_capital_terminal',
  'terminal_roc',
  'marginal_tax_rate',
];

const MOVED_RANGES = MOVED_LEVERS.map(
  (lever) => [lever, STORY_PARAMETER_RULES[lever].min, STORY_PARAMETER_RULES[lever].max] as const,
);

/** Why the model refuses a draw's story inputs; null when it values them (as storyValuation would). */
export function drawRefusal(story: StoryInputs): RefusalReason | null {
  for (const [lever, min, max] of MOVED_RANGES) {
    const value = story[lever];
    if (!(value >= min && value <= max)) return 'out_of_range';
  }
  const g = story.terminal_growth;
  return story.cost_of_capital_initial <= g || story.cost_of_capital_terminal <= g ? 'wacc_not_above_growth' : null;
}

/** Drawn as SPREAD_RULES says: sales-to-capital log-normal (it stays positive), the others normal. */
const STORY_LOGARITHMIC = Object.fromEntries(
  SCENARIO_DRIVERS.map((driver) => [driver, SPREAD_RULES[driver].logarithmic]),
) as Record<DriverName, boolean>;

/** The story model's range around the company's story defaults `base`. */
export function storyRange(base: StoryInputs): RangeModel<DriverName> {
  return {
    id: 'story',
    drivers: SCENARIO_DRIVERS,
    logarithmic: STORY_LOGARITHMIC,
    nudges: SCENARIO_DRIVERS.map((driver) => ({
      bar: driver,
      label: DRIVER_LABELS[driver].label,
      move: (inputs: ScenarioInputs, sign: -1 | 1) => ({ ...inputs, [driver]: nudged(driver, inputs[driver], sign) }),
    })),
    refusalLabels: REFUSAL_LABELS,
    evaluator() {
      const story: Record<StoryParameterKey, number> = { ...base };
      return (inputs) => {
        assignScenario(story, base, inputs);
        const refusal = drawRefusal(story);
        return refusal ?? leanEquityValue(story) / story.shares;
      };
    },
  };
}
