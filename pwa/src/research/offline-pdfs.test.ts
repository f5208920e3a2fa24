import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { FetchedPdf } from '../api/research-api.ts';
import { openStore } from '../store/db.ts';
import {
  cacheUsage,
  clearCache,
  keepPdf,
  offlinePdfIds,
  QUOTA_EXCEEDED,
  readSavedPdf,
  rememberOpenedPdf,
  removeSavedPdf,
  savedPdfIds,
} from './offline-pdfs.ts';

function sample(id: number): FetchedPdf {
  const data = new TextEncoder().encode(`%PDF-1.4 report ${id}`).buffer;
  return {
    id,
    filename: `报告${id}.pdf`,
    size: data.byteLength,
    sha256: `sha${id}`,
    upload_time: '2025-01-01T00:00:00Z',
    data,
  };
}

describe('PDFs saved for offline reading', () => {
  it('keeps the bytes and metadata by id, lists and removes them', async () => {
    const pdf = sample(1);
    await keepPdf(pdf);
    await keepPdf(sample(2));
    expect([...(await savedPdfIds())].sort()).toEqual([1, 2]);
    const saved = await readSavedPdf(1);
    expect(saved).toMatchObject({ id: 1, filename: '报告1.pdf', sha256: 'sha1', size: pdf.size });
    expect(new TextDecoder().decode(saved?.data)).toBe('%PDF-1.4 report 1');
    expect(saved?.savedAt).toBeGreaterThan(0);
    // The caller's buffer is not the stored one (pdf.js may detach it).
    expect(saved?.data).not.toBe(pdf.data);
    await removeSavedPdf(1);
    expect(await readSavedPdf(1)).toBeUndefined();
    expect([...(await savedPdfIds())]).toEqual([2]);
    await removeSavedPdf(2);
  });

  it('says so when the disk is full', async () => {
    const db = await openStore();
    if (!db) throw new Error('no IndexedDB');
    const put = vi.spyOn(db.savedPdfs, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
    await expect(keepPdf(sample(3))).rejects.toThrow(QUOTA_EXCEEDED);
    put.mockRestore();
    expect(await readSavedPdf(3)).toBeUndefined();
  });
});

describe('the cache of reports read online', () => {
  const sized = (id: number, bytes: number): FetchedPdf => {
    const data = new Uint8Array(bytes).buffer;
    return { ...sample(id), size: bytes, data };
  };

  it('keeps what was read, evicts the least recently read beyond the budget, never a saved one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await keepPdf(sized(10, 400));
      for (const [index, id] of [11, 12, 13].entries()) {
        vi.setSystemTime(1_000 + index);
        await rememberOpenedPdf(sized(id, 300), 1_000);
      }
      // 11, 12, 13 fit (900 bytes); reading 11 again makes 12 the least recent.
      vi.setSystemTime(2_000);
      await rememberOpenedPdf(sized(11, 300), 1_000);
      vi.setSystemTime(3_000);
      await rememberOpenedPdf(sized(14, 300), 1_000);
      expect([...(await offlinePdfIds())].sort()).toEqual([10, 11, 13, 14]);
      expect([...(await savedPdfIds())]).toEqual([10]);
      expect(await cacheUsage()).toEqual({ savedCount: 1, savedBytes: 400, cachedCount: 3, cachedBytes: 900 });

      // Saving a cached report pins it: it leaves the budget and is never evicted.
      await keepPdf(sized(13, 300));
      await clearCache();
      expect([...(await offlinePdfIds())].sort()).toEqual([10, 13]);
    } finally {
      vi.useRealTimers();
      for (const id of [10, 11, 12, 13, 14]) await removeSavedPdf(id);
    }
  });

  it('copies the bytes before the viewer’s pdf.js detaches them', async () => {
    const pdf = sample(20);
    const pending = rememberOpenedPdf(pdf, 1_000_000);
    structuredClone(pdf.data, { transfer: [pdf.data] });
    await pending;
    expect(new TextDecoder().decode((await readSavedPdf(20))?.data)).toBe('%PDF-1.4 report 20');
    await removeSavedPdf(20);
  });
});
