/** The viewer's zoom (pure): fit-to-width and the steps of the − / + buttons. */

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
const STEP = 1.2;

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale) || scale <= 0) return 1;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/** The automatic scale never exceeds this (pdf.js's own "auto" zoom does the same): a page, not a poster. */
export const MAX_AUTO_SCALE = 1.25;

/**
 * The automatic scale: a page of `pageWidth` (PDF points at scale 1) fills `available` CSS pixels less a
 * margin, up to 125% on wide screens; 1 when either is unknown (a layout not measured yet).
 */
export function fitWidthScale(available: number, pageWidth: number, margin = 16): number {
  if (!(available > 0) || !(pageWidth > 0)) return 1;
  return clampScale(Math.min(MAX_AUTO_SCALE, (available - margin) / pageWidth));
}

export function zoomIn(scale: number): number {
  return clampScale(Math.round(scale * STEP * 100) / 100);
}

export function zoomOut(scale: number): number {
  return clampScale(Math.round((scale / STEP) * 100) / 100);
}

/** '125%'. */
export function percent(scale: number): string {
  return `${Math.round(scale * 100)}%`;
}
