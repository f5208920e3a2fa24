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
    let ran = 0;
    setImmediate(() => ran++);
    const long = new TimeSlices(60_000);
    expect(long.spent).toBe(false);
    await long.pause();
    expect(ran).toBe(0);
    const spent = new TimeSlices(0);
    expect(spent.spent).toBe(true);
    await spent.pause();
    expect(ran).toBe(1);
  });
});
