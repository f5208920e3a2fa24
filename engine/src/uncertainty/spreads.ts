import { percentText, yearsText } from '../message-format.ts';
import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import { DRIVER_HISTORY_YEARS, type DriverHistory, driverHistories, standardDeviation } from './driver-history.ts';
import { type DriverName, SCENARIO_DRIVERS, type ScenarioInputs } from './scenarios.ts';

/**
 * How widely each driver is drawn in the Monte Carlo (docs/model.md, uncertainty): the standard deviation
 * of what the company has shown over its latest five years, kept within bounds; a rate in points of a
 * fraction, sales-to-capital as the standard deviation of its logarithm (drawn log-normal, so it stays
 * positive). The terminal growth has no history: half a point (our choice).
 */
export type Spreads = ScenarioInputs;

interface SpreadRule {
  /** Used when fewer than three years show the driver. */
  readonly fallback: number;
  readonly min: number;
  readonly max: number;
  readonly logarithmic: boolean;
}

/** Bounds of each spread (our choice): no driver drawn as if certain, none so wide it means nothing. */
export const SPREAD_RULES: Readonly<Record<DriverName, SpreadRule>> = {
  revenue_growth: { fallback: 0.05, min: 0.01, max: 0.15, logarithmic: false },
  target_margin: { fallback: 0.02, min: 0.005, max: 0.1, logarithmic: false },
  sales_to_capital: { fallback: 0.2, min: 0.05, max: 0.5, logarithmic: true },
  wacc: { fallback: 0.01, min: 0.005, max: 0.03, logarithmic: false },
  terminal_growth: { fallback: 0.005, min: 0.005, max: 0.005, logarithmic: false },
  tax_rate: { fallback: 0.02, min: 0.005, max: 0.1, logarithmic: false },
};

export interface DefaultSpreads {
  readonly spreads: Spreads;
  /** How each spread was derived, in Chinese. */
  readonly basis: Readonly<Record<DriverName, string>>;
}

function spreadOf(driver: DriverName, history: DriverHistory | undefined): { value: number; why: string } {
  const rule = SPREAD_RULES[driver];
  const shown = history
    ? rule.logarithmic
      ? history.values.filter((value) => value > 0).map(Math.log)
      : history.values
    : [];
  const deviation = standardDeviation(shown);
  if (deviation === null || !history) {
    const why =
      driver === 'terminal_growth'
        ? '永续增长率无历史可循：取 0.5 个百分点'
        : `近${DRIVER_HISTORY_YEARS}年不足三年数据：取默认值`;
    return { value: rule.fallback, why };
  }
  const value = Math.min(rule.max, Math.max(rule.min, deviation));
  const years = `${yearsText([history.years[0] ?? 0])}–${history.years[history.years.length - 1] ?? 0}年`;
  const measure = rule.logarithmic ? '对数的标准差' : '的标准差';
  const bounded = value !== deviation ? `（${percentText(deviation, 1)}，按界限取值）` : '';
  return { value, why: `${years}${measure}${bounded}` };
}

/** Each driver's spread from the company's history, with how it was derived. */
export function defaultSpreads(input: CompanyValuationInput): DefaultSpreads {
  const histories = driverHistories(input);
  const spreads = {} as Record<DriverName, number>;
  const basis = {} as Record<DriverName, string>;
  for (const driver of SCENARIO_DRIVERS) {
    const { value, why } = spreadOf(driver, driver === 'terminal_growth' ? undefined : histories[driver]);
    spreads[driver] = value;
    basis[driver] = why;
  }
  return { spreads, basis };
}
