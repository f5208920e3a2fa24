import { type AxisScale, type ChartUnit, formatTick, niceAxis, plotValue } from '../report/axis.ts';
import { formatValue } from '../report/format.ts';
import { ESTIMATE_ALPHA, hexRgb, overWhite, PALETTE } from '../report/palette.ts';
import { isChartEmpty } from '../report/specs/spec-parts.ts';
import type { ChartSeriesSpec, ChartSpec } from '../report/specs/spec-types.ts';
import { TONE_RGB, toneColor, toneOf } from '../report/tone.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import type { Rgb } from './pdf-doc.ts';

/** The report's charts as their specs say, drawn with jsPDF: the same series, axes and colours as the page. */

/** Where a chart goes on the page (mm). */
interface ChartBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const TITLE_SIZE = 8.5;
const TICK_SIZE = 6;
const LEGEND_SIZE = 6.5;
const POINT_SIZE = 5.5;
const BENCHMARK_RGB = hexRgb(PALETTE.benchmark);

interface Side {
  readonly axis: AxisScale;
  readonly unit: ChartUnit;
}

interface Plot {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly slot: number;
  readonly xOf: (index: number) => number;
  readonly yOf: (value: number, side: 'left' | 'right') => number;
  readonly zero: (side: 'left' | 'right') => number;
}

const seriesRgb = (series: ChartSeriesSpec): Rgb => hexRgb(PALETTE[series.color]);

interface LegendItem {
  readonly label: string;
  readonly fill: Rgb;
  readonly outline?: Rgb;
  readonly dashed?: boolean;
}

/** The chart's key: its series (bars coloured by sign show what each colour means), benchmarks, forecasts. */
function legendItems(spec: ChartSpec): LegendItem[] {
  const items: LegendItem[] = [];
  for (const series of spec.series) {
    if (series.kind === 'bar' && series.toneKind === 'change') {
      items.push({ label: '增加', fill: TONE_RGB.rise }, { label: '减少', fill: TONE_RGB.fall });
    } else if (spec.series.length > 1) {
      items.push({ label: series.label, fill: seriesRgb(series) });
    }
  }
  for (const benchmark of spec.benchmarks) items.push({ label: benchmark.label, fill: BENCHMARK_RGB, dashed: true });
  const bar = spec.series.find((series) => series.kind === 'bar');
  if (bar && spec.estimates.some(Boolean)) {
    // Bars coloured by sign have no one colour: their forecasts are keyed in grey.
    const color = bar.toneKind === 'change' ? COLORS.muted : seriesRgb(bar);
    items.push({ label: '预测(E)', fill: overWhite(color, ESTIMATE_ALPHA), outline: color });
  }
  return items;
}

function drawLegend(canvas: PdfCanvas, items: readonly LegendItem[], x: number, y: number): void {
  let left = x;
  for (const item of items) {
    if (item.dashed) {
      canvas.line(left, y - 0.9, left + 4, y - 0.9, item.fill, 0.35, [1.2, 0.8]);
      left += 5;
    } else {
      canvas.fillRect(left, y - 2.2, 2.6, 2.6, item.fill);
      if (item.outline) canvas.strokeRect(left, y - 2.2, 2.6, 2.6, item.outline, 0.25);
      left += 3.4;
    }
    canvas.text(item.label, left, y, { size: LEGEND_SIZE, color: COLORS.muted });
    left += canvas.textWidth(item.label, LEGEND_SIZE) + 3;
  }
}

function sideOf(spec: ChartSpec, key: 'left' | 'right'): Side | null {
  const series = spec.series.filter((entry) => entry.axis === key);
  if (series.length === 0) return null;
  const unit = series[0]?.unit ?? 'amount';
  const values = series.flatMap((entry) => entry.values.map((value) => plotValue(entry.unit, value)));
  const benchmarks = key === 'left' ? spec.benchmarks.map((benchmark) => plotValue(unit, benchmark.value)) : [];
  return { axis: niceAxis([...values, ...benchmarks]), unit };
}

/** Grid lines, tick labels on each used side and the year labels; answers the coordinate mapping. */
function drawPlot(canvas: PdfCanvas, box: ChartBox, spec: ChartSpec, top: number, bottom: number): Plot {
  const sides = { left: sideOf(spec, 'left'), right: sideOf(spec, 'right') };
  const labelsOf = (side: Side | null) =>
    side ? side.axis.ticks.map((tick) => formatTick(tick, side.axis.decimals, side.unit)) : [];
  const widthOf = (labels: string[]) => Math.max(0, ...labels.map((label) => canvas.textWidth(label, TICK_SIZE)));
  const leftLabels = labelsOf(sides.left);
  const rightLabels = labelsOf(sides.right);
  const left = box.x + 3 + widthOf(leftLabels) + 1.5;
  const right = box.x + box.width - 3 - (rightLabels.length > 0 ? widthOf(rightLabels) + 1.5 : 0);
  const yOn = (side: Side | null, value: number) =>
    side ? bottom - ((value - side.axis.min) / (side.axis.max - side.axis.min)) * (bottom - top) : bottom;
  const yOf = (value: number, key: 'left' | 'right') => yOn(sides[key], value);
  const zero = (key: 'left' | 'right') => {
    const axis = sides[key]?.axis;
    return axis ? yOf(Math.min(Math.max(0, axis.min), axis.max), key) : bottom;
  };

  sides.left?.axis.ticks.forEach((tick, index) => {
    const y = yOf(tick, 'left');
    canvas.line(left, y, right, y, tick === 0 ? COLORS.muted : COLORS.grid, tick === 0 ? 0.3 : 0.15);
    canvas.text(leftLabels[index] ?? '', left - 1.5, y + 0.8, { size: TICK_SIZE, color: COLORS.muted, align: 'right' });
  });
  // The right axis has labels only: two grids that do not line up read as noise.
  sides.right?.axis.ticks.forEach((tick, index) => {
    canvas.text(rightLabels[index] ?? '', right + 1.5, yOf(tick, 'right') + 0.8, {
      size: TICK_SIZE,
      color: COLORS.muted,
    });
  });

  const labels = spec.labels;
  const slot = (right - left) / Math.max(1, labels.length);
  const xOf = (index: number) => left + slot * (index + 0.5);
  // Every k-th year label when they would overlap, counted back from the newest.
  const widest = Math.max(0, ...labels.map((label) => canvas.textWidth(label, TICK_SIZE)));
  const every = Math.max(1, Math.ceil((widest + 1) / slot));
  labels.forEach((label, index) => {
    if ((labels.length - 1 - index) % every !== 0) return;
    canvas.text(label, xOf(index), bottom + 3.8, { size: TICK_SIZE, color: COLORS.muted, align: 'center' });
  });
  return { left, right, top, bottom, slot, xOf, yOf, zero };
}

function drawBars(canvas: PdfCanvas, spec: ChartSpec, plot: Plot): void {
  const bars = spec.series.filter((series) => series.kind === 'bar');
  const width = Math.min((plot.slot * 0.62) / Math.max(1, bars.length), 9);
  bars.forEach((series, position) => {
    const zero = plot.zero(series.axis);
    series.values.forEach((raw, index) => {
      const value = plotValue(series.unit, raw);
      if (value === null) return;
      const y = plot.yOf(value, series.axis);
      const solid = toneColor(toneOf(raw, series.toneKind), seriesRgb(series), (rgb) => rgb);
      const x = plot.xOf(index) - (width * bars.length) / 2 + width * position;
      const estimate = spec.estimates[index] ?? false;
      const top = Math.min(y, zero);
      const height = Math.max(Math.abs(zero - y), 0.2);
      canvas.fillRect(x, top, width, height, estimate ? overWhite(solid, ESTIMATE_ALPHA) : solid);
      if (estimate) canvas.strokeRect(x, top, width, height, solid, 0.2);
    });
  });
}

/** A point's label goes above it, or below where the line dips (so neighbours' labels do not collide). */
function labelY(points: readonly { x: number; y: number }[], index: number, plot: Plot): number {
  const point = points[index] as { x: number; y: number };
  const neighbours = [points[index - 1], points[index + 1]].filter((near) => near !== undefined);
  const around = neighbours.reduce((sum, near) => sum + near.y, 0) / Math.max(1, neighbours.length);
  const dips = neighbours.length > 0 && point.y > around + 0.3;
  const below = point.y + 3.2;
  return dips && below < plot.bottom - 0.5 ? below : point.y - 1.6;
}

function drawLines(canvas: PdfCanvas, spec: ChartSpec, plot: Plot): void {
  for (const series of spec.series) {
    if (series.kind !== 'line') continue;
    const color = seriesRgb(series);
    let previous: { x: number; y: number } | null = null;
    const points: { x: number; y: number; value: number }[] = [];
    series.values.forEach((raw, index) => {
      const value = plotValue(series.unit, raw);
      if (raw === null || value === null) {
        previous = null;
        return;
      }
      const point = { x: plot.xOf(index), y: plot.yOf(value, series.axis) };
      if (previous) canvas.line(previous.x, previous.y, point.x, point.y, color, 0.5);
      previous = point;
      points.push({ ...point, value: raw });
    });
    for (const point of points) canvas.dot(point.x, point.y, 0.7, color);
    if (!series.pointLabels) continue;
    const texts = points.map((point) => formatValue(series.unit, point.value));
    const widest = Math.max(0, ...texts.map((text) => canvas.textWidth(text, POINT_SIZE)));
    const every = Math.max(1, Math.ceil((widest + 0.8) / plot.slot));
    points.forEach((point, index) => {
      if ((points.length - 1 - index) % every !== 0) return;
      canvas.text(texts[index] ?? '', point.x, labelY(points, index, plot), {
        size: POINT_SIZE,
        color,
        align: 'center',
      });
    });
  }
}

/** One chart in its box: title, key, axes, bars and lines, benchmarks, and its note at the foot. */
function drawChart(canvas: PdfCanvas, box: ChartBox, spec: ChartSpec): void {
  canvas.strokeRect(box.x, box.y, box.width, box.height, COLORS.grid, 0.25);
  canvas.text(canvas.fit(spec.titles.full, TITLE_SIZE, box.width - 5).text, box.x + 2.5, box.y + 5, {
    size: TITLE_SIZE,
    color: COLORS.text,
  });
  if (isChartEmpty(spec)) {
    canvas.text(spec.emptyText, box.x + box.width / 2, box.y + box.height / 2 + 1, {
      size: 8,
      color: COLORS.muted,
      align: 'center',
    });
    return;
  }
  const legend = legendItems(spec);
  if (legend.length > 0) drawLegend(canvas, legend, box.x + 2.5, box.y + 9);
  if (spec.note) {
    canvas.text(canvas.fit(spec.note, LEGEND_SIZE, box.width - 5).text, box.x + 2.5, box.y + box.height - 2, {
      size: LEGEND_SIZE,
      color: COLORS.muted,
    });
  }
  const top = box.y + (legend.length > 0 ? 13 : 10);
  const bottom = box.y + box.height - (spec.note ? 10 : 7);
  const plot = drawPlot(canvas, box, spec, top, bottom);
  drawBars(canvas, spec, plot);
  drawLines(canvas, spec, plot);
  for (const benchmark of spec.benchmarks) {
    const unit = spec.series.find((series) => series.axis === 'left')?.unit ?? 'amount';
    const y = plot.yOf(plotValue(unit, benchmark.value) ?? 0, 'left');
    canvas.line(plot.left, y, plot.right, y, BENCHMARK_RGB, 0.35, [1.6, 1]);
  }
}

const HALF_CHART_HEIGHT = 52;
const WIDE_CHART_HEIGHT = 62;
const CHART_GAP = 4;

/** Charts two to a row (a wide one alone), each row kept on one page. */
export function drawCharts(canvas: PdfCanvas, charts: readonly ChartSpec[], area: { x: number; width: number }): void {
  const rows: ChartSpec[][] = [];
  for (const chart of charts) {
    const current = rows[rows.length - 1];
    if (chart.wide || !current || current.length === 2 || current[0]?.wide) rows.push([chart]);
    else current.push(chart);
  }
  for (const row of rows) {
    const height = row[0]?.wide ? WIDE_CHART_HEIGHT : HALF_CHART_HEIGHT;
    canvas.ensureSpace(height + 3);
    const width = row[0]?.wide ? area.width : (area.width - CHART_GAP) / 2;
    row.forEach((chart, index) => {
      drawChart(canvas, { x: area.x + index * (width + CHART_GAP), y: canvas.y, width, height }, chart);
    });
    canvas.y += height + CHART_GAP;
  }
}
