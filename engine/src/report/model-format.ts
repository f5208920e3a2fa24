import type { ModelUnit } from '../valuation/models/model-types.ts';
import { EMPTY, formatAmount, formatPercent, formatPrecise, formatTimes } from './format.ts';

/** A model's figure as text, by its unit: 亿元 amounts, percent, multiples, factors, years. */
export function modelValueText(unit: ModelUnit, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  switch (unit) {
    case 'fraction':
      return formatPercent(value);
    case 'times':
      return formatTimes(value);
    case 'factor':
      return formatPrecise(value);
    case 'year':
      return String(Math.round(value));
    default:
      return formatAmount(value);
  }
}
