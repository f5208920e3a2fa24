import { ValuationError } from '../../errors.ts';
import { type InputIssue, inputIssuesMessage, rangeIssue } from '../input-validation.ts';
import { MODEL_PARAMETER_RULES, type ModelParameterKey } from '../parameter-rules.ts';
import { nonPositiveEquityWarning, sharesUnknownWarning, type ValuationWarning } from '../warnings.ts';
import type { ModelFigure, ModelRow, ModelUnit, ValuationModel } from './model-types.ts';

/** Parts every model's result is made of, so that the three read alike. */

/** Equity per share when it means something: a share count, and an equity value above 0. */
export function perShareValue(equity: number, shares: number): number | null {
  return shares > 0 && equity > 0 ? equity / shares : null;
}

/** Why a value per share is missing: the equity value is not positive (`why` says what that means), no share count. */
export function perShareWarnings(equity: number, shares: number, why: string): ValuationWarning[] {
  const warnings: ValuationWarning[] = [];
  if (equity <= 0) warnings.push(nonPositiveEquityWarning(equity, why));
  if (!(shares > 0)) warnings.push(sharesUnknownWarning());
  return warnings;
}

export function modelRow(key: string, label: string, unit: ModelUnit, values: readonly (number | null)[]): ModelRow {
  return { key, label, unit, values };
}

export function modelFigure(key: string, label: string, unit: ModelUnit, value: number | null): ModelFigure {
  return { key, label, unit, value };
}

const isModelParameter = (name: string): name is ModelParameterKey => Object.hasOwn(MODEL_PARAMETER_RULES, name);

/** The levers' issues for `model`: a name it does not take, a value outside the range table's. */
export function modelLeverIssues(
  model: Pick<ValuationModel, 'parameters'>,
  levers: Readonly<Record<string, unknown>>,
): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const [field, value] of Object.entries(levers)) {
    if (value === undefined) continue;
    const issue =
      isModelParameter(field) && model.parameters.includes(field)
        ? rangeIssue(field, MODEL_PARAMETER_RULES[field], value)
        : { code: 'unknown_parameter' as const, field, value, message: `未知的参数：${field}` };
    if (issue) issues.push(issue);
  }
  return issues;
}

/** Throws INVALID_MODEL_INPUT (with every issue's message) unless `model` takes the levers as they are. */
export function requireLevers(model: Pick<ValuationModel, 'parameters'>, levers: Readonly<Record<string, unknown>>) {
  const issues = modelLeverIssues(model, levers);
  if (issues.length > 0) throw new ValuationError('INVALID_MODEL_INPUT', issues[0]?.field, inputIssuesMessage(issues));
}
