import { type Axis, type ChartUnit, formatTick, niceAxis } from './pdf-axis.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import type { Rgb } from './pdf-doc.ts';

/** Where a chart goes on the page (mm). */
export interface ChartBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface BarPoint {
  readonly label: string;
  readonly value: number | null;
  /** Forecast years are drawn lighter with an outline. */
  readonly estimate: boolean;
}

export interface BarChartSpec {
  readonly title: string;
  readonly points: readonly BarPoint[];
  readonly color: Rgb;
  readonly estimateColor: Rgb;
  readonly emptyText: string;
}

export interface LineSeries {
  readonly name: string;
  readonly values: readonly (number | null)[];
  readonly color: Rgb;
}

export interface LineChartSpec {
  readonly title: string;
  readonly labels: readonly string[];
  readonly series: readonly LineSeries[];
  readonly unit: ChartUnit;
  /** A dashed red reference line (the FCF ratio benchmarks). */
  readonly benchmark?: { readonly value: number; readonly label: string };
  /** The figure above each point. */
  readonly pointLabels?: boolean;
  readonly formatPoint?: (value: number) => string;
  readonly emptyText: string;
}

const TITLE_SIZE = 8.5;
const TICK_SIZE = 6;
const LEGEND_SIZE = 6.5;

interface Plot {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
  readonly axis: Axis;
  readonly yOf: (value: number) => number;
  readonly slot: number;
  readonly xOf: (index: number) => number;
}

function frame(canvas: PdfCanvas, box: ChartBox, title: string): void {
  canvas.strokeRect(box.x, box.y, box.width, box.height, COLORS.grid, 0.25);
  canvas.text(canvas.fit(title, TITLE_SIZE, box.width * 0.62).text, box.x + 2.5, box.y + 5, {
    size: TITLE_SIZE,
    color: COLORS.text,
  });
}

function emptyChart(canvas: PdfCanvas, box: ChartBox, text: string): void {
  canvas.text(text, box.x + box.width / 2, box.y + box.height / 2 + 1, {
    size: 8,
    color: COLORS.muted,
    align: 'center',
  });
}

/** Axis, grid lines, tick labels and x labels; answers the coordinate mapping. */
function drawPlot(
  canvas: PdfCanvas,
  box: ChartBox,
  values: readonly (number | null)[],
  labels: readonly string[],
  unit: ChartUnit,
): Plot {
  const axis = niceAxis(values);
  const tickLabels = axis.ticks.map((tick) => formatTick(tick, axis.step, unit));
  const labelWidth = Math.max(...tickLabels.map((label) => canvas.textWidth(label, TICK_SIZE)));
  const left = box.x + 3 + labelWidth + 1.5;
  const right = box.x + box.width - 3;
  const top = box.y + 10;
  const bottom = box.y + box.height - 7;
  const yOf = (value: number) => bottom - ((value - axis.min) / (axis.max - axis.min)) * (bottom - top);
  axis.ticks.forEach((tick, index) => {
    const y = yOf(tick);
    canvas.line(left, y, right, y, tick === 0 ? COLORS.muted : COLORS.grid, tick === 0 ? 0.3 : 0.15);
    canvas.text(tickLabels[index] ?? '', left - 1.5, y + 0.8, { size: TICK_SIZE, color: COLORS.muted, align: 'right' });
  });
  const slot = (right - left) / Math.max(1, labels.length);
  const xOf = (index: number) => left + slot * (index + 0.5);
  // Every k-th year label when they would overlap.
  const widest = Math.max(0, ...labels.map((label) => canvas.textWidth(label, TICK_SIZE)));
  const every = Math.max(1, Math.ceil((widest + 1) / slot));
  labels.forEach((label, index) => {
    if ((labels.length - 1 - index) % every !== 0) return;
    canvas.text(label, xOf(index), bottom + 3.8, { size: TICK_SIZE, color: COLORS.muted, align: 'center' });
  });
  return { left, right, top, bottom, axis, yOf, slot, xOf };
}

function legendItem(canvas: PdfCanvas, x: number, y: number, label: string, fill: Rgb, outline?: Rgb): number {
  canvas.fillRect(x, y - 2.2, 2.6, 2.6, fill);
  if (outline) canvas.strokeRect(x, y - 2.2, 2.6, 2.6, outline, 0.25);
  canvas.text(label, x + 3.4, y, { size: LEGEND_SIZE, color: COLORS.muted });
  return x + 3.4 + canvas.textWidth(label, LEGEND_SIZE) + 3;
}

/** Bars from the zero line; forecast years lighter with an outline, and a legend when there are some. */
export function drawBarChart(canvas: PdfCanvas, box: ChartBox, spec: BarChartSpec): void {
  frame(canvas, box, spec.title);
  const values = spec.points.map((point) => point.value);
  if (!values.some((value) => value !== null && Number.isFinite(value))) {
    emptyChart(canvas, box, spec.emptyText);
    return;
  }
  const plot = drawPlot(
    canvas,
    box,
    values,
    spec.points.map((point) => point.label),
    'amount',
  );
  const zero = plot.yOf(Math.min(Math.max(0, plot.axis.min), plot.axis.max));
  const barWidth = Math.min(plot.slot * 0.62, 9);
  spec.points.forEach((point, index) => {
    if (point.value === null || !Number.isFinite(point.value)) return;
    const y = plot.yOf(point.value);
    const top = Math.min(y, zero);
    const height = Math.max(Math.abs(zero - y), 0.2);
    const x = plot.xOf(index) - barWidth / 2;
    canvas.fillRect(x, top, barWidth, height, point.estimate ? spec.estimateColor : spec.color);
    if (point.estimate) canvas.strokeRect(x, top, barWidth, height, spec.color, 0.25);
  });
  if (spec.points.some((point) => point.estimate)) {
    const legendY = box.y + 5;
    let x = box.x + box.width - 26;
    x = legendItem(canvas, x, legendY, '历史', spec.color);
    legendItem(canvas, x, legendY, '预测', spec.estimateColor, spec.color);
  }
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

/** Lines through the known points (gaps where a year is missing), with an optional dashed benchmark. */
export function drawLineChart(canvas: PdfCanvas, box: ChartBox, spec: LineChartSpec): void {
  frame(canvas, box, spec.title);
  const all = spec.series.flatMap((series) => series.values);
  if (!all.some((value) => value !== null && Number.isFinite(value))) {
    emptyChart(canvas, box, spec.emptyText);
    return;
  }
  const plot = drawPlot(canvas, box, spec.benchmark ? [...all, spec.benchmark.value] : all, spec.labels, spec.unit);
  if (spec.benchmark) {
    const y = plot.yOf(spec.benchmark.value);
    canvas.line(plot.left, y, plot.right, y, COLORS.danger, 0.35, [1.6, 1]);
    canvas.text(spec.benchmark.label, box.x + box.width - 3, box.y + 5, {
      size: LEGEND_SIZE,
      color: COLORS.danger,
      align: 'right',
    });
  } else if (spec.series.length > 1) {
    let x = box.x + box.width - 3 - spec.series.length * 16;
    for (const series of spec.series) x = legendItem(canvas, x, box.y + 5, series.name, series.color);
  }
  for (const series of spec.series) {
    let previous: { x: number; y: number } | null = null;
    const points: { x: number; y: number; value: number }[] = [];
    series.values.forEach((value, index) => {
      if (value === null || !Number.isFinite(value)) {
        previous = null;
        return;
      }
      const point = { x: plot.xOf(index), y: plot.yOf(value) };
      if (previous) canvas.line(previous.x, previous.y, point.x, point.y, series.color, 0.5);
      previous = point;
      points.push({ ...point, value });
    });
    for (const point of points) canvas.dot(point.x, point.y, 0.7, series.color);
    if (spec.pointLabels && spec.formatPoint) {
      const format = spec.formatPoint;
      const widest = Math.max(...points.map((point) => canvas.textWidth(format(point.value), 5.5)));
      const every = Math.max(1, Math.ceil((widest + 0.8) / plot.slot));
      points.forEach((point, index) => {
        if ((points.length - 1 - index) % every !== 0) return;
        canvas.text(format(point.value), point.x, labelY(points, index, plot), {
          size: 5.5,
          color: series.color,
          align: 'center',
        });
      });
    }
  }
}

/** Two charts side by side at the cursor (or one across), kept on one page. */
export function drawChartRow(
  canvas: PdfCanvas,
  height: number,
  charts: readonly ((box: ChartBox) => void)[],
  area: { x: number; width: number },
): void {
  canvas.ensureSpace(height + 3);
  const gap = 4;
  const width = (area.width - gap * (charts.length - 1)) / charts.length;
  charts.forEach((draw, index) => {
    draw({ x: area.x + index * (width + gap), y: canvas.y, width, height });
  });
  canvas.y += height + 4;
}
