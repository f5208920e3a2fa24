import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latestReportedYear, REVENUE_ITEMS } from '../history/historical-rows.ts';
import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import { ANGEL_YEAST } from '../testing/angel-yeast.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { valueCompany } from '../valuation/company-valuation.ts';
import { forecastYearsAfter } from './drivers.ts';

/** Only the revenue lines: what the server reads to learn a company's horizon without valuing it. */
function revenueOnly(statements: CompanyStatements): CompanyStatements {
  const years: Record<number, StatementYear> = {};
  for (const [year, items] of Object.entries(statements.years)) {
    years[Number(year)] = Object.fromEntries(
      REVENUE_ITEMS.flatMap((item) => (item in items ? [[item, items[item]]] : [])),
    );
  }
  return { ...statements, years };
}

describe('the forecast horizon', () => {
  it('is the 5 years after the latest annual report', () => {
    expect(forecastYearsAfter(2024)).toEqual([2025, 2026, 2027, 2028, 2029]);
  });

  it('from the revenue lines alone equals the valuation’s forecast years', () => {
    for (const company of [SAMPLE_COMPANY, ANGEL_YEAST]) {
      const latest = latestReportedYear(revenueOnly(company));
      expect(latest).not.toBeNull();
      expect(forecastYearsAfter(latest as number)).toEqual(valueCompany({ statements: company }).forecastYears);
    }
  });

  it('holds whichever years report revenue, in either line, positive or not', () => {
    const revenue = fc.option(fc.double({ min: -50, max: 500, noNaN: true }), { nil: undefined });
    const year = fc.record({ operating_revenue: revenue, total_operating_revenue: revenue });
    fc.assert(
      fc.property(fc.dictionary(fc.integer({ min: 2015, max: 2024 }).map(String), year), (raw) => {
        const years: Record<number, StatementYear> = {};
        for (const [key, { operating_revenue, total_operating_revenue }] of Object.entries(raw)) {
          years[Number(key)] = {
            ...(SAMPLE_COMPANY.years[2024] ?? {}),
            operating_revenue,
            total_operating_revenue,
          };
        }
        const statements: CompanyStatements = { code: '000001', name: '测试', years };
        const latest = latestReportedYear(revenueOnly(statements));
        if (latest === null) {
          expect(() => valueCompany({ statements })).toThrow();
        } else {
          expect(valueCompany({ statements }).forecastYears).toEqual(forecastYearsAfter(latest));
        }
      }),
      { numRuns: 60 },
    );
  });
});
