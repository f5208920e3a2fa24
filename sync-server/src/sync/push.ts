import {
  MUTATION_ARGS,
  type MutationName,
  type MutationResult,
  type PushRequest,
  type PushResponse,
  type SyncRow,
} from '@fcf/engine';
import { type Database, transaction } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import type { ValuationService } from '../valuation/valuation-service.ts';
import { applyMutation, MutationRejected } from './mutation-handlers.ts';

interface StoredResult {
  status: MutationResult['status'];
  reason: string | null;
  row_json: string | null;
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

function isMutationName(name: string): name is MutationName {
  return Object.hasOwn(MUTATION_ARGS, name);
}

/**
 * Processes a client's pushed mutations in order, each in its own transaction (DESIGN.md §5): an id
 * already processed answers its stored result; the next id applies, conflicts (stale baseVersion) or is
 * rejected (invalid) — all three recorded and acknowledged, so a bad mutation never blocks the queue; a
 * later id than the next is a gap and is not processed.
 */
export function pushMutations(
  db: Database,
  valuations: ValuationService,
  request: PushRequest,
  username: string,
): PushResponse {
  const results: MutationResult[] = [];
  for (const mutation of request.mutations) {
    const result = transaction(db, (): MutationResult => {
      const last = lastMutationId(db, request.clientId);
      if (mutation.id <= last) {
        const stored = queryOne<StoredResult>(
          db,
          'SELECT status, reason, row_json FROM sync_mutations WHERE client_id = ? AND mutation_id = ?',
          request.clientId,
          mutation.id,
        );
        return {
          id: mutation.id,
          status: stored?.status ?? 'applied',
          ...(stored?.reason ? { reason: stored.reason } : {}),
          row: stored?.row_json ? (JSON.parse(stored.row_json) as SyncRow) : null,
        };
      }
      if (mutation.id !== last + 1) {
        return { id: mutation.id, status: 'gap', reason: `缺少编号 ${last + 1} 的修改` };
      }
      let status: 'applied' | 'conflict' | 'rejected';
      let reason: string | null = null;
      let row: SyncRow | null = null;
      try {
        if (!isMutationName(mutation.name)) throw new MutationRejected(`未知的修改类型：${mutation.name}`);
        const parsed = MUTATION_ARGS[mutation.name].safeParse(mutation.args);
        if (!parsed.success) {
          throw new MutationRejected(`参数错误：${parsed.error.issues[0]?.message ?? ''}`);
        }
        const outcome = applyMutation(
          {
            db,
            valuations,
            clientId: request.clientId,
            change: { modifiedBy: username, reason: `同步 ${request.clientId.slice(0, 8)}#${mutation.id}` },
            baseVersion: mutation.baseVersion,
          },
          mutation.name,
          parsed.data,
        );
        status = outcome.status;
        row = outcome.row;
        if (status === 'conflict') reason = '服务器上的数据已被他人修改';
      } catch (error) {
        if (!(error instanceof MutationRejected)) throw error;
        status = 'rejected';
        reason = error.message;
      }
      execute(
        db,
        `INSERT INTO sync_mutations (client_id, mutation_id, name, args_json, base_version, status, reason, row_json,
           username, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        request.clientId,
        mutation.id,
        mutation.name,
        JSON.stringify(mutation.args ?? null),
        mutation.baseVersion,
        status,
        reason,
        row ? JSON.stringify(row) : null,
        username,
        new Date().toISOString(),
      );
      execute(
        db,
        `INSERT INTO sync_clients (client_id, last_mutation_id, username, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (client_id) DO UPDATE SET last_mutation_id = excluded.last_mutation_id,
           username = excluded.username, updated_at = excluded.updated_at`,
        request.clientId,
        mutation.id,
        username,
        new Date().toISOString(),
      );
      return { id: mutation.id, status, ...(reason ? { reason } : {}), row };
    });
    results.push(result);
  }
  return { results, lastMutationId: lastMutationId(db, request.clientId) };
}
