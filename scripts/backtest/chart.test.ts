import { describe, expect, it } from 'vitest';
import { errorChartSvg } from './chart.ts';
import type { MetricSummary } from './summary.ts';

const summary = (model: number, randomWalk: number, drift: number | null, n: number): MetricSummary => ({
  n,
  model,
  randomWalk,
  drift,
  beatsRandomWalk: null,
  beatsDrift: null,
  tiesRandomWalk: null,
  tiesDrift: null,
  latestMargin: null,
});

describe('errorChartSvg', () => {
  const svg = errorChartSvg(
    [
      { label: '营业收入 t+1', summary: summary(0.129, 0.148, 0.147, 26419) },
      { label: '营业利润 t+3', summary: summary(0.63, 0.6, null, 18584) },
    ],
    '中位绝对百分比误差',
  );

  it('draws one bar per value with its label, none where a baseline does not apply', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // The background and the legend's three swatches, then five bars.
    expect(svg.match(/<rect /g)).toHaveLength(1 + 3 + 5);
    for (const label of ['12.9%', '14.8%', '14.7%', '63.0%', '60.0%', 'n = 26,419', 'n = 18,584', '营业利润 t+3']) {
      expect(svg).toContain(`>${label}<`);
    }
  });

  it('scales the axis in percent from 0', () => {
    expect(svg).toContain('>0%<');
    expect(svg).toMatch(/>(70|80)%</);
  });

  it('escapes text', () => {
    expect(errorChartSvg([], 'a < b & c')).toContain('a &lt; b &amp; c');
  });
});
