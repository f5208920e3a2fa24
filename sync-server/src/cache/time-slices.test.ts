import { describe, expect, it } from 'vitest';
import { SLICE_MS, TimeSlices, unitsPerSlice } from './time-slices.ts';

describe('unitsPerSlice', () => {
  it('sizes the next slice to last about SLICE_MS, at most doubling, between 1 and the most', () => {
    expect(unitsPerSlice(10, SLICE_MS, 100)).toBe(10);
    expect(unitsPerSlice(10, SLICE_MS * 5, 100)).toBe(2);
    expect(unitsPerSlice(10, SLICE_MS * 100, 100)).toBe(1);
    expect(unitsPerSlice(10, SLICE_MS / 10, 100)).toBe(20);
    expect(unitsPerSlice(10, 0, 100)).toBe(20);
    expect(unitsPerSlice(80, 1, 100)).toBe(100);
  });
});

describe('TimeSlices', () => {
  it('yields to the event loop once a slice has used its time, and not before', async () => {
    const slices = new TimeSlices(5);
    let ran = 0;
    setImmediate(() => ran++);
    await slices.pause();
    expect(ran).toBe(0);
    const busyUntil = performance.now() + 6;
    while (performance.now() < busyUntil) {
      // a unit of work longer than the slice
    }
    expect(slices.spent).toBe(true);
    await slices.pause();
    expect(ran).toBe(1);
    expect(slices.spent).toBe(false);
  });
});
