import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ForecastError, ForecastErrorCode } from '../forecast/forecast-error.ts';
import { ApiError } from '../http/errors.ts';

/** The HTTP status of each reason the forecast service refuses an edit. */
const STATUS_OF: Readonly<Record<ForecastErrorCode, ContentfulStatusCode>> = {
  unknown_company: 404,
  no_history: 422,
  year_outside_horizon: 400,
  growth_not_below_wacc: 400,
  out_of_range: 400,
  invalid_edit: 400,
};

/** A refused forecast edit as the API answers it (the app's error handler applies it to every route). */
export function forecastHttpError(error: ForecastError): ApiError {
  const issues = error.issues.length > 0 ? { issues: error.issues } : {};
  return new ApiError(STATUS_OF[error.code], error.message, undefined, {}, { code: error.code, ...issues });
}
