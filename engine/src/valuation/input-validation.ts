import { FORECAST_YEARS, isDriverKey } from '../forecast/drivers.ts';
import { yearsText } from '../message-format.ts';
import type { CompanyValuation } from './company-valuation.ts';
import { TERMINAL_VALUE_METHODS } from './dcf.ts';
import {
  PARAMETER_RULES,
  type ParameterRule,
  RONIC_RULE,
  rangeText,
  ruleViolation,
  shown,
  waccGrowthError,
} from './parameter-rules.ts';
import { DEFAULT_TERMINAL_GROWTH_RATE, VALUATION_PARAMETER_KEYS, type ValuationParameterKey } from './parameters.ts';
import { FALLBACK_WACC } from './wacc.ts';

/**
 * One refusal of a what-if or adjustment input: which field (`operating_revenue_yoy@2026` for a year's
 * driver), the value given, the allowed range when there is one, and the Chinese message that says all of it.
 */
export interface InputIssue {
  readonly code: InputIssueCode;
  readonly field: string;
  readonly value: unknown;
  readonly message: string;
  readonly min?: number;
  readonly max?: number;
  /** Override years outside the forecast horizon. */
  readonly years?: readonly number[];
}

/**
 * Why an input is refused: not a finite number (or not one of the allowed words), outside the parameter
 * table's range, an override year outside the forecast horizon, WACC not above g, or a name the model
 * does not know.
 */
export type InputIssueCode =
  | 'invalid_number'
  | 'out_of_range'
  | 'year_outside_horizon'
  | 'wacc_not_above_growth'
  | 'unknown_parameter';

/** An input as it arrives: any keys, any values; the validator says what is wrong with it. */
export interface ValuationInput {
  readonly parameters?: Readonly<Record<string, unknown>>;
  /** Per-year drivers, keyed by fiscal year. */
  readonly overrides?: Readonly<Record<string, Readonly<Record<string, unknown>> | undefined>>;
}

export interface ValuationInputContext {
  /** The first forecast year (the year after the latest annual report). */
  readonly firstForecastYear: number;
  readonly forecastYears?: number;
  /**
   * The WACC and terminal growth that apply where the input does not mention them (to check WACC > g).
   * Absent (the server, before it writes an edit): WACC > g is checked only where the input gives both,
   * and the rest is left to the valuation of the values as written.
   */
  readonly wacc?: number;
  readonly terminalGrowth?: number;
  /** The WACC that applies when the input clears the manual one (null); default `wacc`. */
  readonly calculatedWacc?: number;
}

const VALUATION_KEYS: ReadonlySet<string> = new Set<ValuationParameterKey>(VALUATION_PARAMETER_KEYS);

/** The issue of one value against its rule (parameter-rules.ts), or undefined when the value may be set. */
export function rangeIssue(field: string, rule: ParameterRule, value: unknown): InputIssue | undefined {
  const { label, min, max, percent } = rule;
  const violation = ruleViolation(rule, value);
  if (violation === undefined) return undefined;
  if (violation === 'invalid' || typeof value !== 'number') {
    return { code: 'invalid_number', field, value, min, max, message: `${label}（${field}）：无效的数值` };
  }
  return {
    code: 'out_of_range',
    field,
    value,
    min,
    max,
    message: `${label}（${field}）为 ${shown(value, percent)}，超出合理范围（${rangeText(rule)}）`,
  };
}

function parameterIssues(parameters: Readonly<Record<string, unknown>>): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const [field, value] of Object.entries(parameters)) {
    if (value === undefined) continue;
    let issue: InputIssue | undefined;
    if (VALUATION_KEYS.has(field)) {
      issue = value === null ? undefined : rangeIssue(field, PARAMETER_RULES[field as ValuationParameterKey], value);
    } else if (field === 'ronic_manual') {
      issue = value === null ? undefined : rangeIssue(field, RONIC_RULE, value);
    } else if (field === 'terminal_value_method') {
      issue = (TERMINAL_VALUE_METHODS as readonly unknown[]).includes(value)
        ? undefined
        : {
            code: 'invalid_number',
            field,
            value,
            message: `终值方法（${field}）只能是 ${TERMINAL_VALUE_METHODS.join(' 或 ')}`,
          };
    } else {
      issue = { code: 'unknown_parameter', field, value, message: `未知的参数：${field}` };
    }
    if (issue) issues.push(issue);
  }
  return issues;
}

function overrideIssues(
  overrides: NonNullable<ValuationInput['overrides']>,
  firstYear: number,
  yearCount: number,
): InputIssue[] {
  const issues: InputIssue[] = [];
  const outside: number[] = [];
  const lastYear = firstYear + yearCount - 1;
  for (const [yearText, values] of Object.entries(overrides)) {
    const year = Number(yearText);
    if (!Number.isInteger(year) || year < firstYear || year > lastYear) {
      outside.push(year);
      continue;
    }
    for (const [key, value] of Object.entries(values ?? {})) {
      if (value === undefined) continue;
      const field = `${key}@${year}`;
      const issue = isDriverKey(key)
        ? rangeIssue(field, PARAMETER_RULES[key], value)
        : { code: 'unknown_parameter' as const, field, value, message: `未知的参数：${key}` };
      if (issue) issues.push(issue);
    }
  }
  if (outside.length > 0) {
    const years = outside.sort((a, b) => a - b);
    issues.unshift({
      code: 'year_outside_horizon',
      field: 'year',
      value: years,
      years,
      min: firstYear,
      max: lastYear,
      message: `预测期为 ${firstYear}–${lastYear} 年，以下年份不在预测期内，不能设置预测参数：${yearsText(years)}`,
    });
  }
  return issues;
}

/**
 * The one check of a what-if or adjustment input, for every door (the what-if endpoint, admin
 * adjustments, sync mutations, the page and the worker): each valuation parameter and per-year driver
 * within the parameter table's range, override years inside the forecast horizon, and the effective WACC
 * above the effective terminal growth. Empty when the input may be applied as is.
 *
 * @example
 * validateValuationInput({ parameters: { wacc_manual: 8 } }, { firstForecastYear: 2025, wacc: 0.09, terminalGrowth: 0.02 });
 * // [{ field: 'wacc_manual', value: 8, min: 0.01, max: 0.3, message: 'WACC（wacc_manual）为 800%，超出合理范围（1% 至 30%）' }]
 */
export function validateValuationInput(input: ValuationInput, context: ValuationInputContext): InputIssue[] {
  const parameters = input.parameters ?? {};
  const issues = [
    ...parameterIssues(parameters),
    ...overrideIssues(input.overrides ?? {}, context.firstForecastYear, context.forecastYears ?? FORECAST_YEARS),
  ];
  const waccField = issues.some(
    (issue) => issue.field === 'wacc_manual' || issue.field === 'terminal_growth_rate_manual',
  );
  if (!waccField) {
    const manualWacc = parameters.wacc_manual;
    const manualGrowth = parameters.terminal_growth_rate_manual;
    const wacc =
      typeof manualWacc === 'number'
        ? manualWacc
        : manualWacc === null
          ? (context.calculatedWacc ?? context.wacc)
          : context.wacc;
    const growth =
      typeof manualGrowth === 'number'
        ? manualGrowth
        : manualGrowth === null
          ? DEFAULT_TERMINAL_GROWTH_RATE
          : context.terminalGrowth;
    const problem = wacc === undefined || growth === undefined ? undefined : waccGrowthError(wacc, growth);
    if (problem) {
      const field =
        typeof manualWacc === 'number' || typeof manualGrowth !== 'number'
          ? 'wacc_manual'
          : 'terminal_growth_rate_manual';
      issues.push({ code: 'wacc_not_above_growth', field, value: parameters[field] ?? null, message: problem });
    }
  }
  return issues;
}

/** What a door answers for refused input: every issue's message, in order. */
export function inputIssuesMessage(issues: readonly InputIssue[]): string {
  return issues.map((issue) => issue.message).join('；');
}

/** The context an input is checked in: the valuation of what is stored (its horizon, WACC and g). */
export function inputContextOf(valuation: CompanyValuation): ValuationInputContext {
  const { parameters } = valuation;
  return {
    firstForecastYear: valuation.latestYear + 1,
    wacc: parameters.wacc,
    terminalGrowth: parameters.terminal_growth_rate,
    calculatedWacc: parameters.wacc_calculated ?? FALLBACK_WACC,
  };
}
