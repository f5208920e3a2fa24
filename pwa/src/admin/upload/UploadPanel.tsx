import { useId } from 'react';
import { FileChooser } from '../FileChooser.tsx';
import { UploadQueue } from '../UploadQueue.tsx';
import { UnitConfirmation } from './UnitConfirmation.tsx';
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
  const unitsNeeded = upload.outcome?.kind === 'answered' ? (upload.outcome.answer.units_needed ?? []) : [];

  return (
    <section className="panel panel--stack upload-card" aria-labelledby={titleId}>
      <header className="upload-card__header">
        <h2 id={titleId}>上传财务报表</h2>
        <span className="upload-card__meta">利润表 · 资产负债表 · 现金流量表 · 财务摘要</span>
      </header>
      <FileChooser disabled={uploading} onFiles={upload.add} />
      <UploadQueue upload={upload} />
      {unitsNeeded.length > 0 ? (
        <UnitConfirmation
          // A new request for units starts from its own proposals.
          key={unitsNeeded.map((entry) => entry.filename).join('\n')}
          entries={unitsNeeded}
          busy={uploading}
          onConfirm={(fields) => void upload.upload(fields)}
        />
      ) : (
        upload.outcome && <UploadResults outcome={upload.outcome} onDismiss={upload.dismissOutcome} />
      )}
    </section>
  );
}
