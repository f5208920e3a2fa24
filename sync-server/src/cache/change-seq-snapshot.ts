import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';

/**
 * The database's change sequence as the cached views key on it, read at most once per turn of the event
 * loop: the requests handled in one turn (under load, dozens) share one read, which is the costliest part
 * of a cached answer (a libSQL query is ~10–20 µs, the rest of the answer about as much). The read is
 * forgotten when the turn ends (setImmediate) and after every write through this instance, so a client
 * that wrote here and then reads sees its write, and a write through another instance on the same
 * database is seen by the next turn's requests.
 */
export class ChangeSeqSnapshot {
  private seq: number | null = null;

  constructor(private readonly db: Database) {}

  current(): number {
    if (this.seq === null) {
      this.seq = currentChangeSeq(this.db);
      setImmediate(this.forget);
    }
    return this.seq;
  }

  readonly forget = (): void => {
    this.seq = null;
  };
}
