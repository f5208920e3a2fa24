import {
  MUTATION_ARGS,
  type MutationArgs,
  type MutationName,
  mutationRow,
  type OpenIssue,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  SYNC_SCHEMA_VERSION,
  type SyncRow,
  type SyncTable,
} from './protocol.ts';

/** A local edit waiting to be confirmed by the server. */
export interface OutboxEntry {
  readonly id: number;
  readonly name: MutationName;
  readonly args: unknown;
  readonly baseVersion: number;
  readonly createdAt: number;
}

export interface SyncState {
  readonly clientId: string;
  /** The pull cursor: the server's change sequence this client has caught up to. */
  readonly cursor: number;
  readonly nextMutationId: number;
  /** The last of this client's mutations the server has processed, as the last full pull said. */
  readonly lastMutationId: number;
}

/**
 * Where a client keeps its copy. `transaction` must make every call inside it atomic (a Dexie
 * transaction in the browser), so a crash never leaves an edit without its outbox entry, or a pulled page
 * without its cursor.
 */
export interface SyncStore {
  transaction<T>(work: () => Promise<T>): Promise<T>;
  readState(): Promise<SyncState>;
  writeState(state: SyncState): Promise<void>;
  outbox(): Promise<OutboxEntry[]>;
  addToOutbox(entry: OutboxEntry): Promise<void>;
  /** Drops every entry whose id is at most `id`. */
  dropOutboxThrough(id: number): Promise<void>;
  row(table: SyncTable, key: string): Promise<SyncRow | undefined>;
  rows(table: SyncTable): Promise<SyncRow[]>;
  putRows(rows: readonly SyncRow[]): Promise<void>;
  issues(): Promise<OpenIssue[]>;
  writeIssues(issues: readonly OpenIssue[]): Promise<void>;
}

/** The network side; a failed request throws (SyncHttpError for an HTTP status). */
export interface SyncTransport {
  push(request: PushRequest): Promise<PushResponse>;
  pull(request: {
    cursor: number;
    clientId: string;
    limit: number;
    tables: readonly SyncTable[];
  }): Promise<PullResponse>;
}

export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class InvalidMutationError extends Error {}

export interface SyncOutcome {
  readonly pushed: number;
  readonly pulled: number;
  readonly unsynced: number;
  readonly issues: number;
}

/**
 * The client half of sync (after Replicache's and Actual's designs): edits go to an outbox in the same
 * store transaction; sync() pushes the outbox, then pulls pages until caught up. An entry leaves the
 * outbox only when a complete pull shows the server processed it, so a lost answer costs a re-push (which
 * the server answers from its record), never an edit. The view is the server's rows with the pending
 * entries laid over them.
 */
export class SyncClient {
  constructor(
    private readonly store: SyncStore,
    private readonly transport: SyncTransport,
    private readonly options: { tables: readonly SyncTable[]; pageSize?: number },
  ) {}

  /** Records a local edit (validated as the server will) and returns its outbox entry. */
  async enqueue<Name extends MutationName>(name: Name, args: MutationArgs<Name>): Promise<OutboxEntry> {
    const parsed = MUTATION_ARGS[name].safeParse(args);
    if (!parsed.success) throw new InvalidMutationError(parsed.error.issues[0]?.message ?? '无效的修改');
    return this.store.transaction(async () => {
      const state = await this.store.readState();
      const target = mutationRow({ name, args: parsed.data as MutationArgs<Name> });
      let baseVersion = 0;
      if (target) {
        // Based on the server's row plus this client's own pending edits of it, which apply first.
        const serverRow = await this.store.row(target.table, target.key);
        const pendingOnRow = (await this.store.outbox()).filter((entry) => {
          const row = mutationRow({ name: entry.name, args: entry.args as MutationArgs<MutationName> });
          return row?.table === target.table && row.key === target.key;
        }).length;
        baseVersion = (serverRow?.version ?? 0) + pendingOnRow;
      }
      const entry: OutboxEntry = {
        id: state.nextMutationId,
        name,
        args: parsed.data,
        baseVersion,
        createdAt: Date.now(),
      };
      await this.store.addToOutbox(entry);
      await this.store.writeState({ ...state, nextMutationId: state.nextMutationId + 1 });
      return entry;
    });
  }

  /** Pushes the outbox (if any), then pulls until caught up. Throws when the network or server fails. */
  async sync(): Promise<SyncOutcome> {
    const pushed = await this.push();
    let pulled = 0;
    for (let more = true; more; ) {
      const state = await this.store.readState();
      const page = await this.transport.pull({
        cursor: state.cursor,
        clientId: state.clientId,
        limit: this.options.pageSize ?? 1000,
        tables: this.options.tables,
      });
      // One page, its cursor and (on the last page) the confirmed outbox entries commit together.
      await this.store.transaction(async () => {
        await this.store.putRows(page.changes);
        const current = await this.store.readState();
        const complete = !page.hasMore;
        await this.store.writeState({
          ...current,
          cursor: page.cursor,
          lastMutationId: complete ? page.lastMutationId : current.lastMutationId,
        });
        if (complete) {
          await this.store.dropOutboxThrough(page.lastMutationId);
          await this.store.writeIssues(page.issues);
        }
      });
      pulled += page.changes.length;
      more = page.hasMore;
    }
    return { pushed, pulled, unsynced: (await this.store.outbox()).length, issues: (await this.store.issues()).length };
  }

  private async push(): Promise<number> {
    const outbox = await this.store.outbox();
    if (outbox.length === 0) return 0;
    const { clientId } = await this.store.readState();
    const response = await this.transport.push({
      clientId,
      schemaVersion: SYNC_SCHEMA_VERSION,
      mutations: outbox.map(({ id, name, args, baseVersion }) => ({ id, name, args, baseVersion })),
    });
    // Show conflicts at once; the next complete pull brings the server's authoritative list.
    const fresh = response.results.filter((result) => result.status === 'conflict' || result.status === 'rejected');
    if (fresh.length > 0) {
      await this.store.transaction(async () => {
        const known = await this.store.issues();
        const byId = new Map(known.map((issue) => [issue.mutationId, issue]));
        for (const result of fresh) {
          const entry = outbox.find((candidate) => candidate.id === result.id);
          if (!entry || byId.has(result.id)) continue;
          byId.set(result.id, {
            mutationId: result.id,
            status: result.status as 'conflict' | 'rejected',
            name: entry.name,
            args: entry.args,
            reason: result.reason ?? '',
            serverRow: result.row ?? null,
          });
        }
        await this.store.writeIssues([...byId.values()]);
      });
    }
    return outbox.length;
  }

  /** Keep mine: re-push the edit on the server's current version, and dismiss the conflict. */
  async keepMine(issue: OpenIssue): Promise<void> {
    const name = issue.name as MutationName;
    await this.store.transaction(async () => {
      // The re-push must be based on the version the conflict reported, even before a pull brings it.
      const serverRow = issue.serverRow;
      if (serverRow) {
        const local = await this.store.row(serverRow.table, serverRow.key);
        if (!local || local.version < serverRow.version) await this.store.putRows([serverRow]);
      }
      await this.enqueue('resolveConflict', { mutationId: issue.mutationId });
      if (issue.status === 'conflict' && name !== 'resolveConflict') {
        await this.enqueue(name, issue.args as MutationArgs<typeof name>);
      }
      await this.store.writeIssues((await this.store.issues()).filter((open) => open.mutationId !== issue.mutationId));
    });
  }

  /** Take theirs: drop my edit (the server's value stays) and dismiss the conflict. */
  async takeTheirs(issue: OpenIssue): Promise<void> {
    await this.store.transaction(async () => {
      await this.enqueue('resolveConflict', { mutationId: issue.mutationId });
      await this.store.writeIssues((await this.store.issues()).filter((open) => open.mutationId !== issue.mutationId));
    });
  }

  /** The table as this client sees it: the server's rows with pending edits applied, in order. */
  async view(table: SyncTable): Promise<Map<string, Record<string, unknown> | null>> {
    const view = new Map<string, Record<string, unknown> | null>();
    for (const row of await this.store.rows(table)) view.set(row.key, row.data);
    for (const entry of await this.store.outbox()) {
      const target = mutationRow({ name: entry.name, args: entry.args as MutationArgs<MutationName> });
      if (!target || target.table !== table) continue;
      view.set(target.key, applyPending(entry, view.get(target.key) ?? null));
    }
    return view;
  }

  /** True once a complete pull has brought this client the server's rows (its view can be trusted). */
  async hasPulled(): Promise<boolean> {
    return (await this.store.readState()).cursor > 0;
  }

  async unsyncedCount(): Promise<number> {
    return (await this.store.outbox()).filter((entry) => entry.name !== 'resolveConflict').length;
  }
}

/** A pending edit laid over a row's data, as the server will apply it. */
export function applyPending(
  entry: Pick<OutboxEntry, 'name' | 'args'>,
  data: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (entry.name === 'setForecastParameter') {
    const args = entry.args as MutationArgs<'setForecastParameter'>;
    if (args.value === null) return null;
    return { ...data, company_code: args.company, year: args.year, parameter: args.parameter, value: args.value };
  }
  if (entry.name === 'setValuationParameter') {
    const args = entry.args as MutationArgs<'setValuationParameter'>;
    return {
      company_code: args.company,
      wacc_manual: null,
      terminal_growth_rate_manual: null,
      total_shares_manual: null,
      ...data,
      [args.parameter]: args.value,
    };
  }
  return data;
}
