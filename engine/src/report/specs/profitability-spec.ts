import type { ProfitabilityRow } from '../../history/analytics.ts';
import { type FinancialAnalysisView, REPORT_HISTORY_YEARS } from '../report-views.ts';
import { CHART_HISTORY_YEARS, lastOf, NARROW_HISTORY, tableRow } from './spec-parts.ts';
import type { ChartSeriesSpec, ChartSpec, ChartTitles, HistoryModuleSpec } from './spec-types.ts';

type Figure = Exclude<keyof ProfitabilityRow, 'year'>;

function chart(
  rows: readonly ProfitabilityRow[],
  id: string,
  titles: ChartTitles,
  emptyText: string,
  series: readonly (Omit<ChartSeriesSpec, 'values' | 'key' | 'axis' | 'toneKind' | 'pointLabels'> & {
    key: Figure;
    axis?: 'right';
  })[],
): ChartSpec {
  const lineOnly = series.every((entry) => entry.kind === 'line');
  return {
    id,
    titles,
    labels: rows.map((row) => String(row.year)),
    estimates: rows.map(() => false),
    series: series.map((entry) => ({
      ...entry,
      axis: entry.axis ?? 'left',
      values: rows.map((row) => row[entry.key]),
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

/** Revenue and 归母净利润 with their growth, and the two margins: 5 years in the table, up to 10 in the charts. */
export function profitabilitySpec(view: FinancialAnalysisView): HistoryModuleSpec {
  const rows = view.data.profitability;
  if (rows.length === 0) return { empty: '暂无盈利能力数据', tables: [], notice: null, hints: [], charts: [] };
  const recent = lastOf(rows, REPORT_HISTORY_YEARS);
  const charted = lastOf(rows, CHART_HISTORY_YEARS);
  const column = (key: Figure) => recent.map((row) => row[key]);
  const growth = { key: 'revenueGrowth', label: '同比增长率', kind: 'line', unit: 'percent', color: 'amber' } as const;
  return {
    empty: null,
    tables: [
      {
        id: 'profitability',
        caption: '盈利能力指标（金额单位：亿元）',
        labelHeader: '指标',
        columns: recent.map((row) => String(row.year)),
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
      chart(charted, 'revenue', { full: '营业收入与增长率', medium: '营业收入', short: '收入' }, '暂无营业收入数据', [
        { key: 'revenue', label: '营业收入', kind: 'bar', unit: 'amount', color: 'primary' },
        { ...growth, axis: 'right' },
      ]),
      chart(
        charted,
        'net-profit',
        { full: '归母净利润与增长率', medium: '归母净利润', short: '净利润' },
        '暂无净利润数据',
        [
          { key: 'netProfit', label: '归母净利润', kind: 'bar', unit: 'amount', color: 'teal' },
          { ...growth, key: 'netProfitGrowth', axis: 'right' },
        ],
      ),
      chart(charted, 'gross-margin', { full: '毛利率趋势', medium: '毛利率' }, '暂无毛利率数据', [
        { key: 'grossMargin', label: '毛利率', kind: 'line', unit: 'percent', color: 'primary' },
      ]),
      chart(charted, 'net-margin', { full: '净利率趋势', medium: '净利率' }, '暂无净利率数据', [
        { key: 'netMargin', label: '净利率', kind: 'line', unit: 'percent', color: 'teal' },
      ]),
    ],
  };
}
