import { fetchAllFiles, fetchCategories, type PdfCategory, type PdfFile } from '../api/research-api.ts';
import { cachedFetch } from '../store/cached-resource.ts';
import { readList, writeList } from '../store/db.ts';

export interface ResearchLibrary {
  readonly categories: readonly PdfCategory[];
  readonly files: readonly PdfFile[];
  /** True when the lists came from the offline copy because the server could not be reached. */
  readonly stale: boolean;
}

/**
 * The categories and every file, network first (a new upload shows at once) with the last copy kept in
 * IndexedDB for offline reading. A category list that cannot be had at all leaves the panel with the
 * built-in entries only; a file list that cannot be had is an error.
 */
export async function loadResearchLibrary(): Promise<ResearchLibrary> {
  const [categories, files] = await Promise.all([
    cachedFetch({
      read: () => readList('pdf_categories'),
      fetch: fetchCategories,
      write: (value) => writeList('pdf_categories', value),
      force: true,
    }).catch((error: unknown) => {
      console.warn('研究报告分类加载失败', error);
      return { value: [] as PdfCategory[], stale: true };
    }),
    cachedFetch({
      read: () => readList('pdf_files'),
      fetch: fetchAllFiles,
      write: (value) => writeList('pdf_files', value),
      force: true,
    }),
  ]);
  return { categories: categories.value, files: files.value, stale: files.stale };
}
