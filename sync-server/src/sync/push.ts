import { isDeepStrictEqual } from 'node:util';
import {
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

function lastMutationId(db: Database, clientId: string): number {
  return (
    queryOne<{ last_mutation_id: number }>(
      db,
      'SELECT last_mutation_id FROM sync_clients WHERE client_id = ?',
      clientId,
    )?.last_mutation_id ?? 0
  );
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
 * An id this client already used: the same mutation again gets the recorded answer (idempotent replay);
 * a different one under that id is refused as `id_reused` and the record stays as it was.
 */
function replay(db: Database, clientId: string, mutation: PushedMutation): MutationResult {
  const stored = queryOne<StoredMutation>(
    db,
    `SELECT name, args_json, base_version, status, code, reason, row_json FROM sync_mutations
     WHERE client_id = ? AND mutation_id = ?`,
    clientId,
    mutation.id,
  );
  if (!stored) return resultOf(mutation.id, rejection('id_reused', `编号 ${mutation.id} 的修改记录已不存在`));
  const same =
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

/** What the handler makes of a validated mutation; never throws for anything the mutation causes. */
function decide(
  db: Database,
  forecasts: ForecastService,
  request: PushRequest,
  mutation: PushedMutation,
  pusher: Pusher,
): Decision {
  if (!isMutationName(mutation.name)) {
    return rejection('unknown_mutation', `未知的修改类型：${mutation.name}`);
  }
  const parsed = MUTATION_ARGS[mutation.name].safeParse(mutation.args);
  if (!parsed.success) return rejection('invalid_args', `参数错误：${parsed.error.issues[0]?.message ?? ''}`);
  const name = mutation.name;
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
        name,
        parsed.data,
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

function record(db: Database, clientId: string, mutation: PushedMutation, decision: Decision, username: string) {
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
    username,
    at,
  );
  execute(
    db,
    `INSERT INTO sync_clients (client_id, last_mutation_id, username, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id,
       username = excluded.username, updated_at = excluded.updated_at`,
    clientId,
    mutation.id,
    username,
    at,
  );
}

/**
 * Processes a client's pushed mutations in order, each in its own transaction (docs/sync.md): an id
 * already processed answers its stored result (or `id_reused` when the payload differs); the next id
 * applies, conflicts (stale baseVersion) or is rejected with a code — whatever its handler throws —
 * and the outcome is recorded, so one bad mutation never fails the push or blocks the ones after it; a
 * later id than the next is a gap and is not processed.
 */
export function pushMutations(
  db: Database,
  forecasts: ForecastService,
  request: PushRequest,
  username: string,
  /** An ordinary user may push only their own watchlist's edits; the rest are rejected `admin_only`. */
  isAdmin = true,
): PushResponse {
  const pusher: Pusher = { username, isAdmin };
  const results = request.mutations.map((mutation) =>
    transaction(db, (): MutationResult => {
      const last = lastMutationId(db, request.clientId);
      if (mutation.id <= last) return replay(db, request.clientId, mutation);
      if (mutation.id !== last + 1) {
        return { id: mutation.id, status: 'gap', message: `缺少编号 ${last + 1} 的修改` };
      }
      const decision = decide(db, forecasts, request, mutation, pusher);
      record(db, request.clientId, mutation, decision, username);
      return resultOf(mutation.id, decision);
    }),
  );
  return { results, lastMutationId: lastMutationId(db, request.clientId) };
}
