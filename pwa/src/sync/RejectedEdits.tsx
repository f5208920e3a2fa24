import { isTransientRejection, type RejectedEdit } from '@fcf/engine/sync';
import { describeEdit } from './describe-edit.ts';
import type { SyncService } from './sync-service.ts';
import './rejected-edits.css';

/**
 * "未能同步的修改": the edits the server refused, each with its reason; 重试 (for reasons that may pass,
 * e.g. the company's files were uploaded again) pushes it again on the server's current value, 放弃
 * forgets it. Nothing here blocks the edits after it.
 */
export function RejectedEdits({
  edits,
  service,
}: {
  edits: readonly RejectedEdit[];
  service: Pick<SyncService, 'retryRejected' | 'discardRejected'> | null;
}) {
  if (edits.length === 0) return null;
  return (
    <section className="sync-rejected" aria-label="未能同步的修改" data-testid="sync-rejected-list">
      <h2 className="sync-rejected__title">未能同步的修改（{edits.length}）</h2>
      <ul className="sync-rejected__list">
        {edits.map((edit) => {
          const { label, mine } = describeEdit(edit.name, edit.args);
          return (
            <li key={edit.id} className="sync-rejected__item" data-testid="sync-rejected" data-code={edit.code}>
              <p className="sync-rejected__what">
                {label} → <strong>{mine}</strong>
              </p>
              <p className="sync-rejected__why">{edit.message}</p>
              <div className="sync-rejected__actions">
                {isTransientRejection(edit.code) && (
                  <button
                    type="button"
                    className="button button--primary"
                    disabled={!service}
                    onClick={() => void service?.retryRejected(edit)}
                  >
                    重试
                  </button>
                )}
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={!service}
                  onClick={() => void service?.discardRejected(edit)}
                >
                  放弃
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
