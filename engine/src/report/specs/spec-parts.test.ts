import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '../../valuation/parameters.ts';
import { buildCompanyReport } from '../company-bundle.ts';
import { fcfStructureSpec } from './fcf-structure-spec.ts';
import { chartForWidth, SMALL_CHART_WINDOW, spanYears } from './spec-parts.ts';
import type { ChartSpec } from './spec-types.ts';

const points = [
  ...Array.from({ length: 12 }, (_, index) => ({ year: 2013 + index, isEstimate: false })),
  ...Array.from({ length: 5 }, (_, index) => ({ year: 2025 + index, isEstimate: true })),
];

const trend = (years: readonly { year: number; isEstimate: boolean }[]): ChartSpec => ({
  id: 'fcf-trend',
  titles: { full: '自由现金流趋势（含预测）' },
  labels: years.map((point) => `${point.year}${point.isEstimate ? 'E' : ''}`),
  estimates: years.map((point) => point.isEstimate),
  series: [],
  benchmarks: [],
  emptyText: '',
  note: null,
  wide: true,
  narrowWindow: SMALL_CHART_WINDOW,
});

describe('year windows', () => {
  it('keep the latest reported years and the first forecast years', () => {
    expect(spanYears(points, SMALL_CHART_WINDOW).map((point) => point.year)).toEqual([
      2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029,
    ]);
    expect(spanYears(points.slice(10, 13), SMALL_CHART_WINDOW).map((point) => point.year)).toEqual([2023, 2024, 2025]);
  });

  it('narrow a chart to its phone window at 768 px or less, and leave it whole otherwise', () => {
    const chart = trend(points);
    expect(chartForWidth(chart, false)).toBe(chart);
    expect(chartForWidth(chart, true).labels).toEqual([
      '2020',
      '2021',
      '2022',
      '2023',
      '2024',
      '2025E',
      '2026E',
      '2027E',
      '2028E',
      '2029E',
    ]);
  });
});

describe('the FCF structure spec', () => {
  const report = buildCompanyReport({
    company: { code: SAMPLE_COMPANY.code, name: SAMPLE_COMPANY.name, industry: '其他' },
    statements: SAMPLE_COMPANY,
    parameters: { ...NO_MANUAL_PARAMETERS, wacc_manual: 0.09 },
    overrides: {},
    waccAssumptions: WACC_ASSUMPTIONS,
    version: 1,
  });
  const spec = fcfStructureSpec(report.fcfStructure);

  it('colours the change in working capital by sign and leaves the levels neutral', () => {
    const rows = spec.tables[0]?.rows ?? [];
    expect(rows.map((row) => [row.label, row.toneKind])).toEqual([
      ['自由现金流（亿元）', 'level'],
      ['税后营业利润(NOPAT)（亿元）', 'level'],
      ['非现金成本(折旧摊销)（亿元）', 'level'],
      ['营运资本变动（亿元）', 'change'],
      ['资本开支（亿元）', 'level'],
    ]);
    const change = spec.charts.find((chart) => chart.id === 'working-capital');
    expect(change?.series[0]?.toneKind).toBe('change');
  });

  it('shows the FCF trend with every forecast year, and 5 + 5 years on phones', () => {
    const chart = spec.charts.find((entry) => entry.id === 'fcf-trend');
    if (!chart) throw new Error('no trend chart');
    expect(chart.labels.filter((label) => label.endsWith('E'))).toHaveLength(5);
    expect(chartForWidth(chart, true).labels.length).toBeLessThanOrEqual(10);
  });
});
