import { PALETTE } from '@fcf/engine/report';
import type uPlot from 'uplot';

export const CHART_FONT_FAMILY = '-apple-system, BlinkMacSystemFont, "PingFang SC", "Microsoft YaHei", sans-serif';

const LABEL_FONT_SIZE = 11;
/** CSS px between a point and the baseline of its label, and the least gap between two labels. */
const LABEL_OFFSET = 7;
const LABEL_GAP = 6;

/**
 * Prints each point's value above it (draw hook). When the labels would overlap on a narrow chart only
 * every k-th is printed, counted back from the newest so the latest value always shows.
 */
export function drawPointLabels(
  u: uPlot,
  seriesIndex: number,
  format: (value: number) => string,
  values: readonly (number | null)[],
): void {
  const plotted = u.data[seriesIndex];
  const scale = u.series[seriesIndex]?.scale;
  if (!plotted || !scale || values.length === 0) return;
  // uPlot.pxRatio is the device-pixel ratio; read here so uPlot itself stays lazily loaded.
  const ratio = window.devicePixelRatio || 1;
  const { ctx } = u;
  ctx.save();
  ctx.font = `${LABEL_FONT_SIZE * ratio}px ${CHART_FONT_FAMILY}`;
  ctx.fillStyle = PALETTE.text;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';

  const texts = values.map((value) => (value === null ? null : format(value)));
  const widest = Math.max(0, ...texts.map((text) => (text ? ctx.measureText(text).width : 0)));
  const spacing = u.bbox.width / values.length;
  const every = Math.max(1, Math.ceil((widest + LABEL_GAP * ratio) / spacing));
  const last = values.length - 1;

  texts.forEach((text, index) => {
    const y = plotted[index];
    if (text === null || typeof y !== 'number' || (last - index) % every !== 0) return;
    ctx.fillText(text, u.valToPos(index, 'x', true), u.valToPos(y, scale, true) - LABEL_OFFSET * ratio);
  });
  ctx.restore();
}
