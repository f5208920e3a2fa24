import type { OpenIssue } from '@fcf/engine/sync';
import { describeEdit } from '../../sync/describe-edit.ts';
import { RejectedEdits } from '../../sync/RejectedEdits.tsx';
import type { SyncService, SyncStatus } from '../../sync/sync-service.ts';

function describeIssue(issue: OpenIssue): { label: string; mine: string; theirs: string } {
  const { label, mine, theirs } = describeEdit(String(issue.name), issue.args);
  return { label, mine, theirs: theirs(issue.serverRow?.data ?? null) };
}

/**
 * Sync state for the admin: online, unsynced edits, the last sync, each conflict to resolve and the
 * edits the server refused.
 */
export function SyncPanel({ status, service }: { status: SyncStatus; service: SyncService | null }) {
  const last = status.lastSyncedAt ? new Date(status.lastSyncedAt).toLocaleTimeString('zh-CN') : '尚未同步';
  return (
    <section className="fp-sync" aria-label="同步状态">
      <div className="fp-sync__line">
        <span className={`fp-sync__dot${status.online ? ' is-online' : ''}`} aria-hidden="true" />
        <span>{status.online ? '在线' : '离线（修改将保存在本机，联网后同步）'}</span>
        <span className="fp-sync__count">
          未同步修改：
          <strong data-testid="sync-unsynced-count">{status.unsynced}</strong>
        </span>
        {status.rejected.length > 0 && (
          <span className="fp-sync__count">
            未能同步：
            <strong data-testid="sync-rejected-count">{status.rejected.length}</strong>
          </span>
        )}
        <span className="fp-sync__last">{status.syncing ? '同步中…' : `上次同步 ${last}`}</span>
        <button type="button" className="button button--ghost" onClick={() => service?.syncNow()} disabled={!service}>
          立即同步
        </button>
      </div>
      {status.error && <p className="fp-sync__error">{status.error}</p>}
      {status.issues.map((issue) => {
        const { label, mine, theirs } = describeIssue(issue);
        return (
          <div key={issue.mutationId} className="fp-conflict" data-testid="sync-conflict" role="alert">
            <p>
              修改冲突：{label} — {issue.reason}
            </p>
            <p>
              我的值 <strong>{mine}</strong> · 服务器的值 <strong>{theirs}</strong>
            </p>
            <div className="fp-conflict__actions">
              <button type="button" className="button button--primary" onClick={() => service?.keepMine(issue)}>
                保留我的
              </button>
              <button type="button" className="button button--ghost" onClick={() => service?.takeTheirs(issue)}>
                采用服务器
              </button>
            </div>
          </div>
        );
      })}
      <RejectedEdits edits={status.rejected} service={service} />
    </section>
  );
}
