import { useEffect, useState } from 'react';
import { type FetchedPdf, fetchPdf, type PdfFile } from '../api/research-api.ts';
import { openStore, type SavedPdf } from '../store/db.ts';

/**
 * Research PDFs kept for reading offline: their bytes and metadata in IndexedDB, so the viewer opens them
 * with no network. Two kinds: saved ("离线保存", pinned: kept until the reader removes them) and cached
 * (every report opened online is kept too, least recently read evicted first beyond the size budget the
 * research page's 离线缓存 panel sets). Stored files never change (a new upload gets a new id), so a kept
 * copy is never refreshed.
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

const isPinned = (record: Pick<SavedPdf, 'pinned'>) => record.pinned !== false;

/** Stores fetched bytes (the viewer has them already) under the file's id, as saved by the reader. */
export async function keepPdf(pdf: FetchedPdf, pinned = true): Promise<void> {
  // A copy, taken before any await: pdf.js transfers (detaches) the buffer it is given.
  const data = pdf.data.slice(0);
  const db = await openStore();
  if (!db) throw new Error(SAVE_UNAVAILABLE);
  const now = Date.now();
  const record: SavedPdf = {
    id: pdf.id,
    filename: pdf.filename,
    size: pdf.size,
    sha256: pdf.sha256,
    upload_time: pdf.upload_time,
    savedAt: now,
    data,
    pinned,
    readAt: now,
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

/** The reports saved by the reader (pinned). */
export async function savedPdfIds(): Promise<Set<number>> {
  const db = await openStore();
  if (!db) return new Set();
  return new Set((await db.savedPdfs.filter(isPinned).toArray()).map((record) => record.id));
}

/** Every report readable offline: saved and cached. */
export async function offlinePdfIds(): Promise<Set<number>> {
  const db = await openStore();
  if (!db) return new Set();
  return new Set(await db.savedPdfs.toCollection().primaryKeys());
}

/**
 * A report just read online: kept in the cache (or, if already on the device, marked as just read), then
 * the cache trimmed to its budget. Best effort: a full or missing store only means no offline copy.
 */
export async function rememberOpenedPdf(pdf: FetchedPdf, budgetBytes: number): Promise<void> {
  // Copied before the first await: the viewer hands the buffer to pdf.js, which detaches it.
  const copy: FetchedPdf = { ...pdf, data: pdf.data.slice(0) };
  const db = await openStore();
  if (!db) return;
  const updated = await db.savedPdfs.update(pdf.id, { readAt: Date.now() });
  if (updated === 0) await keepPdf(copy, false);
  await trimCache(budgetBytes);
}

/** Marks a report read from the device as just read (the cache's recency). */
export async function touchPdf(id: number): Promise<void> {
  const db = await openStore();
  await db?.savedPdfs.update(id, { readAt: Date.now() });
}

export interface CacheUsage {
  readonly savedCount: number;
  readonly savedBytes: number;
  readonly cachedCount: number;
  readonly cachedBytes: number;
}

async function cachedRecords(): Promise<{ id: number; size: number; readAt: number }[]> {
  const db = await openStore();
  if (!db) return [];
  const records: { id: number; size: number; readAt: number }[] = [];
  await db.savedPdfs.each((record) => {
    if (!isPinned(record)) records.push({ id: record.id, size: record.size, readAt: record.readAt ?? record.savedAt });
  });
  return records;
}

/** Evicts cached (never saved) reports, least recently read first, until they fit the budget. */
export async function trimCache(budgetBytes: number): Promise<void> {
  const db = await openStore();
  if (!db) return;
  const records = (await cachedRecords()).sort((a, b) => b.readAt - a.readAt);
  let total = 0;
  const evicted: number[] = [];
  for (const record of records) {
    total += record.size;
    if (total > budgetBytes) evicted.push(record.id);
  }
  if (evicted.length === 0) return;
  await db.savedPdfs.bulkDelete(evicted);
  changed();
}

/** Drops every cached report; saved ones stay. */
export async function clearCache(): Promise<void> {
  await trimCache(0);
}

export async function cacheUsage(): Promise<CacheUsage> {
  const db = await openStore();
  const usage = { savedCount: 0, savedBytes: 0, cachedCount: 0, cachedBytes: 0 };
  await db?.savedPdfs.each((record) => {
    if (isPinned(record)) {
      usage.savedCount += 1;
      usage.savedBytes += record.size;
    } else {
      usage.cachedCount += 1;
      usage.cachedBytes += record.size;
    }
  });
  return usage;
}

/** A store query kept current as files are saved, cached or removed (in this tab). */
export function useOfflinePdfs<Value>(read: () => Promise<Value>, initial: Value): Value {
  const [value, setValue] = useState<Value>(initial);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read is one of this module's stable queries.
  useEffect(() => {
    let live = true;
    const refresh = () => {
      read().then(
        (next) => {
          if (live) setValue(next);
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
  return value;
}

const NO_IDS: ReadonlySet<number> = new Set();

/** The ids of the reports saved by the reader. */
export function useSavedPdfIds(): ReadonlySet<number> {
  return useOfflinePdfs<ReadonlySet<number>>(savedPdfIds, NO_IDS);
}

/** The ids of every report readable offline (saved or cached). */
export function useOfflinePdfIds(): ReadonlySet<number> {
  return useOfflinePdfs<ReadonlySet<number>>(offlinePdfIds, NO_IDS);
}
