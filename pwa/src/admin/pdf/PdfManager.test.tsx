import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { fetchCategories, fetchFiles, type PdfCategory, type PdfFile } from '../../api/research-api.ts';
import {
  byText,
  chooseFiles,
  click,
  mount,
  press,
  query,
  settle,
  texts,
  typeInto,
  unmountAll,
  waitUntil,
} from '../../testing/dom.tsx';
import PdfManager from './PdfManager.tsx';
import {
  createCategory,
  deleteCategory,
  deletePdfFile,
  moveFile,
  saveCategoryOrder,
  uploadPdf,
} from './pdf-admin-api.ts';

vi.mock('../../api/research-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/research-api.ts')>()),
  fetchCategories: vi.fn(),
  fetchFiles: vi.fn(),
}));

vi.mock('./pdf-admin-api.ts', () => ({
  createCategory: vi.fn(),
  deleteCategory: vi.fn(),
  saveCategoryOrder: vi.fn(),
  moveFile: vi.fn(),
  deletePdfFile: vi.fn(),
  uploadPdf: vi.fn(),
}));

const CATEGORIES: PdfCategory[] = [
  { id: 5, name: '公司深度', sort_order: 2, file_count: 1 },
  { id: 4, name: '行业研究', sort_order: 1, file_count: 2 },
  { id: 8, name: '晨会纪要', sort_order: 3, file_count: 0 },
];

function file(id: number, filename: string, category: number | null): PdfFile {
  return {
    id,
    filename,
    category_id: category,
    category_name: null,
    size: 1000,
    sha256: 'x',
    upload_time: `2025-03-1${id}T06:05:00Z`,
  };
}

const FILES = [
  file(3, '电力行业资本开支周期分析.pdf', 4),
  file(2, '白色家电对比.pdf', 5),
  file(1, '方法说明.pdf', null),
];

function filesOf(selection: number): PdfFile[] {
  if (selection === -1) return structuredClone(FILES);
  if (selection === 0) return FILES.filter((item) => item.category_id === null);
  return FILES.filter((item) => item.category_id === selection);
}

const pdf = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
const categoryNames = () => texts(document, '.pdf-categories__select');
const fileNames = () => texts(document, '.pdf-files__name');
const button = (label: string) => query<HTMLButtonElement>(document, `button[aria-label="${label}"]`);
const uploadButton = () => query<HTMLButtonElement>(document, '[data-testid="pdf-upload-button"]');

const choose = (files: File[]) =>
  chooseFiles(query<HTMLInputElement>(document, '[data-testid="pdf-upload-input"]'), files);

async function open() {
  mount(<PdfManager />);
  await settle();
  await settle();
}

let alerts: string[];

beforeEach(() => {
  alerts = [];
  vi.spyOn(window, 'alert').mockImplementation((text) => {
    alerts.push(String(text));
  });
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  vi.mocked(fetchCategories).mockImplementation(async () => structuredClone(CATEGORIES));
  vi.mocked(fetchFiles).mockImplementation(async (selection) => filesOf(selection));
  vi.mocked(createCategory).mockImplementation(async (name, sortOrder) => ({
    id: 99,
    name,
    sort_order: sortOrder,
    file_count: 0,
  }));
  vi.mocked(deleteCategory).mockResolvedValue({ success: true, message: '分类已删除' });
  vi.mocked(saveCategoryOrder).mockResolvedValue({ success: true, message: '排序已保存' });
  vi.mocked(moveFile).mockResolvedValue({ success: true, data: FILES[0] as PdfFile, message: '分类已更新' });
  vi.mocked(deletePdfFile).mockResolvedValue({ success: true, message: '文件已删除' });
  vi.mocked(uploadPdf).mockImplementation(async (item) => ({ filename: item.name, success: true, error: null }));
});

afterEach(() => {
  unmountAll();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('uploading PDFs', () => {
  it('takes only PDFs, shows sizes, lets a waiting file go, and uploads one request per file', async () => {
    await open();
    expect(uploadButton().textContent).toBe('批量上传 (0)');
    expect(uploadButton().disabled).toBe(true);
    choose([
      pdf('a.pdf', 1536),
      pdf('b.pdf', 2 * 1024 * 1024),
      new File(['x'], 'c.xlsx', { type: 'application/vnd.ms-excel' }),
      pdf('d.pdf'),
    ]);
    expect(texts(document, '.pending-list__name')).toEqual(['a.pdf', 'b.pdf', 'd.pdf']);
    expect(texts(document, '.pending-list__size')).toEqual(['1.50 KB', '2.00 MB', '10.00 Bytes']);
    expect(query(document, '.pdf-notice.notice--warning').textContent).toContain('c.xlsx');
    expect(uploadButton().textContent).toBe('批量上传 (3)');
    click(button('移除 d.pdf'));
    expect(texts(document, '.pending-list__name')).toEqual(['a.pdf', 'b.pdf']);

    click(uploadButton());
    await waitUntil(() => alerts.length > 0, 'the summary');
    expect(vi.mocked(uploadPdf).mock.calls.map(([item]) => item.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(alerts).toEqual(['全部上传成功，共 2 个文件']);
    expect(document.querySelector('.pending-list')).toBeNull();
    // The files reload after an upload.
    expect(vi.mocked(fetchFiles).mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it("shows '上传中... (done/total)' and status icons while uploading", async () => {
    let release: (() => void) | undefined;
    vi.mocked(uploadPdf).mockImplementationOnce(
      (item) =>
        new Promise((resolve) => {
          release = () => resolve({ filename: item.name, success: true, error: null });
        }),
    );
    await open();
    choose([pdf('a.pdf'), pdf('b.pdf')]);
    click(uploadButton());
    await settle();
    expect(uploadButton().textContent).toBe('上传中... (0/2)');
    expect(uploadButton().disabled).toBe(true);
    expect(
      document.querySelector('.pending-list__item[data-status="uploading"] [role="img"]')?.getAttribute('aria-label'),
    ).toBe('上传中');
    // No remove button while uploading.
    expect(document.querySelector('button[aria-label="移除 a.pdf"]')).toBeNull();
    release?.();
    await waitUntil(() => alerts.length > 0, 'the summary');
  });

  it('keeps failed files with a 失败 label (the reason as tooltip) and lists failures in the summary', async () => {
    vi.mocked(uploadPdf).mockImplementation(async (item) =>
      item.name === 'bad.pdf'
        ? { filename: item.name, success: false, error: '不是有效的PDF文件：仅支持 PDF 格式' }
        : { filename: item.name, success: true, error: null },
    );
    await open();
    choose([pdf('good.pdf'), pdf('bad.pdf'), pdf('huge.pdf', 20 * 1024 * 1024 + 1)]);
    click(uploadButton());
    await waitUntil(() => alerts.length > 0, 'the summary');
    expect(vi.mocked(uploadPdf).mock.calls.map(([item]) => item.name)).toEqual(['good.pdf', 'bad.pdf']);
    expect(alerts[0]).toBe(
      '上传完成：成功 1 个，失败 2 个\nbad.pdf: 不是有效的PDF文件：仅支持 PDF 格式\nhuge.pdf: 文件过大（20.00 MB）：单个PDF不超过 20 MB',
    );
    const failed = document.querySelectorAll<HTMLElement>('.pending-list__failed');
    expect([...failed].map((label) => [label.textContent, label.title])).toEqual([
      ['失败', '不是有效的PDF文件：仅支持 PDF 格式'],
      ['失败', '文件过大（20.00 MB）：单个PDF不超过 20 MB'],
    ]);
    expect(texts(document, '.pdf-notice.notice--error li')).toHaveLength(2);
  });
});

describe('the category panel', () => {
  it('lists 全部文件, 未分类 and the categories by sort order; the first cannot go up, the last cannot go down', async () => {
    await open();
    expect(categoryNames()).toEqual(['全部文件', '未分类', '行业研究', '公司深度', '晨会纪要']);
    expect(button('上移 行业研究').disabled).toBe(true);
    expect(button('下移 行业研究').disabled).toBe(false);
    expect(button('下移 晨会纪要').disabled).toBe(true);
    expect(button('上移 晨会纪要').disabled).toBe(false);
  });

  it('swaps neighbours, renumbers 1..n and posts the whole order; busy buttons are disabled meanwhile', async () => {
    let release: (() => void) | undefined;
    vi.mocked(saveCategoryOrder).mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          release = () => resolve({ success: true, message: '文件已删除' });
        }),
    );
    await open();
    click(button('下移 行业研究'));
    expect(categoryNames().slice(2)).toEqual(['公司深度', '行业研究', '晨会纪要']);
    expect(vi.mocked(saveCategoryOrder).mock.calls[0]?.[0].map((item) => [item.id, item.sort_order])).toEqual([
      [5, 1],
      [4, 2],
      [8, 3],
    ]);
    expect(button('上移 行业研究').disabled).toBe(true);
    expect(button('下移 行业研究').disabled).toBe(true);
    expect(button('删除 行业研究').disabled).toBe(true);
    expect(button('删除 公司深度').disabled).toBe(false);
    release?.();
    await settle();
    expect(button('删除 行业研究').disabled).toBe(false);
  });

  it('reloads and alerts when the order cannot be saved', async () => {
    vi.mocked(saveCategoryOrder).mockRejectedValueOnce(new ApiRequestError('http', 'x', 500));
    await open();
    click(button('上移 晨会纪要'));
    await waitUntil(() => alerts.length > 0, 'the alert');
    expect(alerts).toEqual(['服务器错误，请稍后重试']);
    expect(categoryNames().slice(2)).toEqual(['行业研究', '公司深度', '晨会纪要']);
    vi.mocked(saveCategoryOrder).mockRejectedValueOnce(new Error('x'));
    click(button('上移 晨会纪要'));
    await waitUntil(() => alerts.length > 1, 'the second alert');
    expect(alerts[1]).toBe('排序失败！');
  });

  it('adds with Enter at the end (max + 1); an empty name cannot be added', async () => {
    await open();
    const box = query<HTMLInputElement>(document, '[data-testid="pdf-category-name"]');
    const add = byText(document, '.pdf-categories__add button', '添加') as HTMLButtonElement;
    expect(box.placeholder).toBe('新分类名称');
    typeInto(box, '   ');
    expect(add.disabled).toBe(true);
    press(box, 'Enter');
    expect(createCategory).not.toHaveBeenCalled();
    typeInto(box, '  宏观策略 ');
    expect(add.disabled).toBe(false);
    press(box, 'Enter');
    await waitUntil(() => box.value === '', 'the box to clear');
    expect(createCategory).toHaveBeenCalledWith('宏观策略', 4);
  });

  it('alerts the server reason when adding fails, and keeps the name', async () => {
    vi.mocked(createCategory).mockRejectedValueOnce(new ApiRequestError('http', '添加失败', 409, '分类"宏观"已存在'));
    await open();
    const box = query<HTMLInputElement>(document, '[data-testid="pdf-category-name"]');
    typeInto(box, '宏观');
    press(box, 'Enter');
    await waitUntil(() => alerts.length > 0, 'the alert');
    expect(alerts).toEqual(['分类"宏观"已存在']);
    expect(box.value).toBe('宏观');
  });

  it('deletes a category after confirming; the selection returns to all files', async () => {
    await open();
    click(byText(document, '.pdf-categories__select', '公司深度'));
    await settle();
    expect(fileNames()).toEqual(['白色家电对比.pdf']);
    vi.mocked(fetchCategories).mockImplementation(async () => CATEGORIES.filter((item) => item.id !== 5));
    click(button('删除 公司深度'));
    expect(window.confirm).toHaveBeenCalledWith('确定删除分类"公司深度"吗？其中的 1 个文件将移至"未分类"。');
    await waitUntil(() => !categoryNames().includes('公司深度'), 'the category to go');
    expect(deleteCategory).toHaveBeenCalledWith(5);
    await waitUntil(() => fileNames().length === 3, 'all files');
    expect(query(document, '.pdf-categories__select.is-active').textContent).toBe('全部文件');
  });

  it('does nothing when the delete is not confirmed', async () => {
    vi.mocked(window.confirm).mockReturnValue(false);
    await open();
    click(button('删除 晨会纪要'));
    expect(deleteCategory).not.toHaveBeenCalled();
  });

  it('logs a failed category load and leaves the list empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.mocked(fetchCategories).mockRejectedValue(new ApiRequestError('network', '网络连接失败'));
    await open();
    expect(categoryNames()).toEqual(['全部文件', '未分类']);
    expect(warn).toHaveBeenCalled();
    expect(alerts).toEqual([]);
  });
});

describe('the file table', () => {
  it('shows ID, name, a category select, the upload time to the minute, preview and delete, with the count', async () => {
    await open();
    expect(query(document, '.pdf-files h2').textContent).toBe('全部文件（3）');
    expect(texts(document, '.pdf-files__table th')).toEqual(['ID', '文件名', '分类', '上传时间', '预览', '操作']);
    expect(texts(document, '.pdf-files__id')).toEqual(['3', '2', '1']);
    const select = query<HTMLSelectElement>(document, 'tr[data-file-id="3"] select');
    expect([...select.options].map((option) => option.textContent)).toEqual([
      '未分类',
      '行业研究',
      '公司深度',
      '晨会纪要',
    ]);
    expect(select.value).toBe('4');
    expect(query<HTMLSelectElement>(document, 'tr[data-file-id="1"] select').value).toBe('0');
    expect(texts(document, '.pdf-files__time')[0]).toMatch(/^2025\/03\/13 \d{2}:05$/);
    const preview = byText(document, 'tr[data-file-id="3"] a', '预览') as HTMLAnchorElement;
    expect(preview.getAttribute('href')).toBe('/pdf-preview/3');
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as unknown as Window);
    click(preview);
    expect(windowOpen).toHaveBeenCalledWith('/pdf-preview/3', '_blank');
  });

  it('moves a file to a category or back to uncategorised, then reloads', async () => {
    await open();
    const select = query<HTMLSelectElement>(document, 'tr[data-file-id="1"] select');
    act(() => {
      select.value = '8';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(moveFile).toHaveBeenCalledWith(1, 8);
    const other = query<HTMLSelectElement>(document, 'tr[data-file-id="3"] select');
    act(() => {
      other.value = '0';
      other.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(moveFile).toHaveBeenLastCalledWith(3, null);
    expect(vi.mocked(fetchCategories).mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('alerts when a move fails and reloads the list', async () => {
    vi.mocked(moveFile).mockRejectedValueOnce(
      new ApiRequestError('http', '分类不存在或已删除', 400, '分类不存在或已删除'),
    );
    await open();
    const calls = vi.mocked(fetchFiles).mock.calls.length;
    const select = query<HTMLSelectElement>(document, 'tr[data-file-id="1"] select');
    act(() => {
      select.value = '8';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitUntil(() => alerts.length > 0, 'the alert');
    expect(alerts).toEqual(['分类不存在或已删除']);
    await settle();
    expect(vi.mocked(fetchFiles).mock.calls.length).toBeGreaterThan(calls);
  });

  it("deletes a file after the can't-be-undone confirmation, with a toast", async () => {
    await open();
    click(byText(document, 'tr[data-file-id="2"] button', '删除'));
    expect(vi.mocked(window.confirm).mock.calls[0]?.[0]).toBe(
      '确定删除文件"白色家电对比.pdf"吗？此操作无法撤销，删除后文件无法恢复。',
    );
    await settle();
    expect(deletePdfFile).toHaveBeenCalledWith(2);
    expect(query(document, '.pdf-notice.notice--success').textContent).toBe('已删除文件"白色家电对比.pdf"');
  });

  it('says the file is gone when the delete finds no file', async () => {
    vi.mocked(deletePdfFile).mockRejectedValueOnce(new ApiRequestError('http', '文件不存在或已删除', 404));
    await open();
    click(byText(document, 'tr[data-file-id="2"] button', '删除'));
    await settle();
    expect(query(document, '.pdf-notice.notice--error').textContent).toBe('文件不存在或已删除');
  });

  it('has different empty states for all files, uncategorised and a named category', async () => {
    vi.mocked(fetchFiles).mockResolvedValue([]);
    await open();
    expect(query(document, '.pdf-files__empty').textContent).toBe('暂无PDF文件，请先上传');
    click(byText(document, '.pdf-categories__select', '未分类'));
    await settle();
    expect(query(document, '.pdf-files__empty').textContent).toBe('没有未分类的文件');
    click(byText(document, '.pdf-categories__select', '晨会纪要'));
    await settle();
    expect(query(document, '.pdf-files__empty').textContent).toBe('分类"晨会纪要"下暂无文件');
    expect(query(document, '.pdf-files h2').textContent).toBe('晨会纪要（0）');
    expect(vi.mocked(fetchFiles).mock.calls.map(([selection]) => selection)).toEqual([-1, 0, 8]);
  });
});
