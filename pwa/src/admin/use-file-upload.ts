import { useCallback, useState } from 'react';
import { errorText } from './admin-messages.ts';
import { addPending, type FileOutcome, type PendingFile, settleItems, uploadSummary } from './pending-files.ts';

export type FileUploadOutcome<Answer> =
  | { readonly kind: 'answered'; readonly answer: Answer; readonly allOk: boolean; readonly summary: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface FileUpload<Answer> {
  readonly items: readonly PendingFile[];
  /** Bytes sent so far, 0..1, while an upload is under way; null otherwise. */
  readonly progress: number | null;
  readonly outcome: FileUploadOutcome<Answer> | null;
  add(files: readonly File[]): void;
  remove(id: number): void;
  clearFinished(): void;
  dismissOutcome(): void;
  /** Sends the waiting files, with `fields` beside them (the statement upload's chosen units). */
  upload(fields?: Readonly<Record<string, string>>): Promise<void>;
}

export interface FileUploadOptions<Answer> {
  /** Sends the files (with the form's fields), reporting the fraction of bytes sent. */
  send(
    files: readonly File[],
    onProgress: (fraction: number) => void,
    fields: Readonly<Record<string, string>>,
  ): Promise<Answer>;
  /** Each file's outcome in the answer, in the order sent. */
  results(answer: Answer): readonly FileOutcome[];
  /** After an answer (any file may have gone in). */
  onAnswered?(answer: Answer): void;
  /** Also says the outcome in a browser alert (the statement upload's behaviour). */
  alert?: boolean;
  /**
   * An answer that imported nothing and asks for more before the same files are sent again (units to
   * confirm): the files stay waiting, and the outcome says what is asked.
   */
  asksAgain?(answer: Answer): boolean;
}

/**
 * A pending list of files and one upload of its waiting ones: the list cleared when everything went in,
 * each file's outcome kept otherwise. The statement and the quote uploads share it.
 */
export function useFileUpload<Answer>(options: FileUploadOptions<Answer>): FileUpload<Answer> {
  const { send, results, onAnswered, alert = false, asksAgain } = options;
  const [items, setItems] = useState<readonly PendingFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<FileUploadOutcome<Answer> | null>(null);

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

  const upload = useCallback(
    async (fields: Readonly<Record<string, string>> = {}) => {
      const sent = items.filter((item) => item.status === 'waiting');
      if (sent.length === 0) return;
      const sentIds = new Set(sent.map((item) => item.id));
      setItems((list) => list.map((item) => (sentIds.has(item.id) ? { ...item, status: 'uploading' } : item)));
      setOutcome(null);
      setProgress(0);
      try {
        const answer = await send(
          sent.map((item) => item.file),
          setProgress,
          fields,
        );
        if (asksAgain?.(answer)) {
          setItems((list) => list.map((item) => (sentIds.has(item.id) ? { ...item, status: 'waiting' } : item)));
          setOutcome({ kind: 'answered', answer, allOk: false, summary: '' });
          return;
        }
        const outcomes = results(answer);
        const { allOk, text } = uploadSummary(outcomes);
        setItems((list) => (allOk ? list.filter((item) => !sentIds.has(item.id)) : settleItems(list, sent, outcomes)));
        setOutcome({ kind: 'answered', answer, allOk, summary: text });
        onAnswered?.(answer);
        if (alert) window.alert(text);
      } catch (error) {
        const message = `批量上传失败：${errorText(error)}`;
        setItems((list) =>
          list.map((item) => (sentIds.has(item.id) ? { ...item, status: 'error', error: errorText(error) } : item)),
        );
        setOutcome({ kind: 'failed', message });
        if (alert) window.alert(message);
      } finally {
        setProgress(null);
      }
    },
    [items, send, results, onAnswered, alert, asksAgain],
  );

  return { items, progress, outcome, add, remove, clearFinished, dismissOutcome, upload };
}
