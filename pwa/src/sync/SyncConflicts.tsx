import type { OpenIssue } from '@fcf/engine/sync';
import { describeEdit } from './describe-edit.ts';
import type { SyncService } from './sync-service.ts';
import './sync-conflicts.css';

function describeIssue(issue: OpenIssue): { label: string; mine: string; theirs: string } {
  const { label, mine, theirs } = describeEdit(String(issue.name), issue.args);
  return { label, mine, theirs: theirs(issue.serverRow?.data ?? null) };
}

/**
 * The edits the server found stale (docs/sync.md "Conflicts"), each with both values: 保留我的 pushes it
 * again on the server's version, 采用服务器 drops it.
 */
export function SyncConflicts({
  issues,
  service,
}: {
  issues: readonly OpenIssue[];
  service: Pick<SyncService, 'keepMine' | 'takeTheirs'> | null;
}) {
  return issues.map((issue) => {
    const { label, mine, theirs } = describeIssue(issue);
    return (
      <div key={issue.mutationId} className="sync-conflict" data-testid="sync-conflict" role="alert">
        <p>
          修改冲突：{label} — {issue.reason}
        </p>
        <p>
          我的值 <strong>{mine}</strong> · 服务器的值 <strong>{theirs}</strong>
        </p>
        <div className="sync-conflict__actions">
          <button type="button" className="button button--primary" onClick={() => service?.keepMine(issue)}>
            保留我的
          </button>
          <button type="button" className="button button--ghost" onClick={() => service?.takeTheirs(issue)}>
            采用服务器
          </button>
        </div>
      </div>
    );
  });
}
