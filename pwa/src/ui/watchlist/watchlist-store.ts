import type { WatchlistEntry } from '@fcf/engine';
import { currentUser } from '../../api/session.ts';

/** What the star and home's 自选 read: whose list, its entries (null until first read) and the last error. */
export interface WatchlistState {
  readonly user: string | null;
  readonly entries: readonly WatchlistEntry[] | null;
  readonly error: string | null;
}

const EMPTY: WatchlistState = { user: null, entries: null, error: null };

/**
 * The page's one watchlist: read from the browser's copy, re-read whenever the sync service reports (an
 * edit queued, a sync done, which also pulls the list), and started with the first reader, so the star and
 * home share one sync service and one read.
 */
class WatchlistStore {
  private state: WatchlistState = EMPTY;
  private readonly listeners = new Set<() => void>();
  private stopSync: (() => void) | null = null;
  private starting: Promise<void> | null = null;
  private generation = 0;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    if (this.listeners.size === 1) void this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  };

  snapshot = (): WatchlistState => this.state;

  private emit(state: WatchlistState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  /** Reads the signed-in user's list again (after a sign-in or sign-out too). */
  async reload(): Promise<void> {
    const generation = ++this.generation;
    const user = currentUser()?.username ?? null;
    if (!user) {
      this.emit({ user: null, entries: [], error: null });
      return;
    }
    try {
      const { readWatchlist } = await import('../../store/watchlist.ts');
      const entries = await readWatchlist(user);
      if (generation === this.generation) this.emit({ user, entries, error: null });
    } catch {
      if (generation === this.generation) this.emit({ user, entries: this.state.entries ?? [], error: '自选读取失败' });
    }
  }

  private async start(): Promise<void> {
    await this.reload();
    const { user } = this.state;
    if (!user || this.starting) return;
    this.starting = (async () => {
      const [{ syncService }, { pullWatchlist }] = await Promise.all([
        import('../../sync/sync-service.ts'),
        import('../../store/watchlist.ts'),
      ]);
      const service = await syncService();
      if (this.listeners.size === 0) return;
      // A report of a sync that was already under way when the last reader left reads nothing.
      const unsubscribe = service.subscribe(() => {
        if (this.listeners.size > 0) void this.reload();
      });
      // While the list has readers, each sync of the user's service (an edit here or on an admin page)
      // also pulls the list's own rows.
      const stopPulling = service.afterEachSync(() => pullWatchlist(user));
      const stop = service.start();
      this.stopSync = () => {
        unsubscribe();
        stopPulling();
        stop();
      };
    })().finally(() => {
      this.starting = null;
    });
    // Prices and values come with the market copy.
    void import('../../store/quotes.ts').then(({ refreshQuotes }) => refreshQuotes()).then(() => this.reload());
  }

  private stop(): void {
    this.stopSync?.();
    this.stopSync = null;
  }

  /** A sign-in or sign-out: the list is the new user's (and their sync starts). */
  async userChanged(): Promise<void> {
    this.stop();
    if (this.listeners.size > 0) await this.start();
  }

  /** Stars or unstars a company for the signed-in user (queued offline, synced later). */
  async toggle(company: string): Promise<void> {
    const user = currentUser()?.username;
    if (!user) return;
    const watched = this.state.entries?.some((entry) => entry.code === company) ?? false;
    const { setWatched } = await import('../../store/watchlist.ts');
    await setWatched(user, company, !watched);
    await this.reload();
  }
}

export const watchlistStore = new WatchlistStore();
