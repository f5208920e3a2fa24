import { useCallback } from 'react';
import { getToken } from '../../api/session.ts';
import { type UploadAnswer, uploadStatementFiles } from '../admin-api.ts';
import { type FileUpload, type FileUploadOutcome, useFileUpload } from '../use-file-upload.ts';

export type UploadOutcome = FileUploadOutcome<UploadAnswer>;
export type StatementUpload = FileUpload<UploadAnswer>;

const send = (
  files: readonly File[],
  onProgress: (fraction: number) => void,
  units: Readonly<Record<string, string>>,
) => uploadStatementFiles(files, getToken(), onProgress, units);
const results = (answer: UploadAnswer) => answer.uploaded_files;
/** A 422 naming files whose amounts state no unit: nothing went in, the same files go again with units. */
const asksAgain = (answer: UploadAnswer) => (answer.units_needed?.length ?? 0) > 0;

/** The statement upload: its alerts, then the touched companies marked as new uploads. */
export function useStatementUpload(onUploaded: (companies: readonly string[]) => void): StatementUpload {
  const onAnswered = useCallback(
    (answer: UploadAnswer) => {
      if (answer.affected_companies.length > 0) onUploaded(answer.affected_companies);
    },
    [onUploaded],
  );
  return useFileUpload({ send, results, onAnswered, alert: true, asksAgain });
}
