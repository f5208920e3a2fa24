/**
 * Chart colours. Canvas drawing cannot read CSS variables cheaply, so these mirror the app's --color-*
 * values (global.css) by hand.
 */
export const PALETTE = {
  primary: '#1f4e8c',
  teal: '#17807e',
  amber: '#c7821a',
  slate: '#5a6f8f',
  danger: '#c62828',
  text: '#1d2433',
  muted: '#5b6577',
  grid: '#e3e7ee',
  surface: '#ffffff',
} as const;

/** Colours of a chart's non-benchmark series, in order. */
const SERIES_COLORS: readonly string[] = [PALETTE.primary, PALETTE.amber, PALETTE.teal];

/** Forecast bars are drawn in their colour at this opacity with a solid outline. */
export const ESTIMATE_ALPHA = 0.3;

export const CHART_FONT_FAMILY = '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif';

/** '#1f4e8c' at 0.3 → 'rgba(31, 78, 140, 0.3)'. */
export function withAlpha(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** Each series' colour: its own, red for a benchmark, else the next of SERIES_COLORS. */
export function seriesColors(series: readonly { readonly kind: string; readonly color?: string }[]): string[] {
  let position = 0;
  return series.map((entry) => {
    if (entry.color) return entry.color;
    if (entry.kind === 'benchmark') return PALETTE.danger;
    return SERIES_COLORS[position++ % SERIES_COLORS.length] ?? PALETTE.primary;
  });
}
