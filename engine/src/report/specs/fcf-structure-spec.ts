import { formatAmount, yearLabel } from '../format.ts';
import {
  type ChartPoint,
  type FcfStructureView,
  TREND_HISTORY_YEARS,
  WORKING_CAPITAL_CHANGE_METRIC,
} from '../report-views.ts';
import type { ToneKind } from '../tone.ts';
import { SMALL_CHART_WINDOW, spanYears, tableRow } from './spec-parts.ts';
import type { ChartSpec, ChartTitles, HistoryModuleSpec, YearWindow } from './spec-types.ts';

/** The FCF trend shows 9 reported years and every forecast year. */
const TREND_WINDOW: YearWindow = { history: TREND_HISTORY_YEARS, forecast: Number.POSITIVE_INFINITY };

const MISSING_TABLE = {
  text: '暂无可展示的自由现金流历史数据，可能的原因：',
  items: [
    '该公司的财务报表尚未导入或年份不全；',
    '报表缺少计算所需的科目（如购建固定资产支付的现金、折旧摊销）；',
    '最新年报仍在更新中，请稍后刷新。',
  ],
};

interface BarChart {
  readonly id: string;
  readonly titles: ChartTitles;
  readonly label: string;
  readonly points: readonly ChartPoint[];
  readonly color: 'primary' | 'teal' | 'amber' | 'slate';
  readonly emptyText: string;
  readonly toneKind?: ToneKind;
  readonly note?: string;
  readonly wide?: boolean;
  /** The history year that is the trailing twelve months ('TTM'). */
  readonly trailingYear: number | null;
}

function barChart(chart: BarChart): ChartSpec {
  const shown = spanYears(chart.points, chart.wide ? TREND_WINDOW : SMALL_CHART_WINDOW);
  return {
    id: chart.id,
    titles: chart.titles,
    labels: shown.map((point) => yearLabel(point.year, point.isEstimate, chart.trailingYear)),
    estimates: shown.map((point) => point.isEstimate),
    series: [
      {
        key: chart.id,
        label: chart.label,
        kind: 'bar',
        unit: 'amount',
        axis: 'left',
        values: shown.map((point) => point.value),
        color: chart.color,
        toneKind: chart.toneKind ?? 'level',
        pointLabels: false,
      },
    ],
    benchmarks: [],
    emptyText: chart.emptyText,
    note: chart.note ?? null,
    wide: chart.wide ?? false,
    narrowWindow: chart.wide ? SMALL_CHART_WINDOW : null,
  };
}

/** FCF and its four parts (FCF = NOPAT + 非现金成本 − 营运资本变动 − 资本开支): the history table and the charts. */
export function fcfStructureSpec(view: FcfStructureView): HistoryModuleSpec {
  const { charts, tableData, meta } = view;
  const hasTable = tableData.years.length > 0 && tableData.metrics.length > 0;
  const fcf = charts.fcfTrend.map(({ year, freeCashFlow, isEstimate }) => ({ year, value: freeCashFlow, isEstimate }));
  return {
    empty: null,
    tables: hasTable
      ? [
          {
            id: 'fcf-structure',
            caption: '自由现金流构成（历史年度，单位：亿元）',
            labelHeader: '指标',
            columns: tableData.years.map((year) => yearLabel(year, false, meta.trailing_year)),
            rows: tableData.metrics.map((metric, index) =>
              tableRow(
                `metric-${index}`,
                `${metric.name}（${metric.unit}）`,
                'amount',
                metric.name === WORKING_CAPITAL_CHANGE_METRIC ? 'change' : 'level',
                metric.values,
              ),
            ),
          },
        ]
      : [],
    notice: hasTable ? null : MISSING_TABLE,
    hints: hasTable
      ? [
          (meta.total_historical_fcf === null
            ? `近${tableData.years.length}年历史自由现金流均无法计算（缺少现金流量表数据）。`
            : `近${tableData.years.length}年历史自由现金流合计 ${formatAmount(meta.total_historical_fcf)} 亿元` +
              `${meta.recent_historical_complete ? '' : '（部分年份缺少数据，未计入）'}。`) +
            '自由现金流 = NOPAT + 非现金成本 − 营运资本变动 − 资本开支。',
        ]
      : [],
    charts: [
      barChart({
        trailingYear: meta.trailing_year,
        id: 'fcf-trend',
        titles: { full: '自由现金流趋势（含预测）', medium: '自由现金流趋势', short: 'FCF趋势' },
        label: '自由现金流',
        points: fcf,
        color: 'primary',
        emptyText: '暂无自由现金流数据',
        wide: true,
      }),
      barChart({
        trailingYear: meta.trailing_year,
        id: 'nopat',
        titles: { full: '税后营业利润（NOPAT）', short: 'NOPAT' },
        label: 'NOPAT',
        points: charts.nopat,
        color: 'primary',
        emptyText: '暂无NOPAT数据',
      }),
      barChart({
        trailingYear: meta.trailing_year,
        id: 'noncash-cost',
        titles: { full: '非现金成本（折旧摊销）', short: '非现金成本' },
        label: '非现金成本',
        points: charts.noncashCost,
        color: 'teal',
        emptyText: '暂无非现金成本数据',
      }),
      barChart({
        trailingYear: meta.trailing_year,
        id: 'working-capital',
        titles: { full: '营运资本变动', short: '营运资本' },
        label: '营运资本变动',
        points: charts.workingCapital,
        color: 'amber',
        emptyText: '暂无营运资本变动数据',
        toneKind: 'change',
        note: '正值表示营运资本增加、占用现金。',
      }),
      barChart({
        trailingYear: meta.trailing_year,
        id: 'capex',
        titles: { full: '资本开支' },
        label: '资本开支',
        points: charts.capex,
        color: 'slate',
        emptyText: '暂无资本开支数据',
      }),
    ],
  };
}
