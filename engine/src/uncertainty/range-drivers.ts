import { EXCESS_RETURN_DRIVER_LABELS, EXCESS_RETURN_DRIVERS, excessReturnDriverIssue } from './excess-return-range.ts';
import type { RangeModelId } from './range-model.ts';
import { DRIVER_LABELS, driverIssue, SCENARIO_DRIVERS } from './scenarios.ts';
import { SPREAD_RULES } from './spreads.ts';

/** A range driver as a screen shows it (docs/model.md, uncertainty): its name, and how it is written and drawn. */
export interface RangeDriverInfo {
  readonly driver: string;
  readonly label: string;
  /** A rate shown in percent (sales-to-capital is a ratio). */
  readonly percent: boolean;
  /** Drawn log-normal: its spread is of the logarithm. */
  readonly logarithmic: boolean;
}

const STORY_DRIVER_INFO: readonly RangeDriverInfo[] = SCENARIO_DRIVERS.map((driver) => ({
  driver,
  ...DRIVER_LABELS[driver],
  logarithmic: SPREAD_RULES[driver].logarithmic,
}));
const EXCESS_RETURN_DRIVER_INFO: readonly RangeDriverInfo[] = EXCESS_RETURN_DRIVERS.map((driver) => ({
  driver,
  label: EXCESS_RETURN_DRIVER_LABELS[driver],
  percent: true,
  logarithmic: false,
}));

/** The drivers of a model's scenarios, in their order. */
export function rangeDrivers(model: RangeModelId): readonly RangeDriverInfo[] {
  return model === 'story' ? STORY_DRIVER_INFO : EXCESS_RETURN_DRIVER_INFO;
}

/** A driver's value outside its accepted range, said in Chinese; null when it may be valued. */
export function rangeDriverIssue(model: RangeModelId, driver: string, value: number): string | null {
  const known = (names: readonly string[]) => names.includes(driver);
  if (model === 'story' && known(SCENARIO_DRIVERS))
    return driverIssue(driver as (typeof SCENARIO_DRIVERS)[number], value);
  if (model === 'excess_return' && known(EXCESS_RETURN_DRIVERS)) {
    return excessReturnDriverIssue(driver as (typeof EXCESS_RETURN_DRIVERS)[number], value);
  }
  return '未知的驱动因素';
}

/** Whether a driver of either model is drawn log-normal (its spread is of the logarithm). */
export function isLogarithmicDriver(driver: string): boolean {
  return [...STORY_DRIVER_INFO, ...EXCESS_RETURN_DRIVER_INFO].some(
    (info) => info.driver === driver && info.logarithmic,
  );
}
