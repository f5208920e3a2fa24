import { describe, expect, it } from 'vitest';
import type { PdfCategory, PdfFile } from '../api/research-api.ts';
import { pageCount, pageSlice } from '../ui/pagination.ts';
import {
  ALL_FILES,
  DEFAULT_PAGE_SIZE,
  emptyText,
  filesIn,
  PAGE_SIZES,
  panelEntries,
  selectionName,
  sortedCategories,
  UNCATEGORIZED,
  validSelection,
} from './research-library.ts';

const CATEGORIES: PdfCategory[] = [
  { id: 7, name: '公司深度', sort_order: 2, file_count: 1 },
  { id: 3, name: '行业研究', sort_order: 1, file_count: 2 },
  { id: 9, name: '晨会纪要', sort_order: 2, file_count: 0 },
];

function file(id: number, category: number | null): PdfFile {
  return {
    id,
    filename: `报告${id}.pdf`,
    category_id: category,
    category_name: null,
    size: 1000 * id,
    sha256: `sha-${id}`,
    upload_time: '2025-03-18T01:30:00Z',
  };
}

const FILES = [file(1, 3), file(2, 3), file(3, 7), file(4, null), file(5, 42)];

describe('the category panel', () => {
  it('starts with 全部文件 (−1) and 未分类 (0), then the categories by sort order (ties by id)', () => {
    const entries = panelEntries(CATEGORIES, FILES);
    expect(entries.map((entry) => [entry.id, entry.name, entry.count, entry.builtIn])).toEqual([
      [ALL_FILES, '全部文件', 5, true],
      [UNCATEGORIZED, '未分类', 1, true],
      [3, '行业研究', 2, false],
      [7, '公司深度', 1, false],
      [9, '晨会纪要', 0, false],
    ]);
    expect(sortedCategories(CATEGORIES).map((category) => category.id)).toEqual([3, 7, 9]);
  });

  it('takes the server counts when the files are not at hand', () => {
    const entries = panelEntries([{ id: 3, name: '行业研究', sort_order: 1, file_count: 4 }]);
    expect(entries.map((entry) => entry.count)).toEqual([null, null, 4]);
  });
});

describe('which files a selection shows', () => {
  it('all, uncategorised, or one category', () => {
    expect(filesIn(FILES, ALL_FILES).map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    expect(filesIn(FILES, UNCATEGORIZED).map((item) => item.id)).toEqual([4]);
    expect(filesIn(FILES, 3).map((item) => item.id)).toEqual([1, 2]);
    expect(filesIn(FILES, 99)).toEqual([]);
  });

  it('counts a file of a category that is gone as uncategorised', () => {
    const known = new Set(CATEGORIES.map((category) => category.id));
    expect(filesIn(FILES, UNCATEGORIZED, known).map((item) => item.id)).toEqual([4, 5]);
  });

  it('falls back to all files when the selected category is gone', () => {
    expect(validSelection(7, CATEGORIES)).toBe(7);
    expect(validSelection(42, CATEGORIES)).toBe(ALL_FILES);
    expect(validSelection(UNCATEGORIZED, [])).toBe(UNCATEGORIZED);
  });
});

describe('names and empty states', () => {
  it('names the selection', () => {
    expect(selectionName(ALL_FILES, CATEGORIES)).toBe('全部文件');
    expect(selectionName(UNCATEGORIZED, CATEGORIES)).toBe('未分类');
    expect(selectionName(7, CATEGORIES)).toBe('公司深度');
  });

  it('has three different empty states', () => {
    const texts = [ALL_FILES, UNCATEGORIZED, 7].map((selection) => emptyText(selection, CATEGORIES, 'admin'));
    expect(new Set(texts).size).toBe(3);
    expect(texts).toEqual(['暂无PDF文件，请先上传', '没有未分类的文件', '分类"公司深度"下暂无文件']);
    expect(emptyText(ALL_FILES, CATEGORIES, 'reader')).toBe('暂无研究报告');
  });
});

describe('pagination of the report table', () => {
  it('offers 5/10/20/50 a page, 10 by default', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 20, 50]);
    expect(DEFAULT_PAGE_SIZE).toBe(10);
  });

  it('splits 23 reports into pages', () => {
    const many = Array.from({ length: 23 }, (_, index) => file(index + 1, null));
    expect(pageCount(many.length, DEFAULT_PAGE_SIZE)).toBe(3);
    expect(pageSlice(many, 3, DEFAULT_PAGE_SIZE).map((item) => item.id)).toEqual([21, 22, 23]);
    expect(pageSlice(many, 9, 5).map((item) => item.id)).toEqual([21, 22, 23]);
    expect(pageCount(0, 5)).toBe(1);
  });
});
