import type { MutationName } from './mutation-names.ts';
import { type LocalRow, layPending } from './pending.ts';
import {
  CLIENT_OF_OTHER_USER,
  isCompanyRow,
  MAX_PUSH_MUTATIONS,
  MUTATION_ARGS,
  type MutationArgs,
  type MutationTarget,
  mutationTarget,
  type OpenIssue,
  type PullResponse,
  type PushRequest,
  type PushResponse,
  pushResponseSchema,
  SYNC_SCHEMA_VERSION,
  type SyncRow,
  type SyncTable,
} from './protocol.ts';
import { isTransientRejection, REJECTIONS, type RejectionCode } from './rejections.ts';

/** A local edit waiting to be confirmed by the server. */
export interface OutboxEntry {
  readonly id: number;
  readonly name: MutationName;
  readonly args: unknown;
  readonly baseVersion: number;
  readonly createdAt: number;
}

/** An edit the server refused ("未能同步的修改"): out of the outbox, kept until retried or discarded. */
export interface RejectedEdit extends OutboxEntry {
  readonly code: RejectionCode;
  /** The server's Chinese explanation. */
  readonly message: string;
  readonly rejectedAt: number;
}

export interface SyncState {
  readonly clientId: string;
  /** The pull cursor: the server's change sequence this client has caught up to. */
  readonly cursor: number;
  readonly nextMutationId: number;
  /** The last of this client's mutations the server has processed, as its last answer said. */
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
  removeFromOutbox(id: number): Promise<void>;
  /** The rejected edits, oldest first. */
  rejected(): Promise<RejectedEdit[]>;
  putRejected(edit: RejectedEdit): Promise<void>;
  removeRejected(id: number): Promise<void>;
  row(table: SyncTable, key: string): Promise<SyncRow | undefined>;
  rows(table: SyncTable): Promise<SyncRow[]>;
  putRows(rows: readonly SyncRow[]): Promise<void>;
  issues(): Promise<OpenIssue[]>;
  writeIssues(issues: readonly OpenIssue[]): Promise<void>;
  /**
   * The server refused this client id to the signed-in user (it is another user's: a browser shared
   * before each user had a client of their own). Keeps the client, its outbox, issues and rejected edits
   * apart, never again offered to this user, and gives this user a new client.
   */
  release(): Promise<void>;
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
    /** The refusal's stable code, when the server gave one (`CLIENT_OF_OTHER_USER`, …). */
    readonly code: string | null = null,
    /** How long the server asked to wait (`Retry-After` of a 429 or 503), when it did. */
    readonly retryAfterMs: number | null = null,
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
  readonly rejected: number;
}

/**
 * The client half of sync (after Replicache's and Actual's designs): edits go to an outbox in the same
 * store transaction; sync() pushes the outbox in chunks, then pulls pages until caught up. A conflicted
 * or rejected entry leaves the outbox with the push answer (conflicts become issues, rejections the list
 * of rejected edits); an applied one only when a complete pull after that answer shows it processed, so a
 * lost answer costs a re-push (which the server answers from its record), never an edit. The view is the
 * server's rows with the pending entries laid over them.
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
      const target = mutationTarget({ name, args: parsed.data as MutationArgs<Name> });
      const baseVersion = target ? await this.expectedVersion(target) : 0;
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

  /**
   * The version the server will hold of what a mutation edits once this client's pending edits apply
   * first: the pulled rows with the outbox laid over them (a row's version, or a company's rows' sum).
   */
  private async expectedVersion(target: MutationTarget): Promise<number> {
    const outbox = await this.store.outbox();
    if (target.kind === 'row') {
      const stored = await this.store.row(target.table, target.key);
      const rows = new Map<string, LocalRow>(stored ? [[stored.key, stored]] : []);
      return layPending(target.table, rows, outbox).get(target.key)?.version ?? 0;
    }
    let sum = 0;
    for (const table of target.tables) {
      const rows = new Map<string, LocalRow>();
      for (const row of await this.store.rows(table)) {
        if (isCompanyRow(table, row.key, target.company)) rows.set(row.key, row);
      }
      for (const row of layPending(table, rows, outbox).values()) sum += row.version;
    }
    return sum;
  }

  /**
   * Pushes the outbox (if any), then pulls until caught up. Throws when the network or server fails. A
   * client id the server says is another user's is released (kept apart for that user) and the sync runs
   * again on this user's new client.
   */
  async sync(): Promise<SyncOutcome> {
    try {
      return await this.syncOnce();
    } catch (error) {
      if (!(error instanceof SyncHttpError && error.code === CLIENT_OF_OTHER_USER)) throw error;
      await this.store.release();
      return this.syncOnce();
    }
  }

  private async syncOnce(): Promise<SyncOutcome> {
    const { pushed, answeredThrough } = await this.push();
    let pulled = 0;
    for (let more = true; more; ) {
      const state = await this.store.readState();
      const page = await this.transport.pull({
        cursor: state.cursor,
        clientId: state.clientId,
        limit: this.options.pageSize ?? 1000,
        tables: this.options.tables,
      });
      // One page, its cursor and (on the last page) the confirmed outbox entries commit together. A page
      // without the client's state (the token expired meanwhile) confirms nothing and keeps the issues.
      await this.store.transaction(async () => {
        await this.store.putRows(page.changes);
        const current = await this.store.readState();
        const complete = !page.hasMore && page.clientState;
        await this.writeState({
          ...current,
          cursor: page.cursor,
          lastMutationId: complete ? page.lastMutationId : current.lastMutationId,
        });
        if (complete) {
          // Only entries this sync's push had answered: one the server recorded under an id this client
          // reused is still waiting for its own answer (id_reused), and must not vanish.
          await this.store.dropOutboxThrough(Math.min(page.lastMutationId, answeredThrough));
          await this.writeIssues(page.issues);
        }
      });
      pulled += page.changes.length;
      more = page.hasMore;
    }
    return {
      pushed,
      pulled,
      unsynced: await this.unsyncedCount(),
      issues: (await this.store.issues()).length,
      rejected: (await this.store.rejected()).length,
    };
  }

  /** Pushes the outbox in chunks, in order; returns how many and the highest id the server answered. */
  private async push(): Promise<{ pushed: number; answeredThrough: number }> {
    const outbox = await this.store.outbox();
    const { clientId } = await this.store.readState();
    let answeredThrough = 0;
    for (let start = 0; start < outbox.length; start += MAX_PUSH_MUTATIONS) {
      const chunk = outbox.slice(start, start + MAX_PUSH_MUTATIONS);
      const answer = pushResponseSchema.safeParse(
        await this.transport.push({
          clientId,
          schemaVersion: SYNC_SCHEMA_VERSION,
          mutations: chunk.map(({ id, name, args, baseVersion }) => ({ id, name, args, baseVersion })),
        }),
      );
      if (!answer.success) throw new Error('服务器的同步应答格式不正确');
      await this.settle(chunk, answer.data);
      const answered = answer.data.results.filter((result) => result.status !== 'gap');
      for (const result of answered) answeredThrough = Math.max(answeredThrough, result.id);
      // After a gap every later id is a gap too: the rest waits for the next sync.
      if (answered.length < chunk.length) break;
    }
    return { pushed: outbox.length, answeredThrough };
  }

  /** Moves conflicted entries to the issues and rejected ones to the rejected list, at once. */
  private async settle(chunk: readonly OutboxEntry[], response: PushResponse): Promise<void> {
    await this.store.transaction(async () => {
      const issues = new Map((await this.store.issues()).map((issue) => [issue.mutationId, issue]));
      for (const result of response.results) {
        const entry = chunk.find((candidate) => candidate.id === result.id);
        if (!entry || (result.status !== 'conflict' && result.status !== 'rejected')) continue;
        await this.store.removeFromOutbox(entry.id);
        if (result.status === 'conflict') {
          if (!issues.has(entry.id)) {
            issues.set(entry.id, {
              mutationId: entry.id,
              status: 'conflict',
              name: entry.name,
              args: entry.args,
              reason: result.message ?? '',
              serverRow: result.row ?? null,
            });
          }
        } else if (entry.name !== 'resolveConflict') {
          // A refused dismissal is not an edit: its conflict simply stays open on the server.
          const code = result.code ?? 'internal';
          await this.store.putRejected({
            ...entry,
            code,
            message: result.message ?? REJECTIONS[code].label,
            rejectedAt: Date.now(),
          });
        }
      }
      await this.store.writeIssues([...issues.values()]);
      await this.writeState({ ...(await this.store.readState()), lastMutationId: response.lastMutationId });
    });
  }

  /**
   * Writes the state, never letting the next id fall to one the server has already processed (a client
   * restored from an old copy would otherwise reuse its ids).
   */
  private async writeState(state: SyncState): Promise<void> {
    await this.store.writeState({
      ...state,
      nextMutationId: Math.max(state.nextMutationId, state.lastMutationId + 1),
    });
  }

  /** The server's open conflicts, less those this client has already dismissed (dismissal still queued). */
  private async writeIssues(issues: readonly OpenIssue[]): Promise<void> {
    const dismissed = new Set(
      (await this.store.outbox())
        .filter((entry) => entry.name === 'resolveConflict')
        .map((entry) => (entry.args as MutationArgs<'resolveConflict'>).mutationId),
    );
    await this.store.writeIssues(issues.filter((issue) => !dismissed.has(issue.mutationId)));
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

  /** 重试: pushes a rejected edit again as a new mutation on the server's current version. */
  async retryRejected(id: number): Promise<void> {
    await this.store.transaction(async () => {
      const edit = (await this.store.rejected()).find((candidate) => candidate.id === id);
      if (!edit) return;
      if (!isTransientRejection(edit.code)) throw new InvalidMutationError('这条修改无法重试，只能放弃');
      await this.store.removeRejected(id);
      await this.enqueue(edit.name, edit.args as MutationArgs<typeof edit.name>);
    });
  }

  /** 放弃: forgets a rejected edit (the server's value stays). */
  async discardRejected(id: number): Promise<void> {
    await this.store.removeRejected(id);
  }

  async rejectedEdits(): Promise<RejectedEdit[]> {
    return this.store.rejected();
  }

  /** The table as this client sees it: the server's rows with pending edits applied, in order. */
  async view(table: SyncTable): Promise<Map<string, Record<string, unknown> | null>> {
    const rows = new Map<string, LocalRow>((await this.store.rows(table)).map((row) => [row.key, row]));
    const laid = layPending(table, rows, await this.store.outbox());
    return new Map([...laid].map(([key, row]) => [key, row.data]));
  }

  /** True once a complete pull has brought this client the server's rows (its view can be trusted). */
  async hasPulled(): Promise<boolean> {
    return (await this.store.readState()).cursor > 0;
  }

  async unsyncedCount(): Promise<number> {
    return (await this.store.outbox()).filter((entry) => entry.name !== 'resolveConflict').length;
  }
}
