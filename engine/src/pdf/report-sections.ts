import type { CompanyReport } from '../report/company-bundle.ts';
import { REPORT_HISTORY_YEARS } from '../report/report-views.ts';
import { COLORS, CONTENT_WIDTH, PAGE, type PdfCanvas } from './pdf-canvas.ts';
import { type ChartBox, drawBarChart, drawChartRow, drawLineChart } from './pdf-charts.ts';
import type { Rgb } from './pdf-doc.ts';
import { formatAmount, formatPercent } from './pdf-format.ts';
import { drawYearTable } from './pdf-tables.ts';

/** Report modules 1 and 2 of the analysis page (menu order); FCF in report-fcf.ts, the DCF in report-dcf.ts. */

export const AREA = { x: PAGE.marginX, width: CONTENT_WIDTH };
export const HALF_CHART_HEIGHT = 52;
export const WIDE_CHART_HEIGHT = 62;
/** Charts show up to 10 reported years, as the web report does on a wide screen. */
export const CHART_HISTORY_YEARS = 10;

export function last<T>(rows: readonly T[], count: number): T[] {
  return rows.slice(Math.max(0, rows.length - count));
}

export function empty(canvas: PdfCanvas, text: string): void {
  canvas.paragraph(text, { color: COLORS.muted, after: 4 });
}

export function hint(canvas: PdfCanvas, text: string): void {
  canvas.paragraph(text, { size: 8, color: COLORS.muted, after: 3 });
}

/** A point-labelled percent line chart of one series, for a half-width chart slot. */
function percentLine(
  canvas: PdfCanvas,
  labels: string[],
  series: { title: string; name: string; values: (number | null)[]; color: Rgb; emptyText: string },
) {
  return (box: ChartBox) =>
    drawLineChart(canvas, box, {
      title: series.title,
      labels,
      series: [{ name: series.name, values: series.values, color: series.color }],
      unit: 'percent',
      pointLabels: true,
      formatPoint: formatPercent,
      emptyText: series.emptyText,
    });
}

export function drawRoeRoic(canvas: PdfCanvas, report: CompanyReport): void {
  canvas.heading('一、ROE-ROIC 分析');
  const rows = report.financialAnalysis.data.roe_roic;
  if (rows.length === 0) {
    empty(canvas, '暂无ROE-ROIC数据');
    return;
  }
  const recent = last(rows, REPORT_HISTORY_YEARS);
  drawYearTable(canvas, {
    caption: 'ROE 与 ROIC',
    years: recent.map((row) => String(row.year)),
    rows: [
      { label: 'ROE（净资产收益率）', values: recent.map((row) => row.roe), format: formatPercent },
      { label: 'ROIC（投入资本回报率）', values: recent.map((row) => row.roic), format: formatPercent },
      {
        label: 'ROE−ROIC 差值',
        values: recent.map((row) => (row.roe === null || row.roic === null ? null : row.roe - row.roic)),
        format: formatPercent,
      },
    ],
  });
  hint(canvas, '差值为正，通常说明负债放大了股东回报；为负时，可能是负债成本偏高，或账面资金较多、摊薄了ROE。');
  const charted = last(rows, CHART_HISTORY_YEARS);
  const labels = charted.map((row) => String(row.year));
  const line = (title: string, key: 'roe' | 'roic', color: Rgb, emptyText: string) =>
    percentLine(canvas, labels, {
      title,
      name: key.toUpperCase(),
      values: charted.map((row) => row[key]),
      color,
      emptyText,
    });
  drawChartRow(
    canvas,
    HALF_CHART_HEIGHT,
    [
      line('ROE（净资产收益率）', 'roe', COLORS.primary, '暂无ROE数据'),
      line('ROIC（投入资本回报率）', 'roic', COLORS.teal, '暂无ROIC数据'),
    ],
    AREA,
  );
}

export function drawProfitability(canvas: PdfCanvas, report: CompanyReport): void {
  canvas.heading('二、盈利能力分析');
  const rows = report.financialAnalysis.data.profitability;
  if (rows.length === 0) {
    empty(canvas, '暂无盈利能力数据');
    return;
  }
  const recent = last(rows, REPORT_HISTORY_YEARS);
  const pick = <K extends keyof (typeof rows)[number]>(key: K) => recent.map((row) => row[key] as number | null);
  drawYearTable(canvas, {
    caption: '盈利能力（金额单位：亿元）',
    years: recent.map((row) => String(row.year)),
    rows: [
      { label: '营业收入(亿元)', values: pick('revenue'), format: formatAmount },
      { label: '营业收入增长率', values: pick('revenueGrowth'), format: formatPercent },
      { label: '毛利率', values: pick('grossMargin'), format: formatPercent },
      { label: '归母净利润(亿元)', values: pick('netProfit'), format: formatAmount },
      { label: '归母净利润增长率', values: pick('netProfitGrowth'), format: formatPercent },
      { label: '净利率', values: pick('netMargin'), format: formatPercent },
    ],
  });
  const charted = last(rows, CHART_HISTORY_YEARS);
  const labels = charted.map((row) => String(row.year));
  const bars = (title: string, key: 'revenue' | 'netProfit', color: Rgb, emptyText: string) => (box: ChartBox) =>
    drawBarChart(canvas, box, {
      title,
      points: charted.map((row) => ({ label: String(row.year), value: row[key], estimate: false })),
      color,
      estimateColor: color,
      emptyText,
    });
  const margin = (title: string, key: 'grossMargin' | 'netMargin', color: Rgb, emptyText: string) =>
    percentLine(canvas, labels, { title, name: title, values: charted.map((row) => row[key]), color, emptyText });
  drawChartRow(
    canvas,
    HALF_CHART_HEIGHT,
    [
      bars('营业收入（亿元）', 'revenue', COLORS.primary, '暂无营业收入数据'),
      bars('归母净利润（亿元）', 'netProfit', COLORS.teal, '暂无净利润数据'),
    ],
    AREA,
  );
  drawChartRow(
    canvas,
    HALF_CHART_HEIGHT,
    [
      margin('毛利率', 'grossMargin', COLORS.primary, '暂无毛利率数据'),
      margin('净利率', 'netMargin', COLORS.teal, '暂无净利率数据'),
    ],
    AREA,
  );
}
