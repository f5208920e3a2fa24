import { useEffect, useState } from 'react';
import { type FetchedPdf, fetchPdf, type PdfFile } from '../api/research-api.ts';
import { openStore, type SavedPdf } from '../store/db.ts';

/**
 * Research PDFs kept for reading offline ("离线保存"): their bytes and metadata in IndexedDB, so the viewer
 * opens them with no network. Saving is explicit (a reader chooses which reports to keep); a saved file
 * is never refreshed behind the reader's back, as stored files do not change (a new upload gets a new id).
 */

const SAVE_UNAVAILABLE = '当前浏览器无法离线保存（可能处于隐私模式或存储被禁用）';
export const QUOTA_EXCEEDED = '浏览器存储空间不足，无法离线保存该文件';

const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function isQuotaError(error: unknown): boolean {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  return [name, inner].some((value) => value === 'QuotaExceededError');
}

/** Stores fetched bytes (the viewer has them already) under the file's id. */
export async function keepPdf(pdf: FetchedPdf): Promise<void> {
  const db = await openStore();
  if (!db) throw new Error(SAVE_UNAVAILABLE);
  const record: SavedPdf = {
    id: pdf.id,
    filename: pdf.filename,
    size: pdf.size,
    sha256: pdf.sha256,
    upload_time: pdf.upload_time,
    savedAt: Date.now(),
    // A copy: pdf.js transfers (detaches) the buffer it is given.
    data: pdf.data.slice(0),
  };
  try {
    await db.savedPdfs.put(record);
  } catch (error) {
    throw isQuotaError(error) ? new Error(QUOTA_EXCEEDED) : error;
  }
  changed();
}

/** Fetches a listed file and keeps it; the list's name and time win over the response's. */
export async function savePdfOffline(file: Pick<PdfFile, 'id' | 'filename' | 'upload_time'>): Promise<void> {
  const fetched = await fetchPdf(file.id);
  await keepPdf({ ...fetched, filename: file.filename, upload_time: file.upload_time });
}

export async function removeSavedPdf(id: number): Promise<void> {
  const db = await openStore();
  await db?.savedPdfs.delete(id);
  changed();
}

export async function readSavedPdf(id: number): Promise<SavedPdf | undefined> {
  const db = await openStore();
  return db?.savedPdfs.get(id);
}

export async function savedPdfIds(): Promise<Set<number>> {
  const db = await openStore();
  if (!db) return new Set();
  return new Set(await db.savedPdfs.toCollection().primaryKeys());
}

/** The ids of the saved PDFs, kept current as files are saved or removed (in this tab). */
export function useSavedPdfIds(): ReadonlySet<number> {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  useEffect(() => {
    let live = true;
    const refresh = () => {
      savedPdfIds().then(
        (next) => {
          if (live) setIds(next);
        },
        () => undefined,
      );
    };
    refresh();
    listeners.add(refresh);
    return () => {
      live = false;
      listeners.delete(refresh);
    };
  }, []);
  return ids;
}
