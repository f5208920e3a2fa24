import {
  MemorySyncStore,
  type MutationArgs,
  type MutationName,
  type OpenIssue,
  type RejectedEdit,
  SyncClient,
  SyncHttpError,
  type SyncStore,
  type SyncTable,
  type SyncTransport,
} from '@fcf/engine/sync';
import { currentUser } from '../api/session.ts';
import { openStore } from '../store/db.ts';
import { DexieSyncStore, syncOwner } from './dexie-sync-store.ts';
import { httpSyncTransport } from './http-transport.ts';

/** What the admin pages show of sync. */
export interface SyncStatus {
  readonly online: boolean;
  readonly syncing: boolean;
  readonly lastSyncedAt: number | null;
  /** Edits waiting to be pushed (rejected ones are not counted: they are in `rejected`). */
  readonly unsynced: number;
  readonly issues: readonly OpenIssue[];
  /** "未能同步的修改": edits the server refused, until retried or discarded. */
  readonly rejected: readonly RejectedEdit[];
  /** The server refused the token: the outbox is kept until the admin logs in again. */
  readonly needsLogin: boolean;
  readonly error: string | null;
}

/** The status before anything is known: nothing pending, nothing synced yet. */
export const IDLE_SYNC_STATUS: SyncStatus = {
  online: true,
  syncing: false,
  lastSyncedAt: null,
  unsynced: 0,
  issues: [],
  rejected: [],
  needsLogin: false,
  error: null,
};

/** A step run after each successful sync, before it is reported done (a feature's own pull). */
export type AfterSync = () => Promise<void>;

export const SYNC_TABLES_FOR_ADMIN: readonly SyncTable[] = ['forecast_parameters', 'valuation_inputs'];
const LOCK_NAME = 'fcf-sync';
const MAX_BACKOFF_MS = 60_000;

/**
 * Runs the sync client in the page: one pusher per browser (Web Locks), a sync at start, when the
 * connection returns, when the page becomes visible, after each edit and on demand, with exponential
 * backoff after failures. No Background Sync: iOS has none, so the page does it while open.
 */
export class SyncService {
  private status: SyncStatus = {
    ...IDLE_SYNC_STATUS,
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
  };
  private readonly listeners = new Set<() => void>();
  private readonly afterSyncSteps = new Set<AfterSync>();
  private failures = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** The features that started the service and have not stopped it: a retry is scheduled only for them. */
  private users = 0;
  private running: Promise<void> | null = null;
  /** The sync asked for while one ran (an edit made meanwhile was not in its push): runs after it. */
  private followUp: Promise<void> | null = null;

  constructor(
    readonly client: SyncClient,
    private readonly store: SyncStore,
  ) {}

  /**
   * Adds a step to run after each successful sync, before it is reported done: a feature pulls its own
   * tables with it (the watchlist its rows). Returns the step's removal.
   */
  afterEachSync(step: AfterSync): () => void {
    this.afterSyncSteps.add(step);
    return () => this.afterSyncSteps.delete(step);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): SyncStatus => this.status;

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener();
  }

  /** Re-reads the outbox, issues and rejected edits into the status (after a local change). */
  async refresh(): Promise<void> {
    this.update({
      unsynced: await this.client.unsyncedCount(),
      issues: await this.store.issues(),
      rejected: await this.client.rejectedEdits(),
    });
  }

  /**
   * Syncs now and whenever the page comes online or into view, retrying failures with backoff, until the
   * returned function is called. Several features may start the same service; when the last one stops, no
   * retry is left scheduled, and a sync still under way schedules none when it fails.
   */
  start(): () => void {
    this.users++;
    const onOnline = () => {
      this.update({ online: true });
      void this.syncNow();
    };
    const onOffline = () => this.update({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') void this.syncNow();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    void this.refresh().then(() => this.syncNow());
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      document.removeEventListener('visibilitychange', onVisible);
      this.users--;
      if (this.users === 0) this.cancelRetry();
    };
  }

  private cancelRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  async enqueue<Name extends MutationName>(name: Name, args: MutationArgs<Name>): Promise<void> {
    await this.client.enqueue(name, args);
    await this.refresh();
    void this.syncNow();
  }

  async keepMine(issue: OpenIssue): Promise<void> {
    await this.client.keepMine(issue);
    await this.refresh();
    void this.syncNow();
  }

  async takeTheirs(issue: OpenIssue): Promise<void> {
    await this.client.takeTheirs(issue);
    await this.refresh();
    void this.syncNow();
  }

  /** 重试 a rejected edit: it goes back to the outbox as a new edit on the server's current value. */
  async retryRejected(edit: RejectedEdit): Promise<void> {
    await this.client.retryRejected(edit.id);
    await this.refresh();
    void this.syncNow();
  }

  /** 放弃 a rejected edit. */
  async discardRejected(edit: RejectedEdit): Promise<void> {
    await this.client.discardRejected(edit.id);
    await this.refresh();
  }

  /** Syncs now unless a sync is running here (then once more after it) or (Web Locks) in another tab. */
  syncNow(): Promise<void> {
    if (this.running) {
      this.followUp ??= this.running.then(() => {
        this.followUp = null;
        return this.syncNow();
      });
      return this.followUp;
    }
    if (typeof navigator !== 'undefined' && !navigator.onLine) return Promise.resolve();
    const run = async () => {
      this.update({ syncing: true });
      try {
        const outcome = await this.client.sync();
        for (const step of this.afterSyncSteps) await step();
        this.failures = 0;
        this.update({ lastSyncedAt: Date.now(), error: null, needsLogin: false, unsynced: outcome.unsynced });
      } catch (error) {
        this.failures++;
        const needsLogin = error instanceof SyncHttpError && error.status === 401;
        this.update({
          needsLogin,
          error: needsLogin
            ? '登录已过期，请重新登录后同步（未同步的修改已保留）'
            : `同步失败：${(error as Error).message}`,
        });
        // A quota used up (429) names how long to wait.
        if (!needsLogin) this.scheduleRetry(error instanceof SyncHttpError ? error.retryAfterMs : null);
      } finally {
        await this.refresh();
        this.update({ syncing: false });
      }
    };
    const locked =
      typeof navigator !== 'undefined' && navigator.locks
        ? navigator.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => {
            if (lock) await run();
          })
        : run();
    this.running = Promise.resolve(locked).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private scheduleRetry(retryAfterMs: number | null): void {
    this.cancelRetry();
    if (this.users === 0) return;
    const delay = Math.max(retryAfterMs ?? 0, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - 1)));
    this.retryTimer = setTimeout(() => void this.syncNow(), delay);
  }
}

const services = new Map<string, Promise<SyncService>>();

/**
 * A transport that sends only while `owner` is the signed-in user (the token is read at each request): a
 * sync still running when the user changes stops instead of sending one user's client under another's
 * token.
 */
const signedInOwner = (): string => {
  const user = currentUser();
  return user ? syncOwner(user.username) : '';
};

function forOwner(owner: string, transport: SyncTransport): SyncTransport {
  const check = () => {
    if (signedInOwner() !== owner) throw new SyncHttpError(401, '登录用户已变更，同步已停止');
  };
  return {
    push: (request) => {
      check();
      return transport.push(request);
    },
    pull: (request) => {
      check();
      return transport.pull(request);
    },
  };
}

/**
 * The signed-in user's sync service (IndexedDB-backed; in memory where IndexedDB is unavailable). Each
 * user of the browser has their own client and outbox (docs/sync.md "Identity"): after a change of user,
 * the previous user's edits stay stored, unseen and unsent, until they sign in again.
 */
export function syncService(transport: SyncTransport = httpSyncTransport): Promise<SyncService> {
  const user = currentUser();
  const owner = signedInOwner();
  let service = services.get(owner);
  if (!service) {
    service = (async () => {
      const db = await openStore();
      const newId = () => crypto.randomUUID();
      // Signed out: nothing to keep (a push needs a login), so nothing touches the users' clients.
      const store: SyncStore =
        db && user ? new DexieSyncStore(db, user.username, newId) : new MemorySyncStore(newId(), newId);
      const client = new SyncClient(store, forOwner(owner, transport), { tables: SYNC_TABLES_FOR_ADMIN });
      return new SyncService(client, store);
    })();
    services.set(owner, service);
  }
  return service;
}
