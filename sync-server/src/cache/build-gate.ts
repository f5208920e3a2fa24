/** Why a build was not started: too many are running and waiting already. */
export class GateFullError extends Error {
  override readonly name = 'GateFullError';
}

/**
 * Runs at most `running` large builds at once (a page of bundles: megabytes of JSON under way each); up to
 * `waiting` more wait their turn without blocking anyone, and beyond that a build is refused at once
 * (`GateFullError`, answered 503 with Retry-After) rather than holding memory for a queue without end.
 */
export class BuildGate {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(build: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new GateFullError('too many large builds');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await build();
    } finally {
      // The slot passes to the next in line (active stays the same), or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
