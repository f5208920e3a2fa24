import { formatBytes } from '@fcf/engine/report';
import { PENDING_STATUS, type PendingFile } from './pending-files.ts';
import './PendingList.css';

interface PendingListProps {
  readonly items: readonly PendingFile[];
  onRemove(id: number): void;
  /** A failed file shows a '失败' badge with its reason below (the PDF manager); otherwise the reason alone. */
  readonly failedBadge?: boolean;
}

/** The chosen files with size and status; a waiting file can still be taken off the list. */
export function PendingList({ items, onRemove, failedBadge = false }: PendingListProps) {
  if (items.length === 0) return null;
  return (
    <ul className={`pending-list${failedBadge ? ' pending-list--badges' : ''}`} aria-label="待上传文件">
      {items.map((item) => {
        const status = PENDING_STATUS[item.status];
        return (
          <li key={item.id} className={`pending-list__item is-${item.status}`} data-status={item.status}>
            <span className="pending-list__icon" role="img" aria-label={status.label} title={status.label}>
              {status.icon}
            </span>
            <span className="pending-list__name" title={item.file.name}>
              {item.file.name}
            </span>
            <span className="pending-list__size">{formatBytes(item.file.size)}</span>
            {item.status === 'error' && failedBadge && (
              <span className="pending-list__failed" title={item.error ?? undefined}>
                失败
              </span>
            )}
            {item.status === 'waiting' && (
              <button
                type="button"
                className="icon-button icon-button--close"
                aria-label={`移除 ${item.file.name}`}
                title="移除"
                onClick={() => onRemove(item.id)}
              >
                ×
              </button>
            )}
            {item.status === 'error' &&
              (failedBadge ? (
                item.error && <span className="pending-list__error">{item.error}</span>
              ) : (
                <span className="pending-list__error" title={item.error ?? undefined}>
                  {item.error ?? '失败'}
                </span>
              ))}
          </li>
        );
      })}
    </ul>
  );
}
