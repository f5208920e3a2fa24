/**
 * The track record's chart (docs/backtest-errors.svg): median absolute percentage error of the model and the
 * baselines, per metric and horizon, as grouped bars. Plain SVG text, the report's palette and axis rules.
 */
import { niceAxis, PALETTE } from '@fcf/engine/report';
import type { MetricSummary } from './summary.ts';

export interface ChartGroup {
  readonly label: string;
  readonly summary: MetricSummary;
}

interface BarSeries {
  readonly name: string;
  readonly color: string;
  readonly pick: (summary: MetricSummary) => number | null;
}

const SERIES: readonly BarSeries[] = [
  { name: '模型（自动预测）', color: PALETTE.primary, pick: (summary) => summary.model },
  { name: '随机游走', color: PALETTE.slate, pick: (summary) => summary.randomWalk },
  { name: '带漂移的随机游走', color: PALETTE.amber, pick: (summary) => summary.drift },
];

const WIDTH = 760;
const HEIGHT = 380;
const PLOT = { left: 56, right: 16, top: 64, bottom: 48 } as const;
const BAR_GAP = 6;
const GROUP_PADDING = 0.18;

const escapeXml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const round = (value: number) => Math.round(value * 10) / 10;

/** The chart as an SVG document; a bar without a value (no drift for operating profit) is left out. */
export function errorChartSvg(groups: readonly ChartGroup[], title: string): string {
  const values = groups.flatMap((group) => SERIES.map((series) => series.pick(group.summary)));
  const axis = niceAxis(values.map((value) => (value === null ? null : value * 100)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (percentValue: number) =>
    round(PLOT.top + plotHeight * (1 - (percentValue - axis.min) / (axis.max - axis.min)));
  const groupWidth = plotWidth / Math.max(1, groups.length);
  const barWidth = (groupWidth * (1 - 2 * GROUP_PADDING) - BAR_GAP * (SERIES.length - 1)) / SERIES.length;

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${PALETTE.surface}"/>`,
    `<text x="${PLOT.left}" y="22" font-size="15" fill="${PALETTE.text}">${escapeXml(title)}</text>`,
  ];
  SERIES.forEach((series, index) => {
    const x = PLOT.left + index * 190;
    parts.push(
      `<rect x="${x}" y="34" width="12" height="12" fill="${series.color}"/>`,
      `<text x="${x + 18}" y="44" fill="${PALETTE.text}">${escapeXml(series.name)}</text>`,
    );
  });
  for (const tick of axis.ticks) {
    parts.push(
      `<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(tick)}" y2="${y(tick)}" stroke="${PALETTE.grid}"/>`,
      `<text x="${PLOT.left - 6}" y="${y(tick) + 4}" text-anchor="end" fill="${PALETTE.muted}">${tick.toFixed(axis.decimals)}%</text>`,
    );
  }
  groups.forEach((group, groupIndex) => {
    // The bars a group has (operating profit has no drift) are centred in it.
    const bars = SERIES.flatMap((series) => {
      const value = series.pick(group.summary);
      return value === null ? [] : [{ series, value }];
    });
    const barsWidth = bars.length * barWidth + Math.max(0, bars.length - 1) * BAR_GAP;
    const start = PLOT.left + (groupIndex + 0.5) * groupWidth - barsWidth / 2;
    bars.forEach(({ series, value }, index) => {
      const x = round(start + index * (barWidth + BAR_GAP));
      const top = y(value * 100);
      const base = y(Math.max(axis.min, 0));
      parts.push(
        `<rect x="${x}" y="${Math.min(top, base)}" width="${round(barWidth)}" height="${round(Math.abs(base - top))}" fill="${series.color}"/>`,
        `<text x="${round(x + barWidth / 2)}" y="${round(top - 4)}" text-anchor="middle" fill="${PALETTE.text}">${percent(value)}</text>`,
      );
    });
    parts.push(
      `<text x="${round(PLOT.left + (groupIndex + 0.5) * groupWidth)}" y="${HEIGHT - PLOT.bottom + 20}" text-anchor="middle" fill="${PALETTE.text}">${escapeXml(group.label)}</text>`,
      `<text x="${round(PLOT.left + (groupIndex + 0.5) * groupWidth)}" y="${HEIGHT - PLOT.bottom + 36}" text-anchor="middle" fill="${PALETTE.muted}">n = ${group.summary.n.toLocaleString('en-US')}</text>`,
    );
  });
  parts.push(
    `<line x1="${PLOT.left}" x2="${WIDTH - PLOT.right}" y1="${y(Math.max(axis.min, 0))}" y2="${y(Math.max(axis.min, 0))}" stroke="${PALETTE.benchmark}"/>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}
