import { useCallback, useState } from 'react';
import { addPending, type PendingFile, uploadSummary } from '../pending-files.ts';
import { type PdfUploadResult, uploadPdf } from './pdf-admin-api.ts';
import { failureLines, localProblem, splitPdfs, type UploadProgress } from './pdf-uploads.ts';

interface UploadSummary {
  readonly allOk: boolean;
  readonly text: string;
  readonly failures: readonly string[];
}

export interface PdfUpload {
  readonly items: readonly PendingFile[];
  readonly progress: UploadProgress | null;
  /** Names of chosen files that are not PDFs (dropped with a warning). */
  readonly ignored: readonly string[];
  readonly summary: UploadSummary | null;
  add(files: readonly File[]): void;
  remove(id: number): void;
  upload(): Promise<void>;
}

/**
 * The pending PDFs and their upload, one request per file: each item goes
 * waiting → uploading → success or error; when all succeed the list clears and the files reload,
 * otherwise the failed items stay with their errors and a summary.
 */
export function usePdfUpload(onUploaded: () => void): PdfUpload {
  const [items, setItems] = useState<readonly PendingFile[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [ignored, setIgnored] = useState<readonly string[]>([]);
  const [summary, setSummary] = useState<UploadSummary | null>(null);

  const add = useCallback((files: readonly File[]) => {
    const { accepted, rejected } = splitPdfs(files);
    setIgnored(rejected);
    if (accepted.length > 0) setSummary(null);
    setItems((list) => addPending(list, accepted));
  }, []);

  const remove = useCallback(
    (id: number) => setItems((list) => list.filter((item) => item.id !== id || item.status !== 'waiting')),
    [],
  );

  const upload = useCallback(async () => {
    const sent = items.filter((item) => item.status === 'waiting');
    if (sent.length === 0) return;
    const sentIds = new Set(sent.map((item) => item.id));
    const mark = (id: number, change: Partial<PendingFile>) =>
      setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
    setSummary(null);
    setProgress({ done: 0, total: sent.length });
    const results: PdfUploadResult[] = [];
    for (const [index, item] of sent.entries()) {
      mark(item.id, { status: 'uploading' });
      const problem = localProblem(item.file);
      const result = problem
        ? { filename: item.file.name, success: false, error: problem }
        : await uploadPdf(item.file);
      results.push(result);
      mark(item.id, result.success ? { status: 'success', error: null } : { status: 'error', error: result.error });
      setProgress({ done: index + 1, total: sent.length });
    }
    setProgress(null);
    const { allOk, text } = uploadSummary(results);
    const failures = failureLines(results);
    if (allOk) setItems((list) => list.filter((item) => !sentIds.has(item.id)));
    setSummary({ allOk, text, failures });
    if (results.some((result) => result.success)) onUploaded();
    window.alert(allOk ? text : [text, ...failures].join('\n'));
  }, [items, onUploaded]);

  return { items, progress, ignored, summary, add, remove, upload };
}
