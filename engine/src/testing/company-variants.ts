import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import { SAMPLE_COMPANY } from './sample-company.ts';

/** The sample company with `change` applied to every year (or the years it returns a change for). */
export function sampleWith(change: (year: number, figures: StatementYear) => StatementYear): CompanyStatements {
  const years: Record<number, StatementYear> = {};
  for (const [year, figures] of Object.entries(SAMPLE_COMPANY.years)) {
    years[Number(year)] = { ...figures, ...change(Number(year), figures) };
  }
  return { ...SAMPLE_COMPANY, years };
}
