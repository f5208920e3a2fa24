import {
  type AdjustableParameter,
  MODEL_PARAMETER_RULES,
  type ModelParameterKey,
  PARAMETER_RULES,
  type ParameterRule,
  ruleError,
} from '@fcf/engine';
import { editableText, parseEditableNumber } from '../ui/editable-number.ts';

/**
 * What a typed cell means: percent fields are typed in percent and stored divided by
 * 100, total shares in 亿股 as typed; empty input changes nothing. Pure: no DOM.
 */

export const INVALID_NUMBER_MESSAGE = '无效的数值';

/** What a cell may edit: an FCFF driver or parameter, or a lever of the story or excess-return model. */
export type EditableParameter = AdjustableParameter | ModelParameterKey;

const RULES: Readonly<Record<EditableParameter, ParameterRule>> = { ...PARAMETER_RULES, ...MODEL_PARAMETER_RULES };

/** The parameter's rule in the one range table. */
export function editableRule(param: EditableParameter): ParameterRule {
  return RULES[param];
}

export type CellInput =
  | { readonly kind: 'empty' }
  | { readonly kind: 'error'; readonly message: string }
  | { readonly kind: 'value'; readonly value: number };

/** Stored value of a typed cell, or why it cannot be stored. */
export function parseCellInput(param: EditableParameter, raw: string): CellInput {
  if (raw.trim() === '') return { kind: 'empty' };
  const rule = RULES[param];
  const value = parseEditableNumber(raw, rule.percent);
  if (value === null) return { kind: 'error', message: INVALID_NUMBER_MESSAGE };
  const error = ruleError(rule, value);
  return error ? { kind: 'error', message: error } : { kind: 'value', value };
}

/** A stored value as the cell shows it for editing: percent with 2 decimals, whole years as such, amounts with 2 to 4. */
export function cellText(param: EditableParameter, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const { percent, integer } = RULES[param];
  if (integer) return editableText(value, { minDecimals: 0, maxDecimals: 0 });
  return editableText(value, percent ? { percent, maxDecimals: 2 } : {});
}
