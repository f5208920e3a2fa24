import { FCF_RATIO_KEYS, type FcfRatioKey } from '../history/fcf-ratios.ts';
import type { CompanyReport } from '../report/company-bundle.ts';
import { REPORT_HISTORY_YEARS, TREND_HISTORY_YEARS } from '../report/report-views.ts';
import type { ChartUnit } from './pdf-axis.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import { type BarPoint, type ChartBox, drawBarChart, drawChartRow, drawLineChart } from './pdf-charts.ts';
import type { Rgb } from './pdf-doc.ts';
import { formatAmount, formatPercent, formatTimes, yearLabel } from './pdf-format.ts';
import { drawYearTable } from './pdf-tables.ts';
import {
  AREA,
  CHART_HISTORY_YEARS,
  empty,
  HALF_CHART_HEIGHT,
  hint,
  last,
  WIDE_CHART_HEIGHT,
} from './report-sections.ts';

/** Report modules 3 and 4: the FCF structure and the FCF ratios against their benchmarks. */

interface YearValue {
  readonly year: number;
  readonly value: number | null;
  readonly isEstimate: boolean;
}

/** The latest `history` reported years, then the first `forecast` estimates (public-side §9). */
function windowed(points: readonly YearValue[], history: number, forecast: number): BarPoint[] {
  const past = points.filter((point) => !point.isEstimate);
  const future = points.filter((point) => point.isEstimate);
  return [...last(past, history), ...future.slice(0, forecast)].map((point) => ({
    label: yearLabel(point.year, point.isEstimate),
    value: point.value,
    estimate: point.isEstimate,
  }));
}

export function drawFcfStructure(canvas: PdfCanvas, report: CompanyReport): void {
  canvas.heading('三、自由现金流结构');
  const { charts, tableData, meta } = report.fcfStructure;
  if (tableData.years.length > 0 && tableData.metrics.length > 0) {
    drawYearTable(canvas, {
      caption: '自由现金流构成（历史年度，单位：亿元）',
      years: tableData.years.map(String),
      rows: tableData.metrics.map((metric) => ({
        label: `${metric.name}(${metric.unit})`,
        values: metric.values,
        format: formatAmount,
      })),
    });
    hint(
      canvas,
      `近${tableData.years.length}年历史自由现金流合计 ${formatAmount(meta.total_historical_fcf)} 亿元` +
        `${meta.recent_historical_complete ? '' : '（部分年份缺少数据，未计入）'}。` +
        '自由现金流 = NOPAT + 非现金成本 − 营运资本变动 − 资本开支。',
    );
  } else {
    empty(canvas, '暂无可展示的自由现金流历史数据：该公司的财务报表可能尚未导入或年份不全，或缺少计算所需的科目。');
  }
  const trend = charts.fcfTrend.map(({ year, freeCashFlow, isEstimate }) => ({
    year,
    value: freeCashFlow,
    isEstimate,
  }));
  drawChartRow(
    canvas,
    WIDE_CHART_HEIGHT,
    [
      (box) =>
        drawBarChart(canvas, box, {
          title: '自由现金流趋势（亿元，E 为预测年度）',
          points: windowed(trend, TREND_HISTORY_YEARS, Number.POSITIVE_INFINITY),
          color: COLORS.primary,
          estimateColor: COLORS.primaryLight,
          emptyText: '暂无自由现金流数据',
        }),
    ],
    AREA,
  );
  const small = (title: string, points: readonly YearValue[], color: Rgb, light: Rgb) => (box: ChartBox) =>
    drawBarChart(canvas, box, {
      title,
      points: windowed(points, REPORT_HISTORY_YEARS, 5),
      color,
      estimateColor: light,
      emptyText: '暂无数据',
    });
  const workingCapital = charts.workingCapital.map(({ year, workingCapitalChange, isEstimate }) => ({
    year,
    value: workingCapitalChange,
    isEstimate,
  }));
  drawChartRow(
    canvas,
    HALF_CHART_HEIGHT,
    [
      small('税后营业利润 NOPAT（亿元）', charts.nopat, COLORS.primary, COLORS.primaryLight),
      small('非现金成本（亿元）', charts.noncashCost, COLORS.teal, COLORS.tealLight),
    ],
    AREA,
  );
  drawChartRow(
    canvas,
    HALF_CHART_HEIGHT,
    [
      small('营运资本变动（亿元）', workingCapital, COLORS.amber, COLORS.amberLight),
      small('资本开支（亿元）', charts.capex, COLORS.slate, COLORS.slateLight),
    ],
    AREA,
  );
}

interface RatioChart {
  readonly title: string;
  readonly unit: ChartUnit;
  readonly color: Rgb;
}

const RATIO_CHARTS: Record<FcfRatioKey, RatioChart> = {
  fcf_revenue_ratio: { title: 'FCF/营业收入', unit: 'percent', color: COLORS.primary },
  fcf_ev_ratio: { title: 'FCF/企业价值', unit: 'percent', color: COLORS.teal },
  fcf_capex_ratio: { title: 'FCF/资本开支', unit: 'times', color: COLORS.amber },
  fcf_net_profit_ratio: { title: 'FCF/归母净利润', unit: 'times', color: COLORS.primary },
};

const formatRatio = (unit: ChartUnit) => (unit === 'percent' ? formatPercent : formatTimes);

export function drawFcfRatios(canvas: PdfCanvas, report: CompanyReport): void {
  canvas.heading('四、自由现金流比率');
  const { charts, summary } = report.fcfRatio;
  if (FCF_RATIO_KEYS.every((key) => charts[key].length === 0)) {
    empty(canvas, '暂无FCF比率数据');
    return;
  }
  const years = last(summary.data_years, REPORT_HISTORY_YEARS);
  drawYearTable(canvas, {
    caption: 'FCF 比率（FCF/营业收入、FCF/EV 以百分比表示，其余为倍数）',
    years: years.map(String),
    rows: FCF_RATIO_KEYS.map((key) => ({
      label: key === 'fcf_ev_ratio' ? report.fcfEvBasis.label : RATIO_CHARTS[key].title,
      values: years.map((year) => charts[key].find((point) => point.year === year)?.value ?? null),
      format: formatRatio(RATIO_CHARTS[key].unit),
    })),
  });
  const chart = (key: FcfRatioKey) => (box: ChartBox) => {
    const points = last(charts[key], CHART_HISTORY_YEARS);
    const { title, unit, color } = RATIO_CHARTS[key];
    const benchmark = points[0]?.benchmark;
    drawLineChart(canvas, box, {
      title,
      labels: points.map((point) => String(point.year)),
      series: [{ name: title, values: points.map((point) => point.value), color }],
      unit,
      ...(benchmark === undefined
        ? {}
        : { benchmark: { value: benchmark, label: `基准线 ${formatRatio(unit)(benchmark)}` } }),
      pointLabels: true,
      formatPoint: formatRatio(unit),
      emptyText: '暂无数据',
    });
  };
  const [first, second, third, fourth] = FCF_RATIO_KEYS as [FcfRatioKey, FcfRatioKey, FcfRatioKey, FcfRatioKey];
  drawChartRow(canvas, HALF_CHART_HEIGHT, [chart(first), chart(second)], AREA);
  drawChartRow(canvas, HALF_CHART_HEIGHT, [chart(third), chart(fourth)], AREA);
  hint(canvas, `红色虚线为各比率的基准线。${report.fcfEvBasis.note}`);
}
