import { RejectedEdits } from '../../sync/RejectedEdits.tsx';
import { SyncConflicts } from '../../sync/SyncConflicts.tsx';
import type { SyncService, SyncStatus } from '../../sync/sync-service.ts';

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
      <SyncConflicts issues={status.issues} service={service} />
      <RejectedEdits edits={status.rejected} service={service} />
    </section>
  );
}
