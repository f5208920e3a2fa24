import type { CompanyStatements, StatementYear, YearOverrides } from '@fcf/engine';
import { describe, expect, it } from 'vitest';
import { perturbedCompany, SAMPLE_OVERRIDES, VALUATION_PARAMETERS, valueWithOverrides } from './company.ts';
import { AGREEMENT, buildSpreadsheet, disagreement } from './spreadsheet.ts';

/** Sets a year's line to a multiple of its revenue. */
function atRevenue(company: CompanyStatements, year: number, item: keyof StatementYear, multiple: number): void {
  const row = company.years[year] as StatementYear;
  row[item] = (row.operating_revenue ?? 0) * multiple;
}

/** Histories that take each branch of the auto drivers (docs/model.md#4-forecast-drivers). */
const HISTORIES: readonly [string, (company: CompanyStatements) => void][] = [
  ['the sample as it is', () => {}],
  ['an operating loss carried into the forecast', (company) => atRevenue(company, 2023, 'operating_cost', 1.05)],
  ['a shell year (|EBIT| > revenue) left out', (company) => atRevenue(company, 2022, 'operating_cost', 2.5)],
  ['a year of near-zero revenue left out', (company) => atRevenue(company, 2022, 'operating_revenue', 0.01)],
  [
    'costs beyond the EBIT-margin bound',
    (company) => {
      for (const year of [2022, 2023, 2024]) {
        atRevenue(company, year, 'operating_cost', 0.99);
        atRevenue(company, year, 'selling_expenses', 0.6);
      }
    },
  ],
  [
    'a 12% effective tax rate (the statutory rate 15%)',
    (company) => {
      for (const year of [2022, 2023, 2024]) {
        const row = company.years[year] as StatementYear;
        row.income_tax = (row.total_profit ?? 0) * 0.12;
      }
    },
  ],
  [
    'a year of large one-offs left out of the tax rate',
    (company) => {
      const row = company.years[2023] as StatementYear;
      row.total_profit = (row.total_profit ?? 0) * 3;
    },
  ],
];

const OVERRIDES: readonly YearOverrides[] = [
  {},
  SAMPLE_OVERRIDES,
  { 2026: { sales_to_capital: 3 }, 2027: { Capex_to_Revenue_Ratio: 0.02 } },
];

describe('the spreadsheet reference of bench section 1', () => {
  it.each(HISTORIES)('values %s as the engine does, value per share and grid', (_name, change) => {
    const company = perturbedCompany(1);
    change(company);
    for (const overrides of OVERRIDES) {
      const spreadsheet = buildSpreadsheet(company, overrides, VALUATION_PARAMETERS);
      try {
        expect(disagreement(spreadsheet, valueWithOverrides(company, overrides))).toBeLessThanOrEqual(AGREEMENT);
      } finally {
        spreadsheet.hf.destroy();
      }
    }
  });
});
