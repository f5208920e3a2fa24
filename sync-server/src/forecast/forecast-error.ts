import { type InputIssue, type InputIssueCode, inputIssuesMessage } from '@fcf/engine';

/**
 * Why the forecast service refuses an edit, by stable code. The doors translate the code: the REST routes
 * to an HTTP status, the sync push to one of its rejection codes.
 */
export type ForecastErrorCode =
  /** No company with that code (deleted since the edit was made). */
  | 'unknown_company'
  /** The company has no annual report with revenue: there is no forecast to edit. */
  | 'no_history'
  /** A year outside the 5 forecast years after the latest report. */
  | 'year_outside_horizon'
  /** The effective WACC would not stay above the terminal growth rate. */
  | 'growth_not_below_wacc'
  /** A number outside the parameter's accepted range. */
  | 'out_of_range'
  /** Not an edit at all: no parameter, an unknown one, not a number, a year where none belongs. */
  | 'invalid_edit';

export class ForecastError extends Error {
  override readonly name = 'ForecastError';

  constructor(
    readonly code: ForecastErrorCode,
    message: string,
    /** The refused inputs, each with its field, value and allowed range (the engine's check). */
    readonly issues: readonly InputIssue[] = [],
  ) {
    super(message);
  }
}

/** The forecast code of the engine's reason for refusing an input. */
const CODE_OF_ISSUE: Readonly<Record<InputIssueCode, ForecastErrorCode>> = {
  invalid_number: 'invalid_edit',
  unknown_parameter: 'invalid_edit',
  out_of_range: 'out_of_range',
  year_outside_horizon: 'year_outside_horizon',
  wacc_not_above_growth: 'growth_not_below_wacc',
};

/** The refusal of an input the engine's check found issues with (coded by the first). */
export function inputRefused(issues: readonly InputIssue[]): ForecastError {
  return new ForecastError(CODE_OF_ISSUE[issues[0]?.code ?? 'invalid_number'], inputIssuesMessage(issues), issues);
}
