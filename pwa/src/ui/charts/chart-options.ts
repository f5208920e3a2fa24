import type uPlot from 'uplot';

/** uPlot's bars path builder: passed in, so uPlot itself loads only when a chart is drawn. */
export type BarsBuilder = NonNullable<typeof uPlot.paths.bars>;

import {
  type AxisScale,
  type ChartSeriesSpec,
  type ChartSpec,
  type ChartUnit,
  DEFAULT_TICKS,
  ESTIMATE_ALPHA,
  formatTick,
  formatValue,
  hexRgb,
  MIN_TICKS,
  niceAxis,
  PALETTE,
  plotValue,
  rgba,
  rgbHex,
  toneColor,
  toneOf,
} from '@fcf/engine/report';
import { CHART_FONT_FAMILY, drawPointLabels } from './point-labels.ts';

const AXIS_FONT = `11px ${CHART_FONT_FAMILY}`;
/** Least room (CSS px) per year label on the x axis; closer years are thinned from the newest back. */
const X_LABEL_SPACE = 44;
const X_LABEL_STEPS = [1, 2, 3, 4, 5, 10];
/** Below this plot height 5 ticks crowd the Y axis (phones draw 160 px charts); 4 are still enough. */
const COMPACT_HEIGHT = 180;

type ScaleKey = 'y' | 'y2';

export interface BuiltChart {
  readonly options: uPlot.Options;
  readonly data: uPlot.AlignedData;
}

function scaleKeyOf(series: ChartSeriesSpec): ScaleKey {
  return series.axis === 'right' ? 'y2' : 'y';
}

/** A series' own colour as CSS. */
export function seriesColor(series: ChartSeriesSpec): string {
  return PALETTE[series.color];
}

/**
 * Per-bar colours: bars that are changes take the tone of their sign (red rise, green fall), others their
 * series colour; forecasts the same colour but light, with a solid outline.
 */
export function barColors(series: ChartSeriesSpec, estimates: readonly boolean[]) {
  const own = hexRgb(seriesColor(series));
  const base = series.values.map((value) => toneColor(toneOf(value, series.toneKind), own, (rgb) => rgb));
  const fills = base.map((rgb, index) => (estimates[index] ? rgba(rgb, ESTIMATE_ALPHA) : rgbHex(rgb)));
  return { fills, strokes: base.map(rgbHex) };
}

function seriesOptions(chart: ChartSpec, series: ChartSeriesSpec, bars: BarsBuilder | undefined): uPlot.Series {
  const scale = scaleKeyOf(series);
  const color = seriesColor(series);
  if (series.kind === 'line') {
    return {
      label: series.label,
      scale,
      stroke: color,
      width: 2,
      points: { show: true, size: 6, width: 2, fill: PALETTE.surface },
    };
  }
  const { fills, strokes } = barColors(series, chart.estimates);
  // uPlot declares facet units as a const enum, which isolatedModules cannot read: 3 is its Color.
  const ColorFacet = 3 satisfies uPlot.Series.BarsPathBuilderFacetUnit.Color;
  return {
    label: series.label,
    scale,
    stroke: color,
    fill: color,
    width: 1,
    points: { show: false },
    paths: bars?.({
      size: [0.6, 48],
      radius: 0.1,
      disp: {
        fill: { unit: ColorFacet, values: () => fills },
        stroke: { unit: ColorFacet, values: () => strokes },
      },
    }),
  };
}

function benchmarkOptions(label: string): uPlot.Series {
  return { label, scale: 'y', stroke: PALETTE.benchmark, width: 1.5, dash: [6, 4], points: { show: false } };
}

function yAxis(scale: ScaleKey, axis: AxisScale, unit: ChartUnit): uPlot.Axis {
  return {
    scale,
    side: scale === 'y' ? 3 : 1,
    font: AXIS_FONT,
    stroke: PALETTE.muted,
    gap: 6,
    // Only the left axis draws grid lines: two grids that do not line up read as noise.
    grid: { show: scale === 'y', stroke: PALETTE.grid, width: 1 },
    ticks: { show: false },
    splits: () => [...axis.ticks],
    values: (_u, splits) => splits.map((value) => formatTick(value, axis.decimals, unit)),
    size: (_u, values) => Math.ceil(Math.max(3, ...(values ?? []).map((text) => text.length)) * 6.5) + 12,
  };
}

function xAxis(labels: readonly string[]): uPlot.Axis {
  const last = labels.length - 1;
  return {
    scale: 'x',
    font: AXIS_FONT,
    stroke: PALETTE.muted,
    // Room for one line of labels; uPlot's default 50 px leaves a gap under them.
    size: 28,
    grid: { show: false },
    ticks: { show: true, stroke: PALETTE.grid, size: 4 },
    space: X_LABEL_SPACE,
    incrs: X_LABEL_STEPS,
    // Thin from the newest year back so the latest year always keeps its label.
    splits: (_u, _axis, _min, _max, step) => {
      const splits: number[] = [];
      for (let index = last; index >= 0; index -= step) splits.unshift(index);
      return splits;
    },
    values: (_u, splits) => splits.map((index) => labels[index] ?? ''),
  };
}

/**
 * The uPlot options and data of a chart spec: x positions 0..n-1 labelled with the years, one Y scale per
 * side ranged by the axis rule (benchmarks count on the left), bars through uPlot's bars path builder.
 */
export function buildChart(
  chart: ChartSpec,
  size: { width: number; height: number },
  onCursor?: (index: number | null) => void,
  bars?: BarsBuilder,
): BuiltChart {
  const count = chart.labels.length;
  const plotted = chart.series.map((series) => series.values.map((value) => plotValue(series.unit, value)));
  const leftUnit = chart.series.find((series) => scaleKeyOf(series) === 'y')?.unit ?? 'amount';
  const benchmarkLines = chart.benchmarks.map((benchmark) =>
    chart.labels.map(() => plotValue(leftUnit, benchmark.value)),
  );
  const ticks = size.height < COMPACT_HEIGHT ? MIN_TICKS : DEFAULT_TICKS;
  const scaleFor = (key: ScaleKey) =>
    niceAxis(
      [
        ...chart.series.flatMap((entry, index) => (scaleKeyOf(entry) === key ? (plotted[index] ?? []) : [])),
        ...(key === 'y' ? benchmarkLines.flat() : []),
      ],
      ticks,
    );
  const sides = (['y', 'y2'] as const).filter((key) => chart.series.some((series) => scaleKeyOf(series) === key));

  const series: uPlot.Series[] = [
    {},
    ...chart.series.map((entry) => seriesOptions(chart, entry, bars)),
    ...chart.benchmarks.map((benchmark) => benchmarkOptions(benchmark.label)),
  ];
  const scales: uPlot.Scales = { x: { time: false, range: () => [-0.5, count - 0.5] } };
  const axes: uPlot.Axis[] = [xAxis(chart.labels)];
  for (const key of sides) {
    const axis = scaleFor(key);
    scales[key] = { range: () => [axis.min, axis.max] };
    const unit = chart.series.find((entry) => scaleKeyOf(entry) === key)?.unit ?? 'amount';
    axes.push(yAxis(key, axis, unit));
  }

  const labelled = chart.series.flatMap((entry, index) => (entry.pointLabels ? [index] : []));
  const options: uPlot.Options = {
    width: size.width,
    height: size.height,
    padding: [18, sides.includes('y2') ? 0 : 12, 0, 0],
    legend: { show: false },
    cursor: { drag: { x: false, y: false, setScale: false }, points: { size: 8, width: 2 }, y: false },
    scales,
    axes,
    series,
    hooks: {
      draw: labelled.map((index) => (u: uPlot) => {
        const entry = chart.series[index];
        if (entry) drawPointLabels(u, index + 1, (value) => formatValue(entry.unit, value), entry.values);
      }),
      setCursor: onCursor ? [(u: uPlot) => onCursor(u.cursor.idx ?? null)] : [],
    },
  };
  return { options, data: [chart.labels.map((_, index) => index), ...plotted, ...benchmarkLines] };
}
