import type { StatementItem, StatementYear } from '../statements/items.ts';

/**
 * A ratio that may not be meaningful: the value, or null with the reason in Chinese (the report shows
 * "n.m." and the reason), as the model's ROE and ROIC do.
 */
export interface RatioValue {
  readonly value: number | null;
  /** Why the value is null although its inputs exist; null when the value is known or simply missing. */
  readonly reason: string | null;
}

export const MISSING_RATIO: RatioValue = { value: null, reason: null };

export function knownRatio(value: number | null): RatioValue {
  return value !== null && Number.isFinite(value) ? { value, reason: null } : MISSING_RATIO;
}

export function notMeaningful(reason: string): RatioValue {
  return { value: null, reason };
}

/** A reported figure of a year, or null when the year does not report it (or it is not a number). */
export function reportedItem(year: StatementYear | undefined, key: StatementItem): number | null {
  const found = year?.[key];
  return found !== undefined && Number.isFinite(found) ? found : null;
}
