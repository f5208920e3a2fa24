import { formatBytes } from '../../lib/format.ts';
import type { PendingFile, PendingStatus } from '../pending-files.ts';

const STATUS: Record<PendingStatus, { icon: string; label: string }> = {
  waiting: { icon: '○', label: '等待上传' },
  uploading: { icon: '↻', label: '上传中' },
  success: { icon: '✓', label: '上传成功' },
  error: { icon: '✗', label: '上传失败' },
};

interface PendingListProps {
  readonly items: readonly PendingFile[];
  onRemove(id: number): void;
}

/** The chosen files with size and status; a waiting file can still be taken off the list. */
export function PendingList({ items, onRemove }: PendingListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="upload-pending" aria-label="待上传文件">
      {items.map((item) => {
        const status = STATUS[item.status];
        return (
          <li key={item.id} className={`upload-pending__item is-${item.status}`}>
            <span className="upload-pending__icon" role="img" aria-label={status.label} title={status.label}>
              {status.icon}
            </span>
            <span className="upload-pending__name" title={item.file.name}>
              {item.file.name}
            </span>
            <span className="upload-pending__size">{formatBytes(item.file.size)}</span>
            {item.status === 'error' && (
              <span className="upload-pending__error" title={item.error ?? undefined}>
                {item.error ?? '失败'}
              </span>
            )}
            {item.status === 'waiting' && (
              <button
                type="button"
                className="upload-icon-button"
                aria-label={`移除 ${item.file.name}`}
                title="移除"
                onClick={() => onRemove(item.id)}
              >
                ×
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
