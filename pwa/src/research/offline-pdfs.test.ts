import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { FetchedPdf } from '../api/research-api.ts';
import { openStore } from '../store/db.ts';
import { keepPdf, QUOTA_EXCEEDED, readSavedPdf, removeSavedPdf, savedPdfIds } from './offline-pdfs.ts';

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
