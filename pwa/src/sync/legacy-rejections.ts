import {
  legacyRejectionCode,
  MUTATION_NAMES,
  type MutationName,
  type OpenIssue,
  type RejectedEdit,
} from '@fcf/engine/sync';
import type { Transaction } from 'dexie';

function isMutationName(name: string): name is MutationName {
  return (MUTATION_NAMES as readonly string[]).includes(name);
}

/**
 * The upgrade to the rejected-edits list: schema 1 kept the server's rejections among the open issues;
 * they move to the new list (retry or discard there), the conflicts stay.
 */
export async function moveLegacyRejections(transaction: Transaction): Promise<void> {
  const meta = transaction.table<{ key: string; value: unknown }, string>('syncMeta');
  const stored = await meta.get('issues');
  const issues = (stored?.value as OpenIssue[] | undefined) ?? [];
  const rejected = issues.filter((issue) => issue.status === 'rejected');
  if (rejected.length === 0) return;
  const now = Date.now();
  const edits = rejected.flatMap((issue): RejectedEdit[] => {
    const name = String(issue.name);
    if (!isMutationName(name) || name === 'resolveConflict') return [];
    return [
      {
        id: issue.mutationId,
        name,
        args: issue.args,
        baseVersion: 0,
        createdAt: now,
        code: legacyRejectionCode(issue.reason),
        message: issue.reason,
        rejectedAt: now,
      },
    ];
  });
  await transaction.table<RejectedEdit, number>('rejectedEdits').bulkPut(edits);
  await meta.put({ key: 'issues', value: issues.filter((issue) => issue.status !== 'rejected') });
}
