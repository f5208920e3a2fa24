import type { ScreenerModel } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
import { listScreenerModels } from '../store/screener-models.ts';

/**
 * The whole-market check of docs/model.md section 15 over what a seeded platform stores: every company has a
 * value from a named model (its stored valuation) or a stated reason; a value per share that is ≤ 0, exactly
 * 0, missing or above 10× book carries a warning code that says why; a bank, insurer or broker is valued by
 * excess returns with its P/B. Test helper: reads the stored rows, asks the API only for the companies with
 * no stored value.
 */

/** Codes that say a value per share is not a result (docs/model.md section 8). */
const NOT_A_RESULT = new Set([
  'negative_enterprise_value',
  'negative_equity_value',
  'shares_unknown',
  'terminal_value_exceeds_ev',
]);
/** Codes that say a value rests on what makes it doubtful (the terminal value, the rates, the share count). */
const DOUBTFUL = new Set([
  ...NOT_A_RESULT,
  'terminal_value_dominates',
  'terminal_reinvestment_negative',
  'terminal_ronic_below_wacc',
  'shares_disagree',
  'wacc_bounded',
  'roe_bounded',
]);

/** Multiples of book above which a value must say why. */
export const BOOK_MULTIPLE_LIMIT = 10;

export interface StoredValue {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
  readonly model: string;
  /** As the stored answer gives it: the DCF's own figure for the FCFF (0 without shares), else the model's. */
  readonly valuePerShare: number | null;
  readonly warnings: readonly string[];
  /** Price-to-book figures of the excess-return model's answer (implied_pb, justified_pb). */
  readonly pb: { readonly implied: number | null; readonly justified: number | null } | null;
  /** Value per share ÷ book per share (归母净资产 ÷ the valuation's share count); null without a positive book. */
  readonly bookMultiple: number | null;
}

export interface Offender extends StoredValue {
  readonly problem: 'not_positive' | 'zero' | 'missing' | 'above_book';
}

interface StoredRow {
  code: string;
  name: string;
  industry: string;
  result_json: string;
}

/** A company's value as the API answers it (GET /api/home/dcf_valuation, or the stored run's copy of it). */
export interface ValueAnswer {
  model: string;
  value_per_share?: number | null;
  valuation?: { value_per_share: number };
  warnings?: { code: string }[];
  figures?: { key: string; value: number | null }[];
}

function bookMultiple(value: number | null, screened: ScreenerModel | undefined): number | null {
  if (value === null || !screened || screened.parentEquity === null) return null;
  if (!(screened.parentEquity > 0) || !(screened.shares > 0)) return null;
  return value / (screened.parentEquity / screened.shares);
}

type Company = Pick<StoredValue, 'code' | 'name' | 'industry'>;

/** The value of one answer: the DCF's own figure for the FCFF, the model's otherwise. */
export function valueOfAnswer(company: Company, answer: ValueAnswer, screened?: ScreenerModel): StoredValue {
  const figure = (key: string) => answer.figures?.find((entry) => entry.key === key)?.value ?? null;
  const perShare =
    answer.model === 'fcff' ? (answer.valuation?.value_per_share ?? null) : (answer.value_per_share ?? null);
  return {
    ...company,
    model: answer.model,
    valuePerShare: perShare,
    warnings: (answer.warnings ?? []).map((warning) => warning.code),
    pb: answer.figures ? { implied: figure('implied_pb'), justified: figure('justified_pb') } : null,
    bookMultiple: bookMultiple(perShare, screened),
  };
}

/**
 * Every company's stored value (the latest valuation run) with its warnings, the companies with none (the
 * fixtures a platform seeds without a run: ask the API), and the screener's models (book value per share).
 */
export function storedValues(db: Database): {
  values: StoredValue[];
  unstored: Company[];
  screened: Map<string, ScreenerModel>;
} {
  const screened = new Map(listScreenerModels(db).map((model) => [model.code, model]));
  const rows = queryAll<StoredRow>(
    db,
    `SELECT c.code, c.name, c.industry, r.result_json FROM companies c
     JOIN valuation_results r ON r.company_code = c.code AND r.deleted = 0 WHERE c.deleted = 0 ORDER BY c.code`,
  );
  const values = rows.map(({ result_json, ...company }) =>
    valueOfAnswer(company, JSON.parse(result_json) as ValueAnswer, screened.get(company.code)),
  );
  const unstored = queryAll<Company>(
    db,
    `SELECT code, name, industry FROM companies c WHERE deleted = 0 AND NOT EXISTS
       (SELECT 1 FROM valuation_results r WHERE r.company_code = c.code AND r.deleted = 0) ORDER BY code`,
  );
  return { values, unstored, screened };
}

/** The values that break the rule: ≤ 0, exactly 0, missing or above 10× book without a code that says why. */
export function offendersOf(values: readonly StoredValue[]): Offender[] {
  const offenders: Offender[] = [];
  for (const value of values) {
    const says = (codes: ReadonlySet<string>) => value.warnings.some((code) => codes.has(code));
    const perShare = value.valuePerShare;
    let problem: Offender['problem'] | null = null;
    if (perShare === null) problem = says(NOT_A_RESULT) ? null : 'missing';
    else if (perShare === 0) problem = says(NOT_A_RESULT) ? null : 'zero';
    else if (perShare < 0) problem = says(NOT_A_RESULT) ? null : 'not_positive';
    else if ((value.bookMultiple ?? 0) > BOOK_MULTIPLE_LIMIT) problem = says(DOUBTFUL) ? null : 'above_book';
    if (problem) offenders.push({ ...value, problem });
  }
  return offenders;
}

/** How many stored values fall in each band, for the record of a run. */
export function valueCounts(values: readonly StoredValue[]) {
  const count = (test: (value: StoredValue) => boolean) => values.filter(test).length;
  return {
    fcff: count((value) => value.model === 'fcff'),
    excessReturn: count((value) => value.model === 'excess_return'),
    notPositive: count((value) => value.valuePerShare !== null && value.valuePerShare <= 0),
    missing: count((value) => value.valuePerShare === null),
    aboveTenTimesBook: count((value) => (value.bookMultiple ?? 0) > BOOK_MULTIPLE_LIMIT),
  };
}
