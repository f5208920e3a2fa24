import { UploadResultsFrame } from '../UploadResultsFrame.tsx';
import type { UploadOutcome } from './use-statement-upload.ts';

interface UploadResultsProps {
  readonly outcome: UploadOutcome;
  onDismiss(): void;
}

/** What the last upload did: the summary, each failed file as 'filename: error', the companies found. */
export function UploadResults({ outcome, onDismiss }: UploadResultsProps) {
  if (outcome.kind === 'failed') {
    return <UploadResultsFrame tone="is-error" summary={outcome.message} onDismiss={onDismiss} />;
  }
  const { answer, allOk, summary } = outcome;
  const failures = answer.uploaded_files.filter((result) => !result.success);
  const unmapped = answer.uploaded_files.filter((result) => result.success && (result.unmapped_items?.length ?? 0) > 0);
  const checks = answer.uploaded_files.filter((result) => result.success && (result.warnings?.length ?? 0) > 0);
  return (
    <UploadResultsFrame tone={allOk ? 'is-ok' : 'is-partial'} summary={summary} onDismiss={onDismiss}>
      {failures.length > 0 && (
        <ul className="upload-results__failures">
          {failures.map((result, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same file name can fail twice in one upload
            <li key={`${result.filename}-${index}`}>
              {result.filename}: {result.error ?? '上传失败'}
            </li>
          ))}
        </ul>
      )}
      {checks.length > 0 && (
        <div className="upload-results__checks" data-testid="upload-checks">
          <p>已导入，以下数据请核对：</p>
          <ul>
            {checks.flatMap((result, index) =>
              (result.warnings ?? []).map((warning) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the same file name can appear twice in one upload
                <li key={`${result.filename}-${index}-${warning}`}>
                  {result.filename}：{warning}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
      {unmapped.length > 0 && (
        <details className="upload-results__unmapped" data-testid="upload-unmapped">
          <summary>未识别的报表行（不参与估值，请核对）</summary>
          <ul>
            {unmapped.map((result, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file name can appear twice in one upload
              <li key={`${result.filename}-${index}`}>
                {result.filename}：{result.unmapped_items?.join('、')}
              </li>
            ))}
          </ul>
        </details>
      )}
      {answer.affected_companies.length > 0 && (
        <p className="upload-results__companies">
          识别到 {answer.affected_companies.length} 家公司：
          {answer.affected_companies.map((name) => (
            <span key={name} className="upload-chip upload-chip--new">
              {name}
            </span>
          ))}
        </p>
      )}
    </UploadResultsFrame>
  );
}
