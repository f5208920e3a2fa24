import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a write makes stale beyond its own rows, named by the write where it happens, inside its
 * transaction (docs/architecture.md, "Writes and what they invalidate"):
 * - `cached-views`: the answers kept by change sequence (`cache/`). A write that takes a change sequence
 *   number (`nextChangeSeq`) names it; this instance then forgets the sequence it read, so the writer's
 *   next read sees its write.
 * - `industry-statistics`: 行业对比 of the industries a write marked in `stale_industries`
 *   (`store/industry-statistics.ts`), rebuilt from the stored figures.
 */
export type Invalidation = 'industry-statistics' | 'cached-views';

/** How this instance makes each invalidation good (the app's services). */
export type InvalidationFlushers = Readonly<Record<Invalidation, () => void>>;

/** A rebuild of statistics is itself a write that moves the views on: it goes first. */
const FLUSH_ORDER: readonly Invalidation[] = ['industry-statistics', 'cached-views'];

const units = new AsyncLocalStorage<Set<Invalidation>>();

/**
 * Names what the write under way invalidates. Outside a unit of work (the start, seeding, a test calling a
 * store) nothing is kept in memory: the marks a write leaves in the database wait for the next rebuild.
 */
export function invalidates(what: Invalidation): void {
  units.getStore()?.add(what);
}

/**
 * Runs a unit of work — a request, a background job — and makes good what its writes named, each once,
 * when it ends (after a failure too: what committed before it stays written). A request's is made good
 * before it answers, so the writer's next read finds its write everywhere; a read names nothing and costs
 * nothing. Work the unit starts and leaves running (a job) runs in a unit of its own.
 */
export async function unitOfWork<T>(flushers: InvalidationFlushers, work: () => Promise<T>): Promise<T> {
  const named = new Set<Invalidation>();
  try {
    return await units.run(named, work);
  } finally {
    // Inside the unit still, so what a flush writes names its own invalidations (taken in FLUSH_ORDER).
    units.run(named, () => {
      for (const what of FLUSH_ORDER) if (named.has(what)) flushers[what]();
    });
  }
}
