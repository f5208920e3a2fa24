import { ApiRequestError } from '../../api/http.ts';
import { type FetchedPdf, fetchPdf } from '../../api/research-api.ts';
import { saveBlob } from '../../lib/save-file.ts';
import { readSavedPdf, rememberOpenedPdf, touchPdf } from '../offline-pdfs.ts';
import { cacheBudgetBytes } from '../pdf-cache-budget.ts';

export const NOT_SAVED_OFFLINE =
  '当前处于离线状态，该报告尚未离线保存，无法打开。联网后打开报告并点击"离线保存"，即可离线阅读。';

export interface PdfSource {
  readonly pdf: FetchedPdf;
  /** Read from the copy saved on this device. */
  readonly fromDevice: boolean;
}

/**
 * A report's bytes: the copy on this device when there is one (stored files never change, so it needs no
 * network), else the server's, which is then kept in the offline cache.
 */
export async function openPdfSource(id: number, signal?: AbortSignal): Promise<PdfSource> {
  const saved = await readSavedPdf(id).catch(() => undefined);
  if (saved) {
    const { savedAt: _savedAt, pinned: _pinned, readAt: _readAt, ...pdf } = saved;
    touchPdf(id).catch(() => undefined);
    return { pdf, fromDevice: true };
  }
  try {
    const pdf = await fetchPdf(id, signal);
    // Copied synchronously inside, before pdf.js takes the buffer; a failure only costs the offline copy.
    rememberOpenedPdf(pdf, cacheBudgetBytes()).catch((error: unknown) => console.warn('PDF 缓存失败', error));
    return { pdf, fromDevice: false };
  } catch (error) {
    if (error instanceof ApiRequestError && error.kind === 'network') throw new Error(NOT_SAVED_OFFLINE);
    throw error;
  }
}

/** Saves a PDF's bytes under its name. */
export function downloadBytes(data: ArrayBuffer, filename: string): void {
  saveBlob(new Blob([data], { type: 'application/pdf' }), filename);
}
