import type { ProfitabilityRow } from '../../history/analytics.ts';
import type { QuarterRow } from '../../history/quarters.ts';
import { quarterLabel, yearLabel } from '../format.ts';
import { type FinancialAnalysisView, REPORT_HISTORY_YEARS } from '../report-views.ts';
import { CHART_HISTORY_YEARS, lastOf, NARROW_HISTORY, tableRow } from './spec-parts.ts';
import type { ChartSeriesSpec, ChartSpec, ChartTitles, HistoryModuleSpec } from './spec-types.ts';

type Figure = Exclude<keyof ProfitabilityRow, 'year'>;
type QuarterFigure = 'revenue' | 'revenueGrowth' | 'netProfit' | 'netProfitGrowth';

/** How the profitability section reads: by fiscal year (with the TTM column), or by single quarter. */
export type ProfitabilityPeriods = 'annual' | 'quarterly';

function chart<Row, Key extends keyof Row & string>(
  rows: readonly Row[],
  labels: readonly string[],
  id: string,
  titles: ChartTitles,
  emptyText: string,
  series: readonly (Omit<ChartSeriesSpec, 'values' | 'key' | 'axis' | 'toneKind' | 'pointLabels'> & {
    key: Key;
    axis?: 'right';
  })[],
): ChartSpec {
  const lineOnly = series.every((entry) => entry.kind === 'line');
  return {
    id,
    titles,
    labels: [...labels],
    estimates: rows.map(() => false),
    series: series.map((entry) => ({
      ...entry,
      axis: entry.axis ?? 'left',
      values: rows.map((row) => row[entry.key] as number | null),
      toneKind: 'level',
      pointLabels: lineOnly,
    })),
    benchmarks: [],
    emptyText,
    note: null,
    wide: false,
    narrowWindow: NARROW_HISTORY,
  };
}

const GROWTH = { key: 'revenueGrowth', label: '同比增长率', kind: 'line', unit: 'percent', color: 'amber' } as const;

/**
 * Revenue and 归母净利润 with their growth, and the two margins: 5 years in the table, up to 10 in the charts
 * (the trailing twelve months as 'TTM'); or, `quarterly`, the latest 8 single quarters' revenue and 归母净利润
 * with their year-on-year growth.
 */
export function profitabilitySpec(
  view: FinancialAnalysisView,
  periods: ProfitabilityPeriods = 'annual',
): HistoryModuleSpec {
  if (periods === 'quarterly') return quarterlySpec(view.data.quarters);
  const rows = view.data.profitability;
  if (rows.length === 0) return { empty: '暂无盈利能力数据', tables: [], notice: null, hints: [], charts: [] };
  const recent = lastOf(rows, REPORT_HISTORY_YEARS);
  const charted = lastOf(rows, CHART_HISTORY_YEARS);
  const label = (row: ProfitabilityRow) => yearLabel(row.year, false, view.summary.trailing_year);
  const chartLabels = charted.map(label);
  const column = (key: Figure) => recent.map((row) => row[key]);
  const growth = GROWTH;
  return {
    empty: null,
    tables: [
      {
        id: 'profitability',
        caption: '盈利能力指标（金额单位：亿元）',
        labelHeader: '指标',
        columns: recent.map(label),
        rows: [
          tableRow('revenue', '营业收入（亿元）', 'amount', 'level', column('revenue')),
          tableRow('revenueGrowth', '营业收入增长率', 'percent', 'change', column('revenueGrowth')),
          tableRow('grossMargin', '毛利率', 'percent', 'level', column('grossMargin')),
          tableRow('netProfit', '归母净利润（亿元）', 'amount', 'level', column('netProfit')),
          tableRow('netProfitGrowth', '归母净利润增长率', 'percent', 'change', column('netProfitGrowth')),
          tableRow('netMargin', '净利率', 'percent', 'level', column('netMargin')),
        ],
      },
    ],
    notice: null,
    hints: [],
    charts: [
      chart(
        charted,
        chartLabels,
        'revenue',
        { full: '营业收入与增长率', medium: '营业收入', short: '收入' },
        '暂无营业收入数据',
        [
          { key: 'revenue', label: '营业收入', kind: 'bar', unit: 'amount', color: 'primary' },
          { ...growth, axis: 'right' },
        ],
      ),
      chart(
        charted,
        chartLabels,
        'net-profit',
        { full: '归母净利润与增长率', medium: '归母净利润', short: '净利润' },
        '暂无净利润数据',
        [
          { key: 'netProfit', label: '归母净利润', kind: 'bar', unit: 'amount', color: 'teal' },
          { ...growth, key: 'netProfitGrowth', axis: 'right' },
        ],
      ),
      chart(charted, chartLabels, 'gross-margin', { full: '毛利率趋势', medium: '毛利率' }, '暂无毛利率数据', [
        { key: 'grossMargin', label: '毛利率', kind: 'line', unit: 'percent', color: 'primary' },
      ]),
      chart(charted, chartLabels, 'net-margin', { full: '净利率趋势', medium: '净利率' }, '暂无净利率数据', [
        { key: 'netMargin', label: '净利率', kind: 'line', unit: 'percent', color: 'teal' },
      ]),
    ],
  };
}

/** The single quarters: revenue and 归母净利润 with their year-on-year growth, table and charts. */
function quarterlySpec(quarters: readonly QuarterRow[]): HistoryModuleSpec {
  if (quarters.length === 0) return { empty: '暂无季度数据', tables: [], notice: null, hints: [], charts: [] };
  const labels = quarters.map((row) => quarterLabel(row.year, row.quarter));
  const column = (key: QuarterFigure) => quarters.map((row) => row[key]);
  return {
    empty: null,
    tables: [
      {
        id: 'profitability-quarters',
        caption: '单季度营业收入与归母净利润（金额单位：亿元）',
        labelHeader: '指标',
        // All 8 quarters on every screen: on a phone the table scrolls inside its own box.
        fixedColumns: true,
        columns: labels,
        rows: [
          tableRow('revenue', '单季营业收入（亿元）', 'amount', 'level', column('revenue')),
          tableRow('revenueGrowth', '营业收入同比增长率', 'percent', 'change', column('revenueGrowth')),
          tableRow('netProfit', '单季归母净利润（亿元）', 'amount', 'level', column('netProfit')),
          tableRow('netProfitGrowth', '归母净利润同比增长率', 'percent', 'change', column('netProfitGrowth')),
        ],
      },
    ],
    notice: null,
    hints: ['单季数据由累计报表相减得出：二季度 = 中报 − 一季报，三季度 = 三季报 − 中报，四季度 = 年报 − 三季报。'],
    // The 8 quarters on a phone too (the narrow window is for long runs of years).
    charts: [
      wholeOnPhones(
        chart(
          quarters,
          labels,
          'quarter-revenue',
          { full: '单季营业收入与同比增长率', medium: '单季营业收入', short: '单季收入' },
          '暂无单季营业收入数据',
          [
            { key: 'revenue', label: '单季营业收入', kind: 'bar', unit: 'amount', color: 'primary' },
            { ...GROWTH, axis: 'right' },
          ],
        ),
      ),
      wholeOnPhones(
        chart(
          quarters,
          labels,
          'quarter-net-profit',
          { full: '单季归母净利润与同比增长率', medium: '单季归母净利润', short: '单季净利润' },
          '暂无单季净利润数据',
          [
            { key: 'netProfit', label: '单季归母净利润', kind: 'bar', unit: 'amount', color: 'teal' },
            { ...GROWTH, key: 'netProfitGrowth', axis: 'right' },
          ],
        ),
      ),
    ],
  };
}

function wholeOnPhones(chart: ChartSpec): ChartSpec {
  return { ...chart, narrowWindow: null };
}
