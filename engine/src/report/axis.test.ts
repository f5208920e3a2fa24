import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AXIS_SAFETY_MARGIN,
  formatTick,
  MAX_TICKS,
  MIN_TICKS,
  niceAxis,
  niceStep,
  plotValue,
  tickDecimals,
} from './axis.ts';

describe('niceAxis', () => {
  it('uses 0 to 100 with 5 ticks when there is no data', () => {
    const axis = niceAxis([null, undefined, Number.NaN]);
    expect(axis).toMatchObject({ min: 0, max: 100, decimals: 0 });
    expect(axis.ticks).toEqual([0, 25, 50, 75, 100]);
  });

  it('starts all-positive data at 0 and keeps 8% of the range above the top', () => {
    const axis = niceAxis([7.18, 9.1, 11.5, 14.5]);
    expect(axis.ticks).toEqual([0, 5, 10, 15, 20]);
    expect(axis.max - 14.5).toBeGreaterThanOrEqual(AXIS_SAFETY_MARGIN * 14.5);
  });

  it('moves the top up a step when the margin would be less than 8%', () => {
    // 19 fits under 20 but leaves only 1 (5%) above it.
    expect(niceAxis([4, 19]).max).toBeGreaterThan(20);
  });

  it('ends all-negative data at 0', () => {
    const axis = niceAxis([-5, -1]);
    expect(axis.max).toBe(0);
    expect(axis.min).toBeLessThanOrEqual(-5 - AXIS_SAFETY_MARGIN * 5);
  });

  it('pads both ends of data that crosses zero and keeps 0 as a tick', () => {
    const axis = niceAxis([-3, 12]);
    expect(axis.min).toBeLessThanOrEqual(-3 - AXIS_SAFETY_MARGIN * 15);
    expect(axis.max).toBeGreaterThanOrEqual(12 + AXIS_SAFETY_MARGIN * 15);
    expect(axis.ticks).toContain(0);
  });

  it('gives all-zero data a small positive axis', () => {
    expect(niceAxis([0, 0]).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('prefers the requested tick count among axes the data fills well', () => {
    expect(niceAxis([0, 100], 7).ticks).toHaveLength(7);
    expect(niceAxis([0, 100], 4).ticks.length).toBeLessThan(7);
  });

  it('never needs more than 2 decimals, even for tiny values', () => {
    const axis = niceAxis([0.001, 0.004]);
    expect(axis.step).toBe(0.01);
    expect(axis.ticks.length).toBeGreaterThanOrEqual(MIN_TICKS);
    expect(niceAxis([0.09]).step).toBe(0.02);
  });

  it('holds the rules for any data', () => {
    const value = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 12 }), (data) => {
        const axis = niceAxis(data);
        const low = Math.min(0, ...data);
        const high = Math.max(0, ...data);
        const span = high - low || 1;
        const slack = 1e-9 * Math.max(1, Math.abs(axis.min), Math.abs(axis.max));
        expect(axis.ticks.length).toBeGreaterThanOrEqual(MIN_TICKS);
        expect(axis.ticks.length).toBeLessThanOrEqual(MAX_TICKS);
        expect(axis.min).toBeLessThanOrEqual(low + slack);
        expect(axis.max).toBeGreaterThanOrEqual(high - slack);
        if (low === 0) expect(axis.min).toBe(0);
        if (high === 0 && low < 0) expect(axis.max).toBe(0);
        if (high > 0) expect(axis.max - high).toBeGreaterThanOrEqual(AXIS_SAFETY_MARGIN * span - slack);
        if (low < 0) expect(low - axis.min).toBeGreaterThanOrEqual(AXIS_SAFETY_MARGIN * span - slack);
        const labels = axis.ticks.map((tick) => formatTick(tick, axis.decimals));
        expect(new Set(labels).size).toBe(labels.length);
      }),
    );
  });
});

describe('ticks', () => {
  it('steps on 1, 2, 2.5 and 5 times a power of ten', () => {
    expect([0.7, 1.5, 2.2, 3, 7, 12].map(niceStep)).toEqual([1, 2, 2.5, 5, 10, 20]);
  });

  it('labels with 0, 1 or 2 decimals as the step needs', () => {
    expect(tickDecimals(25)).toBe(0);
    expect(tickDecimals(2.5)).toBe(1);
    expect(tickDecimals(0.25)).toBe(2);
    expect(formatTick(1250, 0)).toBe('1,250');
    expect(formatTick(7.5, 1)).toBe('7.5');
    expect(formatTick(-0.5, 2)).toBe('-0.50');
  });

  it('plots percent in percent and marks its ticks with %', () => {
    expect(plotValue('percent', 0.25)).toBe(25);
    expect(plotValue('times', 1.5)).toBe(1.5);
    expect(plotValue('amount', null)).toBeNull();
    expect(plotValue('amount', Number.NaN)).toBeNull();
    expect(formatTick(12.5, 1, 'percent')).toBe('12.5%');
  });
});
