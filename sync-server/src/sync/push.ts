import { isDeepStrictEqual } from 'node:util';
import {
  argsLimitProblem,
  legacyRejectionCode,
  MUTATION_ARGS,
  type MutationName,
  type MutationResult,
  type PushRequest,
  type PushResponse,
  REJECTIONS,
  type RejectionCode,
  type SyncRow,
} from '@fcf/engine/sync';
import { type Database, savepoint, transaction } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { ForecastError, type ForecastErrorCode } from '../forecast/forecast-error.ts';
import type { ForecastService } from '../forecast/forecast-service.ts';
import { applyMutation, MutationRejected, type Pusher } from './mutation-handlers.ts';
import { advanceClient, type ClientOwner, claimClient, lastMutationId } from './sync-clients.ts';
import { mutationQuotaUsed, mutationsLeft } from './sync-limits.ts';
import { pruneSyncRecords } from './sync-retention.ts';

type PushedMutation = PushRequest['mutations'][number];

interface StoredMutation {
  name: string;
  args_json: string;
  base_version: number;
  status: 'applied' | 'conflict' | 'rejected';
  code: string | null;
  reason: string | null;
  row_json: string | null;
}

interface Decision {
  readonly status: 'applied' | 'conflict' | 'rejected';
  readonly code: RejectionCode | null;
  readonly message: string | null;
  readonly row: SyncRow | null;
}

/** The rejection code of each reason the forecast service refuses an edit. */
const REJECTION_OF: Readonly<Record<ForecastErrorCode, RejectionCode>> = {
  unknown_company: 'unknown_company',
  no_history: 'no_history',
  year_outside_horizon: 'year_outside_horizon',
  growth_not_below_wacc: 'growth_not_below_wacc',
  out_of_range: 'out_of_range',
  invalid_edit: 'invalid_args',
};

function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(MUTATION_ARGS, name);
}

/** Arguments as they are stored (JSON), so a replay compares equal whatever its key order or `-0`. */
function storedArgs(args: unknown): unknown {
  return JSON.parse(JSON.stringify(args ?? null));
}

function rejection(code: RejectionCode, message: string): Decision {
  return { status: 'rejected', code, message, row: null };
}

function resultOf(id: number, decision: Decision): MutationResult {
  return {
    id,
    status: decision.status,
    ...(decision.code ? { code: decision.code } : {}),
    ...(decision.message ? { message: decision.message } : {}),
    row: decision.row,
  };
}

/**
 * What a mutation is, found before anything runs it: `junk` when its arguments break the size bounds, its
 * name is unknown or its arguments do not fit (rejected and never stored: the same payload always gets
 * the same answer, so a replay is answered by checking it again); otherwise its validated arguments.
 */
type Checked =
  | { readonly junk: Decision; readonly bounded: boolean }
  | { readonly junk: null; readonly name: MutationName; readonly args: unknown };

function check(mutation: PushedMutation): Checked {
  const unbounded = argsLimitProblem(mutation.args);
  if (unbounded) return { junk: rejection('invalid_args', `参数错误：${unbounded}`), bounded: false };
  if (!isMutationName(mutation.name)) {
    return { junk: rejection('unknown_mutation', `未知的修改类型：${mutation.name}`), bounded: true };
  }
  const parsed = MUTATION_ARGS[mutation.name].safeParse(mutation.args);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['args', ...(issue?.path ?? []).map(String)].join('.');
    return { junk: rejection('invalid_args', `参数错误：${field} ${issue?.message ?? ''}`.trim()), bounded: true };
  }
  return { junk: null, name: mutation.name, args: parsed.data };
}

/**
 * An id this client already used: the same mutation again gets the recorded answer (idempotent replay),
 * junk its rejection again; a different one under that id is refused as `id_reused` and the record stays
 * as it was.
 */
function replay(db: Database, clientId: string, mutation: PushedMutation, checked: Checked): MutationResult {
  const stored = queryOne<StoredMutation>(
    db,
    `SELECT name, args_json, base_version, status, code, reason, row_json FROM sync_mutations
     WHERE client_id = ? AND mutation_id = ?`,
    clientId,
    mutation.id,
  );
  if (!stored) {
    return resultOf(
      mutation.id,
      checked.junk ??
        rejection('id_reused', `编号 ${mutation.id} 的修改已处理过，其记录已不保留，本条未生效（可重试为新的修改）`),
    );
  }
  const same =
    (checked.junk === null || checked.bounded) &&
    stored.name === mutation.name &&
    stored.base_version === mutation.baseVersion &&
    isDeepStrictEqual(JSON.parse(stored.args_json), storedArgs(mutation.args));
  if (!same) {
    return resultOf(
      mutation.id,
      rejection('id_reused', `编号 ${mutation.id} 已用于另一条修改，本条未生效（可重试为新的修改）`),
    );
  }
  const message = stored.reason;
  const code =
    stored.status === 'rejected' ? ((stored.code as RejectionCode | null) ?? legacyRejectionCode(message ?? '')) : null;
  return resultOf(mutation.id, {
    status: stored.status,
    code,
    message,
    row: stored.row_json ? (JSON.parse(stored.row_json) as SyncRow) : null,
  });
}

/** What the handler makes of a valid mutation; never throws for anything the mutation causes. */
function decide(
  db: Database,
  forecasts: ForecastService,
  request: PushRequest,
  mutation: PushedMutation & { readonly name: MutationName },
  pusher: Pusher,
): Decision {
  try {
    // The savepoint undoes whatever a failing handler wrote before it failed: nothing half-written.
    const outcome = savepoint(db, 'sync_mutation', () =>
      applyMutation(
        {
          db,
          forecasts,
          pusher,
          clientId: request.clientId,
          change: { modifiedBy: pusher.username, reason: `同步 ${request.clientId.slice(0, 8)}#${mutation.id}` },
          baseVersion: mutation.baseVersion,
        },
        mutation.name,
        mutation.args,
      ),
    );
    return {
      status: outcome.status,
      code: null,
      message: outcome.status === 'conflict' ? '服务器上的数据已被他人修改' : null,
      row: outcome.row,
    };
  } catch (error) {
    if (error instanceof MutationRejected) return rejection(error.code, error.message);
    if (error instanceof ForecastError) return rejection(REJECTION_OF[error.code], error.message);
    console.error(`同步修改 ${request.clientId}#${mutation.id} 处理失败`, error);
    return rejection('internal', REJECTIONS.internal.label);
  }
}

function record(db: Database, clientId: string, owner: ClientOwner, mutation: PushedMutation, decision: Decision) {
  const at = new Date().toISOString();
  execute(
    db,
    `INSERT INTO sync_mutations (client_id, mutation_id, name, args_json, base_version, status, code, reason,
       row_json, username, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    clientId,
    mutation.id,
    mutation.name,
    JSON.stringify(mutation.args ?? null),
    mutation.baseVersion,
    decision.status,
    decision.code,
    decision.message,
    decision.row ? JSON.stringify(decision.row) : null,
    owner.username,
    at,
  );
  advanceClient(db, clientId, owner, mutation.id, at);
}

/**
 * Processes a client's pushed mutations in order, each in its own transaction (docs/sync.md): the client
 * id must be the pusher's (bound on first use, ClientOfOtherUser otherwise). An id already processed
 * answers its stored result (or `id_reused` when the payload differs); the next id is rejected unstored
 * when it is junk, else applies, conflicts (stale baseVersion) or is rejected with a code — whatever its
 * handler throws — and the outcome is recorded, so one bad mutation never fails the push or blocks the
 * ones after it; a later id than the next is a gap and is not processed. The user's daily quota of
 * stored mutations (SyncQuotaUsed when nothing more fits) leaves the rest of a push unprocessed, as gaps.
 */
export function pushMutations(
  db: Database,
  forecasts: ForecastService,
  request: PushRequest,
  /** An ordinary user may push only edits of their own rows (watchlist, scenarios); the rest are rejected `admin_only`. */
  user: { readonly username: string; readonly isAdmin: boolean },
  now: Date = new Date(),
): PushResponse {
  const owner = claimClient(db, request.clientId, user, now);
  const pusher: Pusher = { username: owner.username, isAdmin: user.isAdmin };
  let left = mutationsLeft(db, user, now);
  const firstLast = lastMutationId(db, request.clientId);
  if (left === 0 && request.mutations.some((mutation) => mutation.id > firstLast)) {
    throw mutationQuotaUsed(db, user, now);
  }
  let stored = 0;
  const results = request.mutations.map((mutation) => {
    // Before any transaction: a mutation that breaks the bounds must never reach JSON.stringify.
    const checked = check(mutation);
    return transaction(db, (): MutationResult => {
      const last = lastMutationId(db, request.clientId);
      if (mutation.id <= last) return replay(db, request.clientId, mutation, checked);
      if (mutation.id !== last + 1) {
        return { id: mutation.id, status: 'gap', message: `缺少编号 ${last + 1} 的修改` };
      }
      if (checked.junk) {
        advanceClient(db, request.clientId, owner, mutation.id, new Date().toISOString());
        return resultOf(mutation.id, checked.junk);
      }
      if (left === 0) {
        return { id: mutation.id, status: 'gap', message: '今天同步的修改已达上限，本条未处理，稍后再同步' };
      }
      const decision = decide(db, forecasts, request, { ...mutation, name: checked.name, args: checked.args }, pusher);
      record(db, request.clientId, owner, mutation, decision);
      left -= 1;
      stored += 1;
      return resultOf(mutation.id, decision);
    });
  });
  // The retention rule, a step at a time, where records grow.
  if (stored > 0) pruneSyncRecords(db, now);
  return { results, lastMutationId: lastMutationId(db, request.clientId) };
}
