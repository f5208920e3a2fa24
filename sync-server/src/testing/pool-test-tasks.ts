/** Tasks for the worker pool's own tests: well-behaved, slow, endless, greedy and failing ones. */

export function echo<Value>(input: Value): Value {
  return input;
}

/** Holds its thread for `ms` (a busy loop, as real parsing does). */
export function spin(ms: number): number {
  const until = performance.now() + ms;
  let turns = 0;
  while (performance.now() < until) turns++;
  return turns;
}

export function forever(): never {
  for (;;) {
    // never yields: only terminating the worker ends it
  }
}

/** Keeps allocating until the worker's heap limit ends it. */
export function exhaustMemory(): number {
  const hoard: number[][] = [];
  for (;;) hoard.push(Array.from({ length: 1 << 16 }, (_, index) => index * 1.5));
}

export function fail(message: string): never {
  throw new Error(message);
}

export function exitWorker(): never {
  process.exit(3);
}

export function bytes(length: number): ArrayBuffer {
  return new Uint8Array(length).fill(7).buffer;
}

/** The byte length of a buffer handed over (transferred) by the caller. */
export function byteLength(buffer: ArrayBuffer): number {
  return buffer.byteLength;
}

let prepared = false;

/** Answers at once whether its preparation, which takes `ms` (a file read once per worker, say), ran. */
export function preparedSlowly(_ms: number): string {
  return prepared ? 'prepared' : 'not prepared';
}
preparedSlowly.prepare = (ms: number) =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      prepared = true;
      resolve();
    }, ms),
  );
