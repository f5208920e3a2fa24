import { formatAmount, formatPercent, formatTimes } from '../format.ts';
import {
  type IndustryComparisonView,
  type IndustryMetric,
  type IndustryPeer,
  isMultipleMetric,
} from '../industry-comparison-view.ts';
import { NOT_MEANINGFUL_TEXT } from './ratio-rows.ts';
import type { HistoryModuleSpec, TableRowSpec } from './spec-types.ts';

/** Shown when the report has no industry data (a bundle cached before the server offered it). */
export const NO_INDUSTRY_DATA = '暂无行业对比数据：请联网刷新该公司数据后查看';

function textRow(
  key: string,
  label: string,
  values: readonly (number | null)[],
  texts: readonly string[],
): TableRowSpec {
  return { key, label, unit: 'percent', toneKind: 'level', values, texts, tones: texts.map(() => 'neutral') };
}

/** A metric's figure as text: a multiple in 倍, a ratio in percent; 'n.m.' where a figure is not meaningful. */
function metricText(metric: IndustryMetric, value: number | null): string {
  if (value === null) return isMultipleMetric(metric) ? NOT_MEANINGFUL_TEXT : formatPercent(value);
  return isMultipleMetric(metric) ? formatTimes(value) : formatPercent(value);
}

const TOP_COLUMNS: readonly { key: 'revenue' | IndustryMetric; label: string }[] = [
  { key: 'revenue', label: '营业收入（亿元）' },
  { key: 'roe', label: 'ROE' },
  { key: 'roic', label: 'ROIC' },
  { key: 'gross_margin', label: '毛利率' },
  { key: 'net_margin', label: '净利率' },
  { key: 'debt_to_assets', label: '资产负债率' },
  { key: 'pe', label: 'P/E' },
  { key: 'pb', label: 'P/B' },
];

const topText = (key: 'revenue' | IndustryMetric, peer: IndustryPeer) =>
  key === 'revenue' ? formatAmount(peer.revenue) : metricText(key, peer[key]);

/** 行业对比: the company against its industry's median (with its percentile), then the 10 largest companies. */
export function industryComparisonSpec(view: IndustryComparisonView | null): HistoryModuleSpec {
  if (!view) return { empty: NO_INDUSTRY_DATA, tables: [], notice: null, hints: [], charts: [] };
  if (view.companies < 2) {
    return {
      empty: `暂无行业对比：服务器上“${view.industry}”只有本公司的数据`,
      tables: [],
      notice: null,
      hints: [],
      charts: [],
    };
  }
  const metrics = view.metrics;
  const charted = metrics.filter((metric) => !isMultipleMetric(metric.metric));
  const excluded =
    view.excluded_financial > 0 ? `，已剔除${view.excluded_financial}家金融类公司（银行、保险、证券）` : '';
  return {
    empty: null,
    tables: [
      {
        id: 'industry-metrics',
        fixedColumns: true,
        caption: `与“${view.industry}”行业（${view.companies}家公司）的比较`,
        labelHeader: '指标',
        columns: ['本公司', '行业中位数', '行业分位', '覆盖公司数'],
        rows: metrics.map((metric) =>
          textRow(
            metric.metric,
            metric.label,
            [metric.value, metric.median, metric.percentile, metric.count],
            [
              metricText(metric.metric, metric.value),
              metricText(metric.metric, metric.median),
              metric.percentile === null ? '-' : `${Math.round(metric.percentile * 100)}%`,
              `${metric.count}家`,
            ],
          ),
        ),
      },
      {
        id: 'industry-top',
        fixedColumns: true,
        caption: `“${view.industry}”营业收入前${view.top.length}名（各公司最新年报）`,
        labelHeader: '公司',
        columns: TOP_COLUMNS.map((column) => column.label),
        rows: view.top.map((peer) => {
          return textRow(
            peer.code,
            `${peer.name}${peer.code === view.company_code ? '（本公司）' : ''}（${peer.year}）`,
            TOP_COLUMNS.map((column) => peer[column.key]),
            TOP_COLUMNS.map((column) => topText(column.key, peer)),
          );
        }),
      },
    ],
    notice: null,
    hints: [
      `行业分位：行业内该指标不高于本公司的公司占比（并列计一半）；中位数与分位均按各公司最新年报计算${excluded}。`,
      '市盈率、市净率与安全边际只在有行情与估值的公司间比较；亏损或净资产为负时市盈率、市净率无意义（n.m.），不计入中位数。',
    ],
    charts: [
      {
        id: 'industry-vs-median',
        titles: { full: '本公司与行业中位数', short: '与行业中位数' },
        labels: charted.map((metric) => metric.label),
        estimates: charted.map(() => false),
        series: [
          { key: 'company', label: '本公司', values: charted.map((metric) => metric.value), color: 'primary' as const },
          {
            key: 'median',
            label: '行业中位数',
            values: charted.map((metric) => metric.median),
            color: 'slate' as const,
          },
        ].map((series) => ({
          ...series,
          kind: 'bar' as const,
          unit: 'percent' as const,
          axis: 'left' as const,
          toneKind: 'level' as const,
          pointLabels: false,
        })),
        benchmarks: [],
        emptyText: '暂无可比较的指标',
        note: null,
        wide: true,
        narrowWindow: null,
      },
    ],
  };
}
