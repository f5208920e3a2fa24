import { useCallback, useState } from 'react';
import { getToken } from '../../api/session.ts';
import { type UploadAnswer, uploadStatementFiles } from '../admin-api.ts';
import { errorText } from '../admin-messages.ts';
import { addPending, type PendingFile, settleItems, uploadSummary } from '../pending-files.ts';

export type UploadOutcome =
  | { readonly kind: 'answered'; readonly answer: UploadAnswer; readonly allOk: boolean; readonly summary: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface StatementUpload {
  readonly items: readonly PendingFile[];
  /** Bytes sent so far, 0..1, while an upload is under way; null otherwise. */
  readonly progress: number | null;
  readonly outcome: UploadOutcome | null;
  add(files: readonly File[]): void;
  remove(id: number): void;
  clearFinished(): void;
  dismissOutcome(): void;
  upload(): Promise<void>;
}

/**
 * The pending list and one upload of its waiting files: the spec's alerts, the list
 * cleared when everything went in, each file's outcome kept otherwise.
 */
export function useStatementUpload(onUploaded: (companies: readonly string[]) => void): StatementUpload {
  const [items, setItems] = useState<readonly PendingFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<UploadOutcome | null>(null);

  const add = useCallback((files: readonly File[]) => setItems((list) => addPending(list, files)), []);
  const remove = useCallback(
    (id: number) => setItems((list) => list.filter((item) => item.id !== id || item.status !== 'waiting')),
    [],
  );
  const clearFinished = useCallback(() => {
    setItems((list) => list.filter((item) => item.status === 'waiting' || item.status === 'uploading'));
    setOutcome(null);
  }, []);

  const dismissOutcome = useCallback(() => setOutcome(null), []);

  const upload = useCallback(async () => {
    const sent = items.filter((item) => item.status === 'waiting');
    if (sent.length === 0) return;
    const sentIds = new Set(sent.map((item) => item.id));
    setItems((list) => list.map((item) => (sentIds.has(item.id) ? { ...item, status: 'uploading' } : item)));
    setOutcome(null);
    setProgress(0);
    try {
      const answer = await uploadStatementFiles(
        sent.map((item) => item.file),
        getToken(),
        setProgress,
      );
      const { allOk, text } = uploadSummary(answer.uploaded_files);
      setItems((list) =>
        allOk ? list.filter((item) => !sentIds.has(item.id)) : settleItems(list, sent, answer.uploaded_files),
      );
      setOutcome({ kind: 'answered', answer, allOk, summary: text });
      if (answer.affected_companies.length > 0) onUploaded(answer.affected_companies);
      window.alert(text);
    } catch (error) {
      const message = `批量上传失败：${errorText(error)}`;
      setItems((list) =>
        list.map((item) => (sentIds.has(item.id) ? { ...item, status: 'error', error: errorText(error) } : item)),
      );
      setOutcome({ kind: 'failed', message });
      window.alert(message);
    } finally {
      setProgress(null);
    }
  }, [items, onUploaded]);

  return { items, progress, outcome, add, remove, clearFinished, dismissOutcome, upload };
}
