/**
 * Y-axis ranges of the report's charts (public-side §5, §9): all-positive data starts at 0, the data
 * keeps a margin of at least 8% of the range, about 5 ticks at round steps, 0 to 100 when empty.
 */
export interface Axis {
  readonly min: number;
  readonly max: number;
  readonly step: number;
  readonly ticks: readonly number[];
}

export const AXIS_MARGIN = 0.08;
const EMPTY_AXIS: Axis = { min: 0, max: 100, step: 25, ticks: [0, 25, 50, 75, 100] };

/** The round step (1, 2, 2.5, 5 × 10ⁿ) nearest above `raw`. */
export function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / magnitude;
  const factor = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 2.5 ? 2.5 : residual <= 5 ? 5 : 10;
  return factor * magnitude;
}

/** Rounds away float noise (0.30000000000000004 → 0.3) at the step's precision. */
function clean(value: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step)) + 3);
  return Number(value.toFixed(Math.min(decimals, 12)));
}

export function niceAxis(values: readonly (number | null | undefined)[], targetTicks = 5): Axis {
  const finite = values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
  if (finite.length === 0) return EMPTY_AXIS;
  let low = Math.min(...finite);
  let high = Math.max(...finite);
  if (low >= 0) low = 0;
  if (high <= 0) high = 0;
  if (high === low) high = low + (Math.abs(low) || 1);
  const range = high - low;
  if (low < 0) low -= range * AXIS_MARGIN;
  if (high > 0) high += range * AXIS_MARGIN;
  const step = niceStep((high - low) / Math.max(1, targetTicks - 1));
  const min = clean(Math.floor(low / step) * step, step);
  const max = clean(Math.ceil(high / step) * step, step);
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(clean(tick, step));
  return { min, max, step, ticks };
}

export type ChartUnit = 'amount' | 'percent' | 'times';

/** The decimals (0, 1 or 2) that show every multiple of the step exactly: 0.25 → 2, 2.5 → 1. */
function stepDecimals(step: number): number {
  for (let decimals = 0; decimals < 2; decimals++) {
    const scaled = step * 10 ** decimals;
    if (Math.abs(scaled - Math.round(scaled)) < 1e-9) return decimals;
  }
  return 2;
}

/** A tick label with as many decimals as the step needs (0, 1 or 2). */
export function formatTick(value: number, step: number, unit: ChartUnit): string {
  const scaled = unit === 'percent' ? value * 100 : value;
  const scaledStep = unit === 'percent' ? step * 100 : step;
  const decimals = stepDecimals(scaledStep);
  const text = new Intl.NumberFormat('zh-CN', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Math.abs(scaled) < 1e-12 ? 0 : scaled);
  return unit === 'percent' ? `${text}%` : text;
}
