import type { Rgb } from './tone.ts';

/**
 * The report's chart colours, drawn by uPlot on screen and by the PDF: canvas drawing cannot read CSS
 * variables cheaply, so the few the charts need live here (the page's own colours are in global.css).
 */
export const PALETTE = {
  primary: '#1f4e8c',
  teal: '#17807e',
  amber: '#c7821a',
  slate: '#5a6f8f',
  /** The fifth company of a comparison. */
  plum: '#7a4a8c',
  /** The dashed benchmark lines of the FCF ratios: neutral, as red and green mean rise and fall. */
  benchmark: '#3d4657',
  text: '#1d2433',
  muted: '#5b6577',
  grid: '#e3e7ee',
  surface: '#ffffff',
  /**
   * Warning text (stale data date, valuation warnings) on white or on `warningSoft`: 6.3:1 (≥ 4.5:1), the
   * stylesheet's --color-warning; the share card and the PDF draw with it too.
   */
  warning: '#8a5300',
  warningSoft: '#fff8e6',
} as const;

/** The colours a chart series may take. */
export type SeriesColor = 'primary' | 'teal' | 'amber' | 'slate' | 'plum';

/** Forecast bars are drawn in their colour at this opacity, with a solid outline. */
export const ESTIMATE_ALPHA = 0.3;

/** '#1f4e8c' → [31, 78, 140]. */
export function hexRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour at `alpha` over white, as one opaque colour (the PDF has no transparency). */
export function overWhite(rgb: Rgb, alpha: number): Rgb {
  const mix = (channel: number) => Math.round(channel * alpha + 255 * (1 - alpha));
  return [mix(rgb[0]), mix(rgb[1]), mix(rgb[2])];
}

/** [31, 78, 140] at 0.3 → 'rgba(31, 78, 140, 0.3)'. */
export function rgba(rgb: Rgb, alpha: number): string {
  return `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${alpha})`;
}
