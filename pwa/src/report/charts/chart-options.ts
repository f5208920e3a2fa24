import type uPlot from 'uplot';

/** uPlot's bars path builder: passed in, so uPlot itself loads only when a chart is drawn. */
export type BarsBuilder = NonNullable<typeof uPlot.paths.bars>;

import { type AxisScale, DEFAULT_TICKS, formatTick, MIN_TICKS, niceAxis } from './axis.ts';
import { axisSuffix, type ChartData, type ChartSeries, formatPoint, plotValue } from './chart-data.ts';
import { CHART_FONT_FAMILY, ESTIMATE_ALPHA, PALETTE, seriesColors, withAlpha } from './palette.ts';
import { drawPointLabels } from './point-labels.ts';

const AXIS_FONT = `11px ${CHART_FONT_FAMILY}`;
/** Least room (CSS px) per year label on the x axis; closer years are thinned from the newest back. */
const X_LABEL_SPACE = 44;
const X_LABEL_STEPS = [1, 2, 3, 4, 5, 10];
/** Below this plot height 5 ticks crowd the Y axis (phones draw 160 px charts); 4 still satisfies §9. */
const COMPACT_HEIGHT = 180;

type ScaleKey = 'y' | 'y2';

export interface BuiltChart {
  readonly options: uPlot.Options;
  readonly data: uPlot.AlignedData;
}

function scaleKeyOf(series: ChartSeries): ScaleKey {
  return series.axis === 'right' ? 'y2' : 'y';
}

/** Per-bar colours: negatives red, forecasts in the same colour but light with a solid outline. */
export function barColors(series: ChartSeries, color: string, estimates: readonly boolean[] | undefined) {
  const base = series.values.map((value) => (value !== null && value < 0 ? PALETTE.danger : color));
  const fills = base.map((solid, index) => (estimates?.[index] ? withAlpha(solid, ESTIMATE_ALPHA) : solid));
  return { fills, strokes: base };
}

function seriesOptions(
  data: ChartData,
  series: ChartSeries,
  color: string,
  bars: BarsBuilder | undefined,
): uPlot.Series {
  const scale = scaleKeyOf(series);
  if (series.kind === 'benchmark') {
    return { label: series.label, scale, stroke: color, width: 1.5, dash: [6, 4], points: { show: false } };
  }
  if (series.kind === 'line') {
    return {
      label: series.label,
      scale,
      stroke: color,
      width: 2,
      points: { show: true, size: 6, width: 2, fill: PALETTE.surface },
    };
  }
  const { fills, strokes } = barColors(series, color, data.estimates);
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

function yAxis(scale: ScaleKey, axis: AxisScale, suffix: string): uPlot.Axis {
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
    values: (_u, splits) => splits.map((value) => `${formatTick(value, axis.decimals)}${suffix}`),
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
 * The uPlot options and data of a chart: x positions 0..n-1 labelled with the years, one Y scale per
 * side ranged by the spec's axis rules, bars through uPlot's bars path builder.
 */
export function buildChart(
  data: ChartData,
  size: { width: number; height: number },
  onCursor?: (index: number | null) => void,
  bars?: BarsBuilder,
): BuiltChart {
  const count = data.labels.length;
  const plotted = data.series.map((series) => series.values.map((value) => plotValue(series.unit, value)));
  const ticks = size.height < COMPACT_HEIGHT ? MIN_TICKS : DEFAULT_TICKS;
  const scaleFor = (key: ScaleKey) =>
    niceAxis(
      data.series.flatMap((entry, index) => (scaleKeyOf(entry) === key ? (plotted[index] ?? []) : [])),
      ticks,
    );
  const sides = (['y', 'y2'] as const).filter((key) => data.series.some((series) => scaleKeyOf(series) === key));

  const colors = seriesColors(data.series);
  const series: uPlot.Series[] = [
    {},
    ...data.series.map((entry, index) => seriesOptions(data, entry, colors[index] ?? PALETTE.primary, bars)),
  ];
  const scales: uPlot.Scales = { x: { time: false, range: () => [-0.5, count - 0.5] } };
  const axes: uPlot.Axis[] = [xAxis(data.labels)];
  for (const key of sides) {
    const axis = scaleFor(key);
    scales[key] = { range: () => [axis.min, axis.max] };
    const unit = data.series.find((entry) => scaleKeyOf(entry) === key)?.unit ?? 'amount';
    axes.push(yAxis(key, axis, axisSuffix(unit)));
  }

  const labelled = data.series.flatMap((entry, index) => (entry.pointLabels ? [index] : []));
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
        const entry = data.series[index];
        if (entry) drawPointLabels(u, index + 1, (value) => formatPoint(entry.unit, value), entry.values);
      }),
      setCursor: onCursor ? [(u: uPlot) => onCursor(u.cursor.idx ?? null)] : [],
    },
  };
  return { options, data: [data.labels.map((_, index) => index), ...plotted] };
}
