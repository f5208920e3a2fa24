import type { OpenIssue, PullResponse, SyncRow, SyncTable } from '@fcf/engine/sync';
import { currentChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
import { lastMutationId } from './sync-clients.ts';
import { rowsChangedSince } from './sync-rows.ts';

const MAX_PULL_LIMIT = 5000;

interface IssueRow {
  mutation_id: number;
  status: 'conflict';
  name: string;
  args_json: string;
  reason: string | null;
  row_json: string | null;
}

/**
 * The client's unresolved conflicts. Rejections are not listed: the client learned each one from the
 * push answer (it re-pushes until it has one) and keeps them in its own list.
 */
function openIssues(db: Database, clientId: string): OpenIssue[] {
  return queryAll<IssueRow>(
    db,
    `SELECT mutation_id, status, name, args_json, reason, row_json FROM sync_mutations
     WHERE client_id = ? AND resolved = 0 AND status = 'conflict' ORDER BY mutation_id`,
    clientId,
  ).map((row) => ({
    mutationId: row.mutation_id,
    status: row.status,
    name: row.name,
    args: JSON.parse(row.args_json),
    reason: row.reason ?? '',
    serverRow: row.row_json ? (JSON.parse(row.row_json) as SyncRow) : null,
  }));
}

/**
 * The rows of `tables` changed since `cursor`, oldest first, at most about `limit`: a page never splits
 * the rows of one change sequence number (they were written together), so the next page can start after
 * it. Everything, including the client's last processed mutation and open issues, is read in one
 * transaction, so the page, the cursor and the acknowledgement agree.
 */
export function pullChanges(
  db: Database,
  request: {
    cursor: number;
    limit: number;
    tables: readonly SyncTable[];
    /** The client whose state the answer carries: only one the caller's token owns (claimClient); null: none. */
    clientId: string | null;
    /** The caller's username: an owned table (the watchlist) answers only their rows; null: anonymous. */
    viewer?: string | null;
  },
): PullResponse {
  return db.transaction(() => {
    const limit = Math.min(Math.max(1, request.limit), MAX_PULL_LIMIT);
    const viewer = request.viewer ?? null;
    const candidates = request.tables
      .flatMap((table) => rowsChangedSince(db, table, viewer, { after: request.cursor, limit: limit + 1 }))
      .sort((a, b) => a.change_seq - b.change_seq);
    let changes = candidates.slice(0, limit);
    const hasMore = candidates.length > limit;
    let cursor: number;
    if (hasMore) {
      const boundary = (changes[changes.length - 1] as SyncRow).change_seq;
      changes = [
        ...changes.filter((row) => row.change_seq < boundary),
        ...request.tables.flatMap((table) =>
          rowsChangedSince(db, table, viewer, { after: 0, limit: Number.MAX_SAFE_INTEGER, exactSeq: boundary }),
        ),
      ];
      cursor = boundary;
    } else {
      // Nothing in these tables is newer than this snapshot's sequence.
      cursor = Math.max(request.cursor, currentChangeSeq(db));
    }
    return {
      changes,
      cursor,
      hasMore,
      clientState: request.clientId !== null,
      lastMutationId: request.clientId ? lastMutationId(db, request.clientId) : 0,
      issues: request.clientId ? openIssues(db, request.clientId) : [],
    };
  })();
}
