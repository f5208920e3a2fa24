/**
 * The longest stretch of work a request may do between two turns of the event loop, in ms. Well under the
 * 50 ms no request may hold the loop for (docs/operations.md, "Caching and request limits"), so a slow
 * machine stays under it too.
 */
export const SLICE_MS = 10;

/** Resolves on a later turn of the event loop, after the I/O waiting meanwhile (other requests) was handled. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Work done in slices: call `pause()` between units of work; it yields to the event loop once the current
 * slice has taken `SLICE_MS`, and otherwise goes on at once.
 */
export class TimeSlices {
  private started = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Whether the current slice has used its time. */
  get spent(): boolean {
    return performance.now() - this.started >= this.sliceMs;
  }

  async pause(): Promise<void> {
    if (!this.spent) return;
    await nextTurn();
    this.started = performance.now();
  }
}

/**
 * How many units the next slice should take so it lasts about `SLICE_MS`: from how long the last `units`
 * took (`ms`), between 1 and `most`. For work whose units cannot be split (one query over a range of rows).
 */
export function unitsPerSlice(units: number, ms: number, most: number): number {
  const fitted = ms <= 0 ? units * 2 : Math.floor((units * SLICE_MS) / ms);
  return Math.max(1, Math.min(most, fitted, units * 2));
}
