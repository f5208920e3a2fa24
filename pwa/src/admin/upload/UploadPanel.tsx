import { useId } from 'react';
import { ProgressBar } from '../../ui/ProgressBar.tsx';
import { PendingList } from '../PendingList.tsx';
import { FileChooser } from './FileChooser.tsx';
import { UploadResults } from './UploadResults.tsx';
import { useStatementUpload } from './use-statement-upload.ts';

interface UploadPanelProps {
  /** Called with the companies the upload touched, after any file went in. */
  onUploaded(companies: readonly string[]): void;
}

/** Choose or drop statement files, upload them with real progress, and read each file's outcome. */
export function UploadPanel({ onUploaded }: UploadPanelProps) {
  const titleId = useId();
  const upload = useStatementUpload(onUploaded);
  const uploading = upload.progress !== null;
  const waiting = upload.items.filter((item) => item.status === 'waiting').length;
  const finished = upload.items.some((item) => item.status === 'success' || item.status === 'error');
  const percent = Math.round((upload.progress ?? 0) * 100);

  return (
    <section className="panel panel--stack upload-card" aria-labelledby={titleId}>
      <header className="upload-card__header">
        <h2 id={titleId}>上传财务报表</h2>
        <span className="upload-card__meta">利润表 · 资产负债表 · 现金流量表 · 财务摘要</span>
      </header>
      <FileChooser disabled={uploading} onFiles={upload.add} />
      <PendingList items={upload.items} onRemove={upload.remove} />
      {upload.progress !== null && (
        <ProgressBar
          value={percent}
          max={100}
          label="上传进度"
          text={percent >= 100 ? '服务器处理中…' : `${percent}%`}
          testId="upload-progress"
        />
      )}
      <div className="upload-card__actions">
        <button
          type="button"
          className="button button--primary"
          data-testid="upload-submit"
          disabled={uploading || waiting === 0}
          onClick={() => void upload.upload()}
        >
          {uploading ? '上传中…' : waiting > 0 ? `上传 (${waiting})` : '上传'}
        </button>
        {finished && !uploading && (
          <button type="button" className="button button--ghost" onClick={upload.clearFinished}>
            清除已处理
          </button>
        )}
      </div>
      {upload.outcome && <UploadResults outcome={upload.outcome} onDismiss={upload.dismissOutcome} />}
    </section>
  );
}
