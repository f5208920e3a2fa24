import { FCF_RATIO_BENCHMARKS, FCF_RATIO_KEYS, type FcfRatioKey } from '../../history/fcf-ratios.ts';
import { type FcfEvBasis, MODEL_EV_BASIS } from '../company-bundle.ts';
import { formatValue, yearLabel } from '../format.ts';
import { type FcfRatioView, REPORT_HISTORY_YEARS } from '../report-views.ts';
import { CHART_HISTORY_YEARS, lastOf, NARROW_HISTORY, tableRow } from './spec-parts.ts';
import type { ChartSpec, ChartTitles, HistoryModuleSpec } from './spec-types.ts';

interface RatioChart {
  readonly titles: ChartTitles;
  readonly unit: 'percent' | 'times';
  readonly color: 'primary' | 'teal' | 'amber';
}

const RATIO_CHARTS: Record<FcfRatioKey, RatioChart> = {
  fcf_revenue_ratio: { titles: { full: 'FCF/营业收入', short: 'FCF/收入' }, unit: 'percent', color: 'primary' },
  fcf_ev_ratio: { titles: { full: 'FCF/企业价值', short: 'FCF/EV' }, unit: 'percent', color: 'teal' },
  fcf_capex_ratio: { titles: { full: 'FCF/资本开支' }, unit: 'times', color: 'amber' },
  fcf_net_profit_ratio: { titles: { full: 'FCF/归母净利润', short: 'FCF/净利润' }, unit: 'times', color: 'primary' },
};

/** FCF/EV is named by the EV it divides by: the market's when there is a price, else the model's. */
function ratioChartOf(key: FcfRatioKey, evBasis: FcfEvBasis): RatioChart {
  const chart = RATIO_CHARTS[key];
  return key === 'fcf_ev_ratio' ? { ...chart, titles: { full: evBasis.label } } : chart;
}

function ratioChart(view: FcfRatioView, key: FcfRatioKey, evBasis: FcfEvBasis): ChartSpec {
  const points = lastOf(view.charts[key], CHART_HISTORY_YEARS);
  const { titles, unit, color } = ratioChartOf(key, evBasis);
  const benchmark = FCF_RATIO_BENCHMARKS[key];
  return {
    id: key,
    titles,
    labels: points.map((point) => yearLabel(point.year, false, view.summary.trailing_year)),
    estimates: points.map(() => false),
    series: [
      {
        key,
        label: titles.full,
        kind: 'line',
        unit,
        axis: 'left',
        values: points.map((point) => point.value),
        color,
        toneKind: 'level',
        pointLabels: true,
      },
    ],
    benchmarks: [{ label: `基准线 ${formatValue(unit, benchmark)}`, value: benchmark }],
    emptyText: '暂无数据',
    note: null,
    wide: false,
    narrowWindow: NARROW_HISTORY,
  };
}

/** The four FCF ratios of the reported years against their benchmarks (5%, 5%, 1×, 1×). */
export function fcfRatioSpec(view: FcfRatioView, evBasis: FcfEvBasis = MODEL_EV_BASIS): HistoryModuleSpec {
  const { charts, summary } = view;
  // No sample series stand in for missing data: the report shows only the company's own figures.
  if (FCF_RATIO_KEYS.every((key) => charts[key].length === 0)) {
    return { empty: '暂无FCF比率数据', tables: [], notice: null, hints: [], charts: [] };
  }
  const years = lastOf(summary.data_years, REPORT_HISTORY_YEARS);
  return {
    empty: null,
    tables: [
      {
        id: 'fcf-ratio',
        caption: 'FCF 比率（FCF/营业收入、FCF/EV 以百分比表示，其余为倍数）',
        labelHeader: '指标',
        columns: years.map((year) => yearLabel(year, false, summary.trailing_year)),
        rows: FCF_RATIO_KEYS.map((key) =>
          tableRow(
            key,
            ratioChartOf(key, evBasis).titles.full,
            RATIO_CHARTS[key].unit,
            'level',
            years.map((year) => charts[key].find((point) => point.year === year)?.value ?? null),
          ),
        ),
      },
    ],
    notice: null,
    hints: [`虚线为各比率的基准线。${evBasis.note}`],
    charts: FCF_RATIO_KEYS.map((key) => ratioChart(view, key, evBasis)),
  };
}
