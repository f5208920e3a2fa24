import type { PdfCategory, PdfFile } from '../api/research-api.ts';

/**
 * The research library's rules, pure: the category panel's
 * entries, which files a selection shows, the empty states and the page sizes.
 */

/** The built-in selections: every file, and the files without a category. */
export const ALL_FILES = -1;
export const UNCATEGORIZED = 0;

/** Industry research page sizes. */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface PanelEntry {
  readonly id: number;
  readonly name: string;
  /** Files in it; null when not known. */
  readonly count: number | null;
  readonly builtIn: boolean;
}

/** Custom categories by sort_order (ties by id). */
export function sortedCategories<Category extends Pick<PdfCategory, 'id' | 'sort_order'>>(
  categories: readonly Category[],
): Category[] {
  return [...categories].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
}

/** 全部文件 (−1), 未分类 (0), then the categories in order; counts from `files` when given. */
export function panelEntries(categories: readonly PdfCategory[], files?: readonly PdfFile[]): PanelEntry[] {
  const count = (selection: number) => (files ? filesIn(files, selection).length : null);
  return [
    { id: ALL_FILES, name: '全部文件', count: count(ALL_FILES), builtIn: true },
    { id: UNCATEGORIZED, name: '未分类', count: count(UNCATEGORIZED), builtIn: true },
    ...sortedCategories(categories).map((category) => ({
      id: category.id,
      name: category.name,
      count: files ? count(category.id) : (category.file_count ?? null),
      builtIn: false,
    })),
  ];
}

/**
 * The files a selection shows. A file whose category no longer exists counts as uncategorised (the
 * server moves them; an offline copy may lag).
 */
export function filesIn(
  files: readonly PdfFile[],
  selection: number,
  knownCategories?: ReadonlySet<number>,
): PdfFile[] {
  if (selection === ALL_FILES) return [...files];
  if (selection === UNCATEGORIZED) {
    return files.filter(
      (file) => file.category_id === null || (knownCategories !== undefined && !knownCategories.has(file.category_id)),
    );
  }
  return files.filter((file) => file.category_id === selection);
}

/** The name of a selection, for headings. */
export function selectionName(selection: number, categories: readonly Pick<PdfCategory, 'id' | 'name'>[]): string {
  if (selection === ALL_FILES) return '全部文件';
  if (selection === UNCATEGORIZED) return '未分类';
  return categories.find((category) => category.id === selection)?.name ?? '未知分类';
}

/** The three empty states: all, uncategorised, a named category. */
export function emptyText(
  selection: number,
  categories: readonly Pick<PdfCategory, 'id' | 'name'>[],
  audience: 'reader' | 'admin',
): string {
  if (selection === ALL_FILES) return audience === 'admin' ? '暂无PDF文件，请先上传' : '暂无研究报告';
  if (selection === UNCATEGORIZED) return '没有未分类的文件';
  return `分类"${selectionName(selection, categories)}"下暂无文件`;
}

/** A selection that still exists: a deleted category falls back to all files. */
export function validSelection(selection: number, categories: readonly Pick<PdfCategory, 'id'>[]): number {
  if (selection === ALL_FILES || selection === UNCATEGORIZED) return selection;
  return categories.some((category) => category.id === selection) ? selection : ALL_FILES;
}
