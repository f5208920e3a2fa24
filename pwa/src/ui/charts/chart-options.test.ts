import { type ChartSeriesSpec, type ChartSpec, niceAxis, PALETTE, rgba, rgbHex, TONE_RGB } from '@fcf/engine/report';
import uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { barColors, buildChart } from './chart-options.ts';

// The options' callbacks ignore the chart instance they are handed.
const chart = {} as uPlot;

const bar: ChartSeriesSpec = {
  key: 'revenue',
  label: '营业收入',
  kind: 'bar',
  unit: 'amount',
  axis: 'left',
  values: [64, 80, 100, 125],
  color: 'primary',
  toneKind: 'level',
  pointLabels: false,
};
const revenue: ChartSpec = {
  id: 'revenue',
  titles: { full: '营业收入与增长率' },
  labels: ['2022', '2023', '2024', '2025E'],
  estimates: [false, false, false, true],
  series: [
    bar,
    {
      ...bar,
      key: 'growth',
      label: '同比增长率',
      kind: 'line',
      unit: 'percent',
      axis: 'right',
      values: [null, 0.25, 0.25, 0.25],
      color: 'amber',
    },
  ],
  benchmarks: [],
  emptyText: '-',
  note: null,
  wide: false,
  narrowWindow: null,
};

function callable<T>(value: T | undefined): Extract<T, (...args: never[]) => unknown> {
  if (typeof value !== 'function') throw new Error('expected a function');
  return value as Extract<T, (...args: never[]) => unknown>;
}

describe('buildChart', () => {
  const { options, data } = buildChart(revenue, { width: 320, height: 220 }, undefined, uPlot.paths.bars);

  it('plots years at positions 0..n-1, percent in percent', () => {
    expect(data[0]).toEqual([0, 1, 2, 3]);
    expect(data[1]).toEqual([64, 80, 100, 125]);
    expect(data[2]).toEqual([null, 25, 25, 25]);
  });

  it('labels the x axis with the years, thinning from the newest back', () => {
    const axis = options.axes?.[0];
    expect(callable(axis?.values)(chart, [0, 3], 0, 40, 1)).toEqual(['2022', '2025E']);
    expect(callable(axis?.splits)(chart, 0, -0.5, 3.5, 2, 40)).toEqual([1, 3]);
  });

  it('ranges each side by the axis rules, with the growth rate on its own right axis', () => {
    const left = niceAxis([64, 80, 100, 125]);
    const right = niceAxis([25, 25, 25]);
    expect(callable(options.scales?.y?.range)(chart, 64, 125, 'y')).toEqual([left.min, left.max]);
    expect(callable(options.scales?.y2?.range)(chart, 25, 25, 'y2')).toEqual([right.min, right.max]);
    const [, leftAxis, rightAxis] = options.axes ?? [];
    expect(callable(leftAxis?.splits)(chart, 1, 0, 0, 0, 0)).toEqual(left.ticks);
    expect(rightAxis).toMatchObject({ scale: 'y2', side: 1, grid: { show: false } });
    expect(callable(rightAxis?.values)(chart, [0, 10, 20], 2, 0, 10)).toEqual(['0%', '10%', '20%']);
  });

  it('aims for 4 ticks on the short charts of phones', () => {
    const compact = buildChart(revenue, { width: 320, height: 160 }, undefined, uPlot.paths.bars).options;
    expect(callable(compact.axes?.[1]?.splits)(chart, 1, 0, 0, 0, 0)).toEqual(niceAxis([64, 80, 100, 125], 4).ticks);
  });

  it('keeps the chart’s own legend off and zooming disabled', () => {
    expect(options.legend?.show).toBe(false);
    expect(options.cursor?.drag).toMatchObject({ x: false, y: false, setScale: false });
  });
});

describe('benchmarks', () => {
  it('draw a dashed neutral line at their value and count on the left axis', () => {
    const withBenchmark: ChartSpec = { ...revenue, series: [bar], benchmarks: [{ label: '基准线', value: 200 }] };
    const built = buildChart(withBenchmark, { width: 320, height: 220 });
    expect(built.data[2]).toEqual([200, 200, 200, 200]);
    expect(built.options.series[2]).toMatchObject({ stroke: PALETTE.benchmark, dash: [6, 4] });
    const left = niceAxis([64, 80, 100, 125, 200, 200, 200, 200]);
    expect(callable(built.options.scales?.y?.range)(chart, 0, 0, 'y')).toEqual([left.min, left.max]);
  });
});

describe('bar colours', () => {
  const estimates = [false, false, true, true];
  it('draw levels in the series colour whatever their sign, forecasts light with a solid outline', () => {
    const bars = barColors({ ...bar, values: [5, -2, 7, -1] }, estimates);
    const primary = rgbHex([31, 78, 140]);
    expect(bars.strokes).toEqual([primary, primary, primary, primary]);
    expect(bars.fills[2]).toBe(rgba([31, 78, 140], 0.3));
  });

  it('draw changes red when they rise and green when they fall', () => {
    const bars = barColors({ ...bar, toneKind: 'change', values: [5, -2, 7, -1] }, estimates);
    const [rise, fall] = [rgbHex(TONE_RGB.rise), rgbHex(TONE_RGB.fall)];
    expect(bars.strokes).toEqual([rise, fall, rise, fall]);
    expect(bars.fills).toEqual([rise, fall, rgba(TONE_RGB.rise, 0.3), rgba(TONE_RGB.fall, 0.3)]);
  });
});
