import { describe, expect, it } from 'vitest';
import { historicalRows } from '../history/historical-rows.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { autoDrivers } from './auto-drivers.ts';
import { resolveDrivers } from './drivers.ts';
import { projectForecast } from './projection.ts';

const history = historicalRows(SAMPLE_COMPANY);
const last = history[history.length - 1];
if (!last) throw new Error('sample has history');
const forecast = projectForecast(last, resolveDrivers(autoDrivers(history, 0.02), 2025, {}));

/**
 * Worked by hand from 2024 (revenue 100, OWC 15): growth 25%, 19.25%, 13.5%, 7.75%, 2%;
 * 2025: revenue 125, EBIT 25, NOPAT 18.75, D&A 6.25, OWC 18.75 so ΔOWC 3.75, capex 6.25 + 25 × 15% = 10,
 * FCF 11.25; 2026: revenue 149.0625, NOPAT 22.359375, D&A 7.453125, ΔOWC 3.609375, capex 7.453125 +
 * 24.0625 × 15% = 11.0625, FCF 15.140625. Capex = D&A + Δrevenue ÷ sales-to-capital (6⅔), so FCF =
 * 15% × revenue − 30% × Δrevenue.
 */
describe('projectForecast', () => {
  it('projects the five years after the latest report', () => {
    expect(forecast.map((row) => row.year)).toEqual([2025, 2026, 2027, 2028, 2029]);
  });

  it('works the first two years by hand', () => {
    const [first, second] = forecast;
    expect(first?.operating_revenue).toBeCloseTo(125, 12);
    expect(first?.ebit).toBeCloseTo(25, 12);
    expect(first?.nopat).toBeCloseTo(18.75, 12);
    expect(first?.depreciation_and_amortization).toBeCloseTo(6.25, 12);
    expect(first?.Operating_Working_Capital).toBeCloseTo(18.75, 12);
    expect(first?.Change_In_Operating_WC).toBeCloseTo(3.75, 12);
    expect(first?.Capital_Expenditure).toBeCloseTo(10, 12);
    expect(first?.FCFF).toBeCloseTo(11.25, 12);
    expect(second?.operating_revenue).toBeCloseTo(149.0625, 12);
    expect(second?.nopat).toBeCloseTo(22.359375, 12);
    expect(second?.Change_In_Operating_WC).toBeCloseTo(3.609375, 12);
    expect(second?.Capital_Expenditure).toBeCloseTo(11.0625, 12);
    expect(second?.FCFF).toBeCloseTo(15.140625, 12);
  });

  it('gives every year FCF = NOPAT + D&A − ΔOWC − capex', () => {
    expect(forecast.map((row) => row.FCFF)).toEqual(
      forecast.map(
        (row) =>
          (row.nopat as number) +
          (row.noncash_cost as number) -
          (row.Change_In_Operating_WC as number) -
          (row.Capital_Expenditure as number),
      ),
    );
    const fcf = forecast.map((row) => row.FCFF as number);
    [11.25, 15.140625, 19.340859375, 23.4111041015625, 26.797783605468748].forEach((expected, index) => {
      expect(fcf[index]).toBeCloseTo(expected, 10);
    });
  });

  it('carries the sources of the drivers', () => {
    expect(forecast[0]?.sources.operating_revenue_yoy).toBe('system_default');
  });

  it('opens the working capital at the first year’s ratios when the history has none (summary only)', () => {
    const summary = historicalRows({
      code: '',
      name: '',
      years: { 2019: { operating_revenue: 100, operating_profit: 10, total_profit: 10, net_profit: 7.5 } },
    });
    const [only] = summary;
    if (!only) throw new Error('row');
    const rows = projectForecast(only, resolveDrivers(autoDrivers(summary, 0.02), 2020, {}));
    // No working-capital ratios, D&A or capex in the summary: FCF = NOPAT = EBIT × 0.75.
    expect(rows[0]?.Change_In_Operating_WC).toBe(0);
    expect(rows[0]?.FCFF).toBeCloseTo(10 * 1.02 * 0.75, 12);
  });

  it('takes impairment losses and other income at their ratios into EBIT', () => {
    const [year] = resolveDrivers(autoDrivers(history, 0.02), 2025, {
      2025: { impairment_losses_pct: 0.03, other_income_pct: 0.01 },
    });
    if (!year) throw new Error('year');
    const [first] = projectForecast(last as NonNullable<typeof last>, [year]);
    expect(first?.impairment_losses).toBeCloseTo(125 * 0.03, 12);
    expect(first?.other_income).toBeCloseTo(125 * 0.01, 12);
    // 25 − 3.75 + 1.25.
    expect(first?.ebit).toBeCloseTo(22.5, 12);
  });
});
