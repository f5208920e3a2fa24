import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { companyListVersion } from '../store/companies.ts';

/**
 * A number the cached views are keyed on, read at most once per turn of the event loop: the requests handled
 * in one turn (under load, dozens) share one read, which is the costliest part of a cached answer (a libSQL
 * query is ~10–20 µs, the rest of the answer about as much). The read is forgotten when the turn ends
 * (setImmediate) and after every write through this instance, so a client that wrote here and then reads sees
 * its write, and a write through another instance on the same database is seen by the next turn's requests.
 */
export class PerTurnRead {
  private value: number | null = null;

  constructor(private readonly read: () => number) {}

  current(): number {
    if (this.value === null) {
      this.value = this.read();
      setImmediate(this.forget);
    }
    return this.value;
  }

  readonly forget = (): void => {
    this.value = null;
  };
}

/** The database's change sequence: what most views are kept by. */
export function changeSeqSnapshot(db: Database): PerTurnRead {
  return new PerTurnRead(() => currentChangeSeq(db));
}

/** The company list's own version (`companyListVersion`): what the list's answers are kept by. */
export function companyListVersionSnapshot(db: Database): PerTurnRead {
  return new PerTurnRead(() => companyListVersion(db));
}
