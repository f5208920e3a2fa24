import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../statements/items.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { historicalRows } from './historical-rows.ts';

describe('NOPAT of a year of large one-offs', () => {
  // 2024: EBIT 20 of the sample company, but 40 of investment income and 24 of tax on a total profit of 60.
  const withOneOff: CompanyStatements = {
    ...SAMPLE_COMPANY,
    years: {
      ...SAMPLE_COMPANY.years,
      2024: { ...SAMPLE_COMPANY.years[2024], total_profit: 60, income_tax: 24, investment_income: 40 },
    },
  };
  const rows = historicalRows(withOneOff);
  const row2024 = rows.find((row) => row.year === 2024);

  it('keeps the effective rate shown and taxes NOPAT at the mean usable rate of the other years', () => {
    expect(row2024?.income_tax_to_total_profit).toBeCloseTo(0.4, 12);
    // The other years are taxed at 25%: the normal rate.
    expect(row2024?.nopat_tax_rate).toBeCloseTo(0.25, 12);
    expect(row2024?.nopat).toBeCloseTo(15, 12);
  });

  it('keeps the effective rate where the year has no one-offs', () => {
    const plain = historicalRows(SAMPLE_COMPANY).find((row) => row.year === 2024);
    expect(plain?.nopat_tax_rate).toBeCloseTo(plain?.income_tax_to_total_profit as number, 12);
  });
});
