import { formatAmount, formatPercent } from '../../lib/format.ts';

/** amount: 亿元; percent: a fraction shown as percent; times: a plain multiple (FCF / capex). */
export type ChartUnit = 'amount' | 'percent' | 'times';
type SeriesKind = 'bar' | 'line' | 'benchmark';

export interface ChartSeries {
  readonly label: string;
  readonly kind: SeriesKind;
  readonly unit: ChartUnit;
  /** One value per x position, in the unit's own terms (fractions for percent). */
  readonly values: readonly (number | null)[];
  /** 'right' gives the series its own Y axis on the right (a growth rate beside amounts). */
  readonly axis?: 'left' | 'right';
  readonly color?: string;
  /** Print each point's value above it. */
  readonly pointLabels?: boolean;
}

export interface ChartData {
  /** X axis labels, oldest first: '2019', '2025E'. */
  readonly labels: readonly string[];
  /** Per x position: a forecast year (bars drawn lighter). */
  readonly estimates?: readonly boolean[];
  readonly series: readonly ChartSeries[];
}

/** The number put on the axis: percent is plotted in percent so tick labels read 5, 10, 15. */
export function plotValue(unit: ChartUnit, value: number | null): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  return unit === 'percent' ? value * 100 : value;
}

export function axisSuffix(unit: ChartUnit): string {
  return unit === 'percent' ? '%' : '';
}

export function unitCaption(unit: ChartUnit): string {
  return { amount: '亿元', percent: '%', times: '倍' }[unit];
}

/** A point label: the figure only. */
export function formatPoint(unit: ChartUnit, value: number | null): string {
  return unit === 'percent' ? formatPercent(value) : formatAmount(value);
}

/** A figure with its unit, for the readout and the accessible description. */
export function formatWithUnit(unit: ChartUnit, value: number | null): string {
  if (value === null || !Number.isFinite(value) || unit === 'percent') return formatPoint(unit, value);
  return `${formatAmount(value)} ${unitCaption(unit)}`;
}

function hasDataAt(series: ChartSeries, index: number): boolean {
  return series.kind !== 'benchmark' && plotValue(series.unit, series.values[index] ?? null) !== null;
}

/** The latest x position where a series (benchmarks aside) has a value: the readout's default. */
export function latestIndex(data: ChartData): number | null {
  for (let index = data.labels.length - 1; index >= 0; index--) {
    if (data.series.some((series) => hasDataAt(series, index))) return index;
  }
  return null;
}

/** True when no series has a value (a benchmark line alone is not data). */
export function isChartEmpty(data: ChartData): boolean {
  return latestIndex(data) === null;
}

/** '2024：营业收入 100.00 亿元，收入增长率 25.00%'. */
export function describePoint(data: ChartData, index: number): string {
  const parts = data.series
    .filter((series) => series.kind !== 'benchmark')
    .map((series) => `${series.label} ${formatWithUnit(series.unit, series.values[index] ?? null)}`);
  return `${data.labels[index] ?? ''}：${parts.join('，')}`;
}
