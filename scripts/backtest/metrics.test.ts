import { describe, expect, it } from 'vitest';
import {
  absolutePercentageError,
  countedPair,
  driftForecast,
  median,
  quantile,
  randomWalkForecast,
  winShares,
} from './metrics.ts';

describe('absolutePercentageError', () => {
  it('is |forecast − actual| ÷ |actual|, also for a negative actual', () => {
    expect(absolutePercentageError(110, 100)).toBeCloseTo(0.1, 12);
    expect(absolutePercentageError(90, 100)).toBeCloseTo(0.1, 12);
    expect(absolutePercentageError(-5, -10)).toBeCloseTo(0.5, 12);
    expect(absolutePercentageError(10, -10)).toBeCloseTo(2, 12);
  });

  it('has no value for an actual of 0 or a figure that is not a number', () => {
    expect(absolutePercentageError(1, 0)).toBeNull();
    expect(absolutePercentageError(Number.NaN, 1)).toBeNull();
    expect(absolutePercentageError(1, Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe('countedPair (the counting rule)', () => {
  const series = new Map([
    [2012, 100],
    [2013, 0],
    [2014, 120],
    [2016, -30],
  ]);

  it('counts a company-year when the figure is reported at t and at t+h and the latter is not 0', () => {
    expect(countedPair(series, 2012, 2)).toEqual({ base: 100, actual: 120 });
    expect(countedPair(series, 2013, 1)).toEqual({ base: 0, actual: 120 });
    expect(countedPair(series, 2013, 3)).toEqual({ base: 0, actual: -30 });
  });

  it('does not count an actual of 0, nor a year that was not reported', () => {
    expect(countedPair(series, 2012, 1)).toBeNull();
    expect(countedPair(series, 2014, 1)).toBeNull();
    expect(countedPair(series, 2011, 1)).toBeNull();
  });
});

describe('the baselines', () => {
  it('random walk: the base year figure', () => {
    expect(randomWalkForecast(42)).toBe(42);
  });

  it('drift: x_t × (x_t ÷ x_{t−3})^{h/3} where both are positive', () => {
    expect(driftForecast(133.1, 100, 1)).toBeCloseTo(146.41, 10);
    expect(driftForecast(133.1, 100, 3)).toBeCloseTo(177.1561, 10);
    expect(driftForecast(80, 160, 3)).toBeCloseTo(40, 10);
  });

  it('drift falls back to the random walk without a positive x_{t−3} or x_t', () => {
    expect(driftForecast(133.1, undefined, 1)).toBe(133.1);
    expect(driftForecast(133.1, 0, 1)).toBe(133.1);
    expect(driftForecast(133.1, -5, 3)).toBe(133.1);
    expect(driftForecast(-10, 100, 3)).toBe(-10);
  });
});

describe('median and quantile', () => {
  it('median: the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('quantile interpolates between ranks', () => {
    expect(quantile([0, 10, 20, 30, 40], 0.1)).toBeCloseTo(4, 12);
    expect(quantile([0, 10], 0.25)).toBeCloseTo(2.5, 12);
    expect(quantile([5], 0.9)).toBe(5);
  });
});

describe('winShares', () => {
  it('counts strict wins and equal errors apart', () => {
    expect(
      winShares([
        [0.1, 0.2],
        [0.3, 0.2],
        [0.2, 0.2],
        [0.05, 0.5],
      ]),
    ).toEqual({ wins: 0.5, ties: 0.25 });
    expect(winShares([])).toBeNull();
  });
});
