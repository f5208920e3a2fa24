import { EMPTY, formatAmount, formatTimes } from '../format.ts';
import type { PeValuationView, PeYear } from '../pe-valuation-view.ts';
import { NOT_MEANINGFUL_TEXT } from './ratio-rows.ts';
import type { ChartSpec, HistoryModuleSpec, TableRowSpec } from './spec-types.ts';

function figureRow(
  key: string,
  label: string,
  unit: TableRowSpec['unit'],
  values: readonly (number | null)[],
  texts: readonly string[],
): TableRowSpec {
  return { key, label, unit, toneKind: 'level', values, texts, tones: values.map(() => 'neutral') };
}

const timesOrNm = (value: number | null) => (value === null ? NOT_MEANINGFUL_TEXT : formatTimes(value));
const yuan = (value: number | null) => (value === null ? EMPTY : `${formatAmount(value)} 元`);
/** A year-end's multiple: n.m. when that year's figures make it meaningless, a dash when its report is not stored. */
const multipleText = (row: PeYear, value: number | null) => (row.reported ? timesOrNm(value) : EMPTY);

/**
 * Today's DCF equity value drawn over the year-end market caps: both whole-company amounts, so a 送转 or a
 * split, which moves the close and not the market cap, does not show as a fall (docs/model.md, PE估值).
 */
function marketCapChart(view: PeValuationView): ChartSpec {
  const equity = view.dcf_equity_value;
  return {
    id: 'pe-market-cap-history',
    titles: { full: '年末总市值与今日DCF股权价值（亿元）', short: '年末市值与今日估值' },
    labels: view.years.map((row) => String(row.year)),
    estimates: view.years.map(() => false),
    series: [
      {
        key: 'market_cap',
        label: '年末总市值',
        kind: 'bar' as const,
        unit: 'amount' as const,
        axis: 'left' as const,
        values: view.years.map((row) => row.market_cap),
        color: 'slate' as const,
        toneKind: 'level' as const,
        pointLabels: false,
      },
    ],
    benchmarks: equity === null ? [] : [{ label: `DCF股权价值（${view.latest_year}年报，今日估值）`, value: equity }],
    emptyText: '暂无年末总市值',
    note:
      equity === null
        ? '无正的DCF股权价值可对照'
        : '横线为按最新年报今日估算的股权价值，并非当年的估值；各年只比较市场当时的定价',
    wide: false,
    narrowWindow: null,
  };
}

function historyChart(view: PeValuationView): ChartSpec {
  return {
    id: 'pe-pb-history',
    titles: { full: '年末市盈率与市净率（倍）', short: '年末P/E与P/B' },
    labels: view.years.map((row) => String(row.year)),
    estimates: view.years.map(() => false),
    series: [
      { key: 'pe', label: '市盈率 P/E', values: view.years.map((row) => row.pe), color: 'primary' as const },
      { key: 'pb', label: '市净率 P/B', values: view.years.map((row) => row.pb), color: 'amber' as const },
    ].map((series) => ({
      ...series,
      kind: 'line' as const,
      unit: 'times' as const,
      axis: 'left' as const,
      toneKind: 'level' as const,
      pointLabels: true,
    })),
    benchmarks: view.industry_pe ? [{ label: '行业市盈率中位数', value: view.industry_pe.median }] : [],
    emptyText: '暂无年末行情',
    note: null,
    wide: false,
    narrowWindow: null,
  };
}

/** PE估值: year-end P/E and P/B by year, then the values per share by multiple beside the DCF value. */
export function peValuationSpec(view: PeValuationView): HistoryModuleSpec {
  const years = view.years;
  const values = [
    {
      key: 'dcf',
      label: 'DCF每股价值',
      value: view.dcf_value_per_share,
      basis: `自由现金流折现（${view.latest_year}年报）`,
    },
    {
      key: 'by_pe',
      label: '按行业市盈率中位数',
      value: view.implied_by_pe,
      basis: view.industry_pe
        ? `${formatTimes(view.industry_pe.median)}（${view.industry_pe.count}家）× 每股收益 ${yuan(view.earnings_per_share)}`
        : '无行业市盈率中位数',
    },
    {
      key: 'by_pb',
      label: '按行业市净率中位数',
      value: view.implied_by_pb,
      basis: view.industry_pb
        ? `${formatTimes(view.industry_pb.median)}（${view.industry_pb.count}家）× 每股净资产 ${yuan(view.book_value_per_share)}`
        : '无行业市净率中位数',
    },
    { key: 'price', label: '现价', value: view.price, basis: view.price === null ? '暂无行情' : '最新行情' },
  ];
  const charted = values.filter((entry) => entry.value !== null);
  return {
    empty: null,
    tables: [
      ...(years.length > 0
        ? [
            {
              id: 'pe-history',
              caption: '年末市盈率与市净率',
              labelHeader: '指标',
              columns: years.map((row) => String(row.year)),
              rows: [
                figureRow(
                  'price',
                  '年末股价（元）',
                  'yuan',
                  years.map((row) => row.price),
                  years.map((row) => formatAmount(row.price)),
                ),
                figureRow(
                  'shares',
                  '总股本（亿股）',
                  'amount',
                  years.map((row) => row.shares),
                  years.map((row) => formatAmount(row.shares)),
                ),
                figureRow(
                  'market_cap',
                  '总市值（亿元）',
                  'amount',
                  years.map((row) => row.market_cap),
                  years.map((row) => formatAmount(row.market_cap)),
                ),
                figureRow(
                  'pe',
                  '市盈率 P/E',
                  'times',
                  years.map((row) => row.pe),
                  years.map((row) => multipleText(row, row.pe)),
                ),
                figureRow(
                  'pb',
                  '市净率 P/B',
                  'times',
                  years.map((row) => row.pb),
                  years.map((row) => multipleText(row, row.pb)),
                ),
              ],
            },
          ]
        : []),
      {
        id: 'pe-implied',
        fixedColumns: true,
        caption: view.industry ? `每股价值：DCF与“${view.industry}”行业倍数` : '每股价值：DCF与行业倍数',
        labelHeader: '方法',
        columns: ['每股价值', '依据'],
        rows: values.map((entry) =>
          figureRow(entry.key, entry.label, 'yuan', [entry.value, null], [yuan(entry.value), entry.basis]),
        ),
      },
    ],
    notice: view.missing.length > 0 ? { text: '缺少的数据', items: view.missing } : null,
    hints: [
      '年末市盈率 = 年末总市值 / 当年归母净利润；市净率 = 年末总市值 / 当年末归母净资产；亏损或净资产为负时无意义（n.m.）；当年年报未入库的年份不计算（-）。',
    ],
    charts: [
      ...(years.length > 0 ? [historyChart(view), marketCapChart(view)] : []),
      ...(charted.length > 1
        ? [
            {
              id: 'pe-implied-values',
              titles: { full: '每股价值：DCF与行业倍数（元）', short: 'DCF与倍数估值' },
              labels: charted.map((entry) => entry.label),
              estimates: charted.map(() => false),
              series: [
                {
                  key: 'per-share',
                  label: '每股',
                  kind: 'bar' as const,
                  unit: 'yuan' as const,
                  axis: 'left' as const,
                  values: charted.map((entry) => entry.value),
                  color: 'teal' as const,
                  toneKind: 'level' as const,
                  pointLabels: true,
                },
              ],
              benchmarks: [],
              emptyText: '暂无可比较的每股价值',
              note: null,
              wide: false,
              narrowWindow: null,
            },
          ]
        : []),
    ],
  };
}
