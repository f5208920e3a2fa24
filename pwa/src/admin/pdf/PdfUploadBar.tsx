import { useId } from 'react';
import { PendingList } from '../PendingList.tsx';
import { PDF_ACCEPT, uploadButtonLabel } from './pdf-uploads.ts';
import type { PdfUpload } from './use-pdf-upload.ts';
import './PdfUploadBar.css';

/**
 * The upload bar: a PDF-only multiple file input, the pending list with status icons and
 * sizes, a remove button while waiting, '失败' with the reason on failed items, and the batch button.
 */
export function PdfUploadBar({ upload }: { upload: PdfUpload }) {
  const inputId = useId();
  const waiting = upload.items.filter((item) => item.status === 'waiting').length;
  const busy = upload.progress !== null;
  return (
    <section className="panel panel--stack pdf-upload" aria-label="上传PDF">
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
        <p className="notice notice--warning pdf-notice" role="alert">
          已忽略 {upload.ignored.length} 个非PDF文件：{upload.ignored.join('、')}
        </p>
      )}
      <PendingList items={upload.items} onRemove={upload.remove} failedBadge />
      {upload.summary && !upload.summary.allOk && (
        <div className="notice notice--error pdf-notice" role="status">
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
