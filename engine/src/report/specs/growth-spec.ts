import { CAGR_SPANS } from '../../history/growth-ratios.ts';
import { formatPercent } from '../format.ts';
import type { GrowthView } from '../growth-view.ts';
import { REPORT_HISTORY_YEARS } from '../report-views.ts';
import { toneOf } from '../tone.ts';
import { notMeaningfulHints, ratioRow } from './ratio-rows.ts';
import { lastOf, NARROW_HISTORY, tableRow } from './spec-parts.ts';
import type { ChartSpec, HistoryModuleSpec, TableRowSpec } from './spec-types.ts';

const EMPTY_GROWTH = '暂无成长能力数据：缺少年度营业收入';

/** The CAGR table: figures down, the spans across, then the share of years with growth. */
function cagrRows(view: GrowthView): TableRowSpec[] {
  return view.figures.map((summary) => {
    const ratios = [...summary.cagr, { value: summary.growth_share, reason: null }];
    const row = ratioRow(summary.figure, summary.label, 'percent', 'change', ratios);
    // The share of growth years is a level (how often), not a change: no colour.
    const last = ratios.length - 1;
    const shareText =
      summary.growth_share === null
        ? (row.texts[last] ?? '')
        : `${formatPercent(summary.growth_share)}（${summary.rose}/${summary.compared}）`;
    return {
      ...row,
      texts: [...row.texts.slice(0, last), shareText],
      tones: [...row.tones.slice(0, last), toneOf(null, 'level')],
    };
  });
}

/** 成长能力: CAGR over 3/5/10 years with the share of years that grew, and earnings quality by year. */
export function growthSpec(view: GrowthView): HistoryModuleSpec {
  const years = view.years;
  if (years.length === 0 || years.every((year) => year.revenue === null)) {
    return { empty: EMPTY_GROWTH, tables: [], notice: null, hints: [], charts: [] };
  }
  const cagrColumns = [...CAGR_SPANS.map((span) => `${span}年复合增长率`), '增长年份占比'];
  const recent = lastOf(years, REPORT_HISTORY_YEARS);
  const recentColumns = recent.map((year) => String(year.year));
  const quality = recent.map((year) => year.earnings_quality);
  const charted = lastOf(years, 10);
  const qualityChart: ChartSpec = {
    id: 'earnings-quality',
    titles: { full: '盈利质量：经营活动现金流净额 / 净利润', medium: '盈利质量', short: '盈利质量' },
    labels: charted.map((year) => String(year.year)),
    estimates: charted.map(() => false),
    series: [
      {
        key: 'earnings_quality',
        label: '经营现金流/净利润',
        kind: 'line',
        unit: 'times',
        axis: 'left',
        values: charted.map((year) => year.earnings_quality.value),
        color: 'teal',
        toneKind: 'level',
        pointLabels: true,
      },
    ],
    benchmarks: [{ label: '1倍', value: 1 }],
    emptyText: '暂无盈利质量数据：缺少现金流量表或净利润',
    note: null,
    wide: false,
    narrowWindow: NARROW_HISTORY,
  };
  const sizeChart: ChartSpec = {
    id: 'growth-levels',
    titles: { full: '营业收入、归母净利润与自由现金流', medium: '收入、利润与FCF', short: '收入与利润' },
    labels: charted.map((year) => String(year.year)),
    estimates: charted.map(() => false),
    series: [
      { key: 'revenue', label: '营业收入', color: 'primary' },
      { key: 'net_profit_parent', label: '归母净利润', color: 'teal' },
      { key: 'fcf', label: '自由现金流', color: 'amber' },
    ].map(({ key, label, color }) => ({
      key,
      label,
      kind: 'bar' as const,
      unit: 'amount' as const,
      axis: 'left' as const,
      values: charted.map((year) => year[key as 'revenue' | 'net_profit_parent' | 'fcf']),
      color: color as 'primary' | 'teal' | 'amber',
      toneKind: 'level' as const,
      pointLabels: false,
    })),
    benchmarks: [],
    emptyText: '暂无营业收入数据',
    note: null,
    wide: false,
    narrowWindow: NARROW_HISTORY,
  };
  return {
    empty: null,
    tables: [
      {
        id: 'growth-cagr',
        fixedColumns: true,
        caption: `复合增长率（截至${view.latest_year}年）与增长年份占比（最近10年）`,
        labelHeader: '指标',
        columns: cagrColumns,
        rows: cagrRows(view),
      },
      {
        id: 'earnings-quality',
        caption: '盈利质量（金额单位：亿元）',
        labelHeader: '指标',
        columns: recentColumns,
        rows: [
          tableRow(
            'operating_cash_flow',
            '经营活动现金流净额（亿元）',
            'amount',
            'level',
            recent.map((year) => year.operating_cash_flow),
          ),
          ratioRow('earnings_quality', '经营现金流/净利润', 'times', 'level', quality),
        ],
      },
    ],
    notice: null,
    hints: [
      '复合增长率 = (期末值 ÷ 期初值)^(1/年数) − 1；增长年份占比为最近10年中同比上升的年数占可比较年数的比例。盈利质量高于1倍说明利润有现金支撑。',
      ...notMeaningfulHints([
        ...view.figures.map((summary) => ({
          label: `${summary.label}复合增长率`,
          columns: summary.cagr.map((cagr) => `${cagr.span}年`),
          ratios: summary.cagr,
        })),
        { label: '盈利质量', columns: recentColumns, ratios: quality },
      ]),
    ],
    charts: [sizeChart, qualityChart],
  };
}
