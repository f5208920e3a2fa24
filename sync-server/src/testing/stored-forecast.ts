import type { Database } from '../db/database.ts';
import { queryOne } from '../db/query.ts';

/** A forecast driver as the server holds it (undefined: not set, or cleared). */
export function storedForecastValue(
  db: Database,
  company: string,
  year: number,
  parameter: string,
): number | undefined {
  return queryOne<{ value: number }>(
    db,
    'SELECT value FROM forecast_parameters WHERE company_code = ? AND year = ? AND parameter = ? AND deleted = 0',
    company,
    year,
    parameter,
  )?.value;
}
