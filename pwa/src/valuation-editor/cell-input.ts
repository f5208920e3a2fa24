import { type AdjustableParameter, PARAMETER_RULES, parameterError } from '@fcf/engine';
import { editableText, parseEditableNumber } from '../ui/editable-number.ts';

/**
 * What a typed cell means: percent fields are typed in percent and stored divided by
 * 100, total shares in 亿股 as typed; empty input changes nothing. Pure: no DOM.
 */

export const INVALID_NUMBER_MESSAGE = '无效的数值';

export type CellInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'value'; readonly value: number };

/** Stored value of a typed cell, or why it cannot be stored. */
export function parseCellInput(param: AdjustableParameter, raw: string): CellInput {
  if (raw.trim() === '') return { kind: 'empty' };
  const value = parseEditableNumber(raw, PARAMETER_RULES[param].percent);
  if (value === null) return { kind: 'error', message: INVALID_NUMBER_MESSAGE };
  const error = parameterError(param, value);
  return error ? { kind: 'error', message: error } : { kind: 'value', value };
}

/** A stored value as the cell shows it for editing: percent with 2 decimals, shares with 2 to 4. */
export function cellText(param: AdjustableParameter, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const percent = PARAMETER_RULES[param].percent;
  return editableText(value, percent ? { percent, maxDecimals: 2 } : {});
}
