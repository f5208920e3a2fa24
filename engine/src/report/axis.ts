/**
 * The Y axes of the report's charts, on screen and in the PDF: all-positive data starts at 0 (all-negative
 * data ends at 0), the free ends keep a margin of at least 8% of the data range, 4 to 7 ticks (5 preferred)
 * on nice steps, 0 to 100 when there is no data, and tick labels with 0, 1 or 2 decimals as the step needs.
 * Percent is plotted in percent (5, 10, 15 with a '%' on the label).
 */

export const AXIS_SAFETY_MARGIN = 0.08;
const AXIS_TARGET_UTILIZATION = 0.75;
export const MIN_TICKS = 4;
export const MAX_TICKS = 7;
export const DEFAULT_TICKS = 5;
const EMPTY_AXIS_RANGE = [0, 100] as const;

export type TickDecimals = 0 | 1 | 2;

export interface AxisScale {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly ticks: readonly number[];
  readonly decimals: TickDecimals;
}

/** What a chart's values are: amounts (亿元), fractions shown as percent, multiples, or 元 per share. */
export type ChartUnit = 'amount' | 'percent' | 'times' | 'yuan';

const NICE_FACTORS = [1, 2, 2.5, 5, 10] as const;
/** Labels carry at most 2 decimals, so a finer step would print equal labels. */
const MIN_STEP = 0.01;
const EPSILON = 1e-9;

/**
 * The smallest step of the form {1, 2, 2.5, 5} × 10ⁿ that is at least `raw` and can be labelled with at
 * most 2 decimals (so 0.025 gives way to 0.05).
 */
export function niceStep(raw: number): number {
  if (!(raw > MIN_STEP)) return MIN_STEP;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of NICE_FACTORS) {
    const step = clean(factor * magnitude);
    if (step >= raw * (1 - EPSILON) && isWhole(step * 100)) return step;
  }
  return clean(10 * magnitude);
}

/** 0 decimals for whole steps, 1 for tenths, else 2 (no more are ever needed). */
export function tickDecimals(step: number): TickDecimals {
  if (isWhole(step)) return 0;
  if (isWhole(step * 10)) return 1;
  return 2;
}

function isWhole(value: number): boolean {
  return Math.abs(value - Math.round(value)) < EPSILON * Math.max(1, Math.abs(value));
}

/** Removes float noise such as 0.30000000000000004 from computed ticks. */
function clean(value: number): number {
  const rounded = Number(value.toPrecision(12));
  return Object.is(rounded, -0) ? 0 : rounded;
}

function scaleOf(min: number, max: number, step: number): AxisScale {
  const count = Math.round((max - min) / step) + 1;
  const ticks = Array.from({ length: count }, (_, index) => clean(min + index * step));
  return { min: clean(min), max: clean(max), step, ticks, decimals: tickDecimals(step) };
}

interface Candidate {
  readonly scale: AxisScale;
  readonly utilization: number;
}

function candidate(low: number, high: number, dataSpan: number, tickCount: number): Candidate {
  const step = niceStep((high - low) / (tickCount - 1));
  let min = Math.floor(low / step + EPSILON) * step;
  let max = Math.ceil(high / step - EPSILON) * step;
  // Only the 0.01 floor on the step leaves fewer than 4 ticks; grow the free end, as 0 stays an edge.
  const missing = MIN_TICKS - (Math.round((max - min) / step) + 1);
  if (missing > 0) {
    if (high > 0 || low >= 0) max += missing * step;
    else min -= missing * step;
  }
  return { scale: scaleOf(min, max, step), utilization: dataSpan / (max - min) };
}

/**
 * A Y axis for the values (nulls and non-finite values are ignored). Among the nice steps that give 4–7
 * ticks it takes the tick count nearest to `targetTicks` whose axis the data fills to at least 75%;
 * when none fills that much, the tightest axis.
 */
export function niceAxis(values: Iterable<number | null | undefined>, targetTicks = DEFAULT_TICKS): AxisScale {
  const target = Math.min(MAX_TICKS, Math.max(MIN_TICKS, Math.round(targetTicks)));
  let dataMin = Number.POSITIVE_INFINITY;
  let dataMax = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    dataMin = Math.min(dataMin, value);
    dataMax = Math.max(dataMax, value);
  }
  if (dataMin > dataMax) {
    const [min, max] = EMPTY_AXIS_RANGE;
    return candidate(min, max, max - min, target).scale;
  }

  const low = Math.min(dataMin, 0);
  const high = Math.max(dataMax, 0);
  // All zeros: any scale is as good; 0..1 keeps the zero line at the bottom.
  const span = high - low || 1;
  const margin = AXIS_SAFETY_MARGIN * span;
  const paddedLow = low < 0 ? low - margin : 0;
  const paddedHigh = high > 0 ? high + margin : low < 0 ? 0 : span;

  const candidates: Candidate[] = [];
  for (let count = MIN_TICKS; count <= MAX_TICKS; count++) {
    const found = candidate(paddedLow, paddedHigh, span, count);
    const ticks = found.scale.ticks.length;
    if (ticks >= MIN_TICKS && ticks <= MAX_TICKS) candidates.push(found);
  }
  if (candidates.length === 0) return candidate(paddedLow, paddedHigh, span, target).scale;

  const tightest = (chosen: Candidate, found: Candidate) => (found.utilization > chosen.utilization ? found : chosen);
  const filled = candidates.filter((found) => found.utilization >= AXIS_TARGET_UTILIZATION - EPSILON);
  if (filled.length === 0) return candidates.reduce(tightest).scale;
  const distance = (found: Candidate) => Math.abs(found.scale.ticks.length - target);
  return filled.reduce((chosen, found) => {
    const nearer = distance(found) - distance(chosen);
    if (nearer !== 0) return nearer < 0 ? found : chosen;
    return tightest(chosen, found);
  }).scale;
}

/** The number put on the axis: percent is plotted in percent so the ticks read 5, 10, 15. */
export function plotValue(unit: ChartUnit, value: number | null | undefined): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  return unit === 'percent' ? value * 100 : value;
}

/** Made on first use, like format.ts's formatters: a page that draws no chart yet does not pay for them. */
const TICK_FORMATS: Partial<Record<TickDecimals, Intl.NumberFormat>> = {};
const tickFormat = (digits: TickDecimals) =>
  (TICK_FORMATS[digits] ??= new Intl.NumberFormat('zh-CN', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }));

/** A tick label: zh-CN grouping with the axis's decimals, '%' after percent ticks: 1,250 · 7.5 · 10%. */
export function formatTick(value: number, decimals: TickDecimals, unit: ChartUnit = 'amount'): string {
  return `${tickFormat(decimals).format(value)}${unit === 'percent' ? '%' : ''}`;
}
