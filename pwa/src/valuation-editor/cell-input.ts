import { type AdjustableParameter, PARAMETER_RULES, parameterError } from '@fcf/engine';

/**
 * What a typed cell means: percent fields are typed in percent and stored divided by
 * 100, total shares in 亿股 as typed; empty input changes nothing. Pure: no DOM.
 */

export const INVALID_NUMBER_MESSAGE = '无效的数值';

export type CellInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'value'; readonly value: number };

/**
 * A number as people type it: surrounding spaces, thousands separators, a trailing % and full-width
 * digits or signs (Chinese input methods) are accepted; anything else is not a number.
 */
export function parseNumberText(raw: string): number | null {
  const text = raw
    .replace(/[０-９．－＋]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[,，\s]/g, '')
    .replace(/[%％]$/, '')
    .replace(/^[−–]/, '-');
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Stored value of a typed cell, or why it cannot be stored. */
export function parseCellInput(param: AdjustableParameter, raw: string): CellInput {
  if (raw.trim() === '') return { kind: 'empty' };
  const typed = parseNumberText(raw);
  if (typed === null) return { kind: 'error', message: INVALID_NUMBER_MESSAGE };
  // Rounded so that typing 7.1 stores 0.071, not 0.07100000000000001.
  const value = PARAMETER_RULES[param].percent ? Number((typed / 100).toPrecision(12)) : typed;
  const error = parameterError(param, value);
  return error ? { kind: 'error', message: error } : { kind: 'value', value };
}

/** A stored value as the cell shows it for editing: percent with 2 decimals, shares with 2 to 4. */
export function cellText(param: AdjustableParameter, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (PARAMETER_RULES[param].percent) {
    const text = (value * 100).toFixed(2);
    return text === '-0.00' ? '0.00' : text;
  }
  return value.toFixed(4).replace(/0{1,2}$/, '');
}
