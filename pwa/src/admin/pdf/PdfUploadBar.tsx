import { useId } from 'react';
import { formatBytes } from '../../lib/format.ts';
import type { PendingStatus } from '../pending-files.ts';
import { PDF_ACCEPT, uploadButtonLabel } from './pdf-uploads.ts';
import type { PdfUpload } from './use-pdf-upload.ts';

const STATUS: Record<PendingStatus, { icon: string; label: string }> = {
  waiting: { icon: '○', label: '等待上传' },
  uploading: { icon: '↻', label: '上传中' },
  success: { icon: '✓', label: '上传成功' },
  error: { icon: '✗', label: '上传失败' },
};

/**
 * The upload bar (back-office §2): a PDF-only multiple file input, the pending list with status icons and
 * sizes, a remove button while waiting, '失败' with the reason on failed items, and the batch button.
 */
export function PdfUploadBar({ upload }: { upload: PdfUpload }) {
  const inputId = useId();
  const waiting = upload.items.filter((item) => item.status === 'waiting').length;
  const busy = upload.progress !== null;
  return (
    <section className="pdf-upload" aria-label="上传PDF">
      <div className="pdf-upload__bar">
        <label htmlFor={inputId} className={`button button--ghost pdf-upload__choose${busy ? ' is-disabled' : ''}`}>
          选择PDF文件
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={PDF_ACCEPT}
          multiple
          disabled={busy}
          data-testid="pdf-upload-input"
          onChange={(event) => {
            upload.add(Array.from(event.currentTarget.files ?? []));
            // Cleared so that choosing the same file again still fires a change.
            event.currentTarget.value = '';
          }}
        />
        <button
          type="button"
          className="button button--primary"
          disabled={busy || waiting === 0}
          onClick={() => void upload.upload()}
          data-testid="pdf-upload-button"
        >
          {uploadButtonLabel(waiting, upload.progress)}
        </button>
        <span className="pdf-upload__hint">仅支持 PDF，可多选；单个文件不超过 20 MB</span>
      </div>
      {upload.ignored.length > 0 && (
        <p className="pdf-notice pdf-notice--warning" role="alert">
          已忽略 {upload.ignored.length} 个非PDF文件：{upload.ignored.join('、')}
        </p>
      )}
      {upload.items.length > 0 && (
        <ul className="pdf-pending" aria-label="待上传文件">
          {upload.items.map((item) => {
            const status = STATUS[item.status];
            return (
              <li key={item.id} className={`pdf-pending__item is-${item.status}`} data-status={item.status}>
                <span className="pdf-pending__icon" role="img" aria-label={status.label} title={status.label}>
                  {status.icon}
                </span>
                <span className="pdf-pending__name" title={item.file.name}>
                  {item.file.name}
                </span>
                <span className="pdf-pending__size">{formatBytes(item.file.size)}</span>
                {item.status === 'error' && (
                  <span className="pdf-pending__failed" title={item.error ?? undefined}>
                    失败
                  </span>
                )}
                {item.status === 'waiting' && (
                  <button
                    type="button"
                    className="pdf-icon-button"
                    aria-label={`移除 ${item.file.name}`}
                    title="移除"
                    onClick={() => upload.remove(item.id)}
                  >
                    ×
                  </button>
                )}
                {item.status === 'error' && item.error && <span className="pdf-pending__error">{item.error}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {upload.summary && !upload.summary.allOk && (
        <div className="pdf-notice pdf-notice--error" role="status">
          <p>{upload.summary.text}</p>
          <ul>
            {upload.summary.failures.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
