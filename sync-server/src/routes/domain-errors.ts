import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ForecastError, type ForecastErrorCode } from '../forecast/forecast-error.ts';
import { ApiError } from '../http/errors.ts';
import { CompanyNotValued, ValuationRefused } from '../valuation/valuation-errors.ts';

/** The HTTP status of each reason the forecast service refuses an edit. */
const FORECAST_STATUS: Readonly<Record<ForecastErrorCode, ContentfulStatusCode>> = {
  unknown_company: 404,
  no_history: 422,
  year_outside_horizon: 400,
  growth_not_below_wacc: 400,
  out_of_range: 400,
  invalid_edit: 400,
};

/** A refused forecast edit as the API answers it. */
function forecastHttpError(error: ForecastError): ApiError {
  const issues = error.issues.length > 0 ? { issues: error.issues } : {};
  return new ApiError(FORECAST_STATUS[error.code], error.message, undefined, {}, { code: error.code, ...issues });
}

/**
 * A domain error as the API answers it (the app's error handler applies this to every route); anything
 * else is returned as thrown. Services throw their own errors; only here do they get a status.
 */
export function httpErrorOf(thrown: unknown): unknown {
  if (thrown instanceof ForecastError) return forecastHttpError(thrown);
  // No history to value: the request is sound, the company cannot answer it yet.
  if (thrown instanceof CompanyNotValued) {
    return new ApiError(thrown.code === 'no_history' ? 422 : 400, thrown.message, thrown.detail);
  }
  if (thrown instanceof ValuationRefused) return new ApiError(422, thrown.message);
  return thrown;
}
