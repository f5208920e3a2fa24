import { useState } from 'react';
import type { FetchedPdf, PdfFile } from '../api/research-api.ts';
import { keepPdf, removeSavedPdf, savePdfOffline } from './offline-pdfs.ts';
import './SaveOfflineButton.css';

type Target =
  /** The viewer: the bytes are in memory already. */
  | { readonly kind: 'fetched'; readonly pdf: FetchedPdf }
  /** A list row: the bytes are fetched on save. */
  | { readonly kind: 'listed'; readonly file: Pick<PdfFile, 'id' | 'filename' | 'upload_time'> };

interface SaveOfflineButtonProps {
  readonly target: Target;
  /** Whether a copy is on this device (from useSavedPdfIds, read once for a whole list). */
  readonly saved: boolean;
  /** `pdf-save-offline` on the viewer's control. */
  readonly testId?: string;
  readonly compact?: boolean;
  readonly disabled?: boolean;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : '离线保存失败，请重试';
}

/**
 * "离线保存": keeps the report on this device so it opens with no network; pressed again it removes the
 * copy. Shows whether the report is saved, and why a save failed (no storage, disk full, no network).
 */
export function SaveOfflineButton({
  target,
  saved: isSaved,
  testId,
  compact = false,
  disabled = false,
}: SaveOfflineButtonProps) {
  const id = target.kind === 'fetched' ? target.pdf.id : target.file.id;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const toggle = async () => {
    setBusy(true);
    setMessage(null);
    try {
      if (isSaved) {
        await removeSavedPdf(id);
        setMessage({ kind: 'ok', text: '已从本机移除离线副本' });
      } else {
        if (target.kind === 'fetched') await keepPdf(target.pdf);
        else await savePdfOffline(target.file);
        setMessage({ kind: 'ok', text: '已离线保存，无网络时也可阅读' });
      }
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) });
    } finally {
      setBusy(false);
    }
  };

  const label = busy ? (isSaved ? '移除中…' : '保存中…') : isSaved ? '✓ 已离线保存' : '离线保存';
  return (
    <span className={`save-offline${compact ? ' save-offline--compact' : ''}`}>
      <button
        type="button"
        className={`button ${isSaved ? 'button--saved' : 'button--ghost'} save-offline__button`}
        aria-pressed={isSaved}
        title={isSaved ? '已保存到本机，点击移除离线副本' : '保存到本机，离线时也可阅读'}
        disabled={busy || disabled}
        onClick={toggle}
        data-testid={testId}
      >
        {label}
      </button>
      {message && !(compact && message.kind === 'ok') && (
        <span
          className={`save-offline__message is-${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </span>
      )}
    </span>
  );
}
