import { ProgressBar } from '../ui/ProgressBar.tsx';
import { PendingList } from './PendingList.tsx';
import type { FileUpload } from './use-file-upload.ts';

/** The files waiting, the upload's progress and its buttons: what the statement and the quote uploads share. */
export function UploadQueue<Answer>({ upload }: { readonly upload: FileUpload<Answer> }) {
  const uploading = upload.progress !== null;
  const waiting = upload.items.filter((item) => item.status === 'waiting').length;
  const finished = upload.items.some((item) => item.status === 'success' || item.status === 'error');
  const percent = Math.round((upload.progress ?? 0) * 100);
  return (
    <>
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
    </>
  );
}
