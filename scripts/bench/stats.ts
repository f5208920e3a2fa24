/** Statistics, timing and formatting shared by the benchmark sections. */

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** Nearest-rank percentile. */
export function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export function formatMicros(micros: number): string {
  return `${micros < 10 ? micros.toFixed(2) : micros.toFixed(1)} µs`;
}

export function formatMillis(millis: number): string {
  if (millis >= 10_000) return `${(millis / 1000).toFixed(1)} s`;
  return `${millis < 10 ? millis.toFixed(2) : millis.toFixed(1)} ms`;
}

export function formatRatio(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  if (ratio >= 100) return `${Math.round(ratio).toLocaleString('en-US')}×`;
  return `${ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(1)}×`;
}

export function formatCount(count: number): string {
  return Math.round(count).toLocaleString('en-US');
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

export function formatPercent(fraction: number): string {
  return `${(fraction * 100).toFixed(0)}%`;
}

/** Progress goes to stderr so that stdout carries only the Markdown. */
export function progress(step: string): void {
  process.stderr.write(`bench: ${step}\n`);
}

export interface BatchTiming {
  /** Mean time per call of each measured batch, µs. */
  readonly perCallMicros: readonly number[];
  /** Sum of what the calls returned: consumed so that V8 cannot drop the work. */
  readonly sink: number;
}

export interface BatchPlan {
  readonly callsPerBatch: number;
  readonly warmupBatches: number;
  readonly measuredBatches: number;
}

/** Runs `call(index)` in batches; the warm-up batches let V8 optimise before anything is measured. */
export function timeBatches(call: (index: number) => number, plan: BatchPlan): BatchTiming {
  const perCallMicros: number[] = [];
  let sink = 0;
  for (let batch = 0; batch < plan.warmupBatches + plan.measuredBatches; batch++) {
    const start = performance.now();
    for (let index = 0; index < plan.callsPerBatch; index++) sink += call(index);
    const elapsedMillis = performance.now() - start;
    if (batch >= plan.warmupBatches) perCallMicros.push((elapsedMillis * 1000) / plan.callsPerBatch);
  }
  return { perCallMicros, sink };
}

export interface RepeatTiming {
  /** Wall time of each measured pass over all inputs, ms. */
  readonly totalMillis: readonly number[];
  readonly sink: number;
}

/** Times whole passes of `call` over every input; one untimed pass first warms up. */
export function timePasses<T>(inputs: readonly T[], call: (input: T) => number, repeats: number): RepeatTiming {
  const totalMillis: number[] = [];
  let sink = 0;
  for (let pass = 0; pass <= repeats; pass++) {
    const start = performance.now();
    for (const input of inputs) sink += call(input);
    const elapsedMillis = performance.now() - start;
    if (pass > 0) totalMillis.push(elapsedMillis);
  }
  return { totalMillis, sink };
}
