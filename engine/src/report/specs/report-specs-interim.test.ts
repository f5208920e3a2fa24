import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY_WITH_QUARTERS } from '../../testing/sample-company.ts';
import { valueCompany } from '../../valuation/company-valuation.ts';
import { dcfValuationView, fcfStructureView, financialAnalysisView } from '../report-views.ts';
import { dcfTableSpec } from './dcf-table-spec.ts';
import { fcfStructureSpec } from './fcf-structure-spec.ts';
import { fcfValuationSpec } from './fcf-valuation-spec.ts';
import { profitabilitySpec } from './profitability-spec.ts';

/** The report's tables for a company valued on the trailing twelve months to its 2025 一季报. */
const valuation = valueCompany({
  statements: SAMPLE_COMPANY_WITH_QUARTERS,
  parameters: { wacc_manual: 0.09, terminal_growth_rate_manual: 0.02 },
  sensitivity: false,
});

describe('a report on the trailing twelve months', () => {
  it('keeps the history annual and marks the last column TTM, in tables and charts', () => {
    const profitability = profitabilitySpec(financialAnalysisView(valuation));
    expect(profitability.tables[0]?.columns).toEqual(['2021', '2022', '2023', '2024', 'TTM']);
    expect(profitability.charts[0]?.labels.at(-1)).toBe('TTM');
    const structure = fcfStructureSpec(fcfStructureView(valuation));
    expect(structure.tables[0]?.columns.at(-1)).toBe('TTM');
    expect(structure.charts[0]?.labels).toEqual([
      '2021',
      '2022',
      '2023',
      '2024',
      'TTM',
      '2026E',
      '2027E',
      '2028E',
      '2029E',
      '2030E',
    ]);
  });

  it('switches the profitability section to single quarters', () => {
    const quarterly = profitabilitySpec(financialAnalysisView(valuation), 'quarterly');
    // Q1 of each year; Q2–Q4 of a year have no reports here but the annual one (Q4 = 年报 − 三季报: unknown).
    expect(quarterly.tables[0]?.columns).toEqual(['2023Q1', '2024Q1', '2025Q1']);
    expect(quarterly.tables[0]?.rows[0]?.values).toEqual([20, 25, 30]);
    expect(quarterly.tables[0]?.rows[1]?.values).toEqual([null, 0.25, 0.2]);
    expect(quarterly.charts.map((chart) => chart.id)).toEqual(['quarter-revenue', 'quarter-net-profit']);
    // Every quarter on a phone: the table scrolls in its box, the charts keep all their bars.
    expect(quarterly.tables[0]?.fixedColumns).toBe(true);
    expect(quarterly.charts.map((chart) => chart.narrowWindow)).toEqual([null, null]);
  });

  it('shows the partial first period in the DCF table and says what the base is', () => {
    const view = dcfValuationView(valuation);
    if (!view) throw new Error('no DCF');
    expect(view.meta.base_period).toBe('2025-03-31');
    const table = dcfTableSpec(view);
    expect(table.columns).toEqual(['2026E', '2027E', '2028E', '2029E', '2030E']);
    expect(table.bridge[0]).toMatchObject({ key: 'stub_pv', label: '首期现值：2025年剩余 9 个月（亿元）' });
    expect(table.bridge.find((line) => line.key === 'enterprise_value')?.how).toBe(
      '= 首期现值 + 预测期现值合计 + 终值现值',
    );
    const spec = fcfValuationSpec(view, null);
    expect(spec.assumptions).toMatch(
      /^以 2025 一季报 的滚动十二个月（TTM）为基期（估值日 2025-03-31，2025年剩余 9 个月为不足一年的首期）/,
    );
    expect(spec.dataDate?.text).toBe('基于 2025 一季报 (TTM)');
  });
});
