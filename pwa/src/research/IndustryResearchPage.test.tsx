import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/http.ts';
import { fetchAllFiles, fetchCategories, fetchPdf, type PdfCategory, type PdfFile } from '../api/research-api.ts';
import { byText, click, mount, query, settle, texts, unmountAll, waitUntil } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import IndustryResearchPage from './IndustryResearchPage.tsx';
import { readSavedPdf, removeSavedPdf } from './offline-pdfs.ts';

vi.mock('../api/research-api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/research-api.ts')>()),
  fetchCategories: vi.fn(),
  fetchAllFiles: vi.fn(),
  fetchPdf: vi.fn(),
}));

const CATEGORIES: PdfCategory[] = [
  { id: 2, name: '公司深度', sort_order: 2, file_count: 1 },
  { id: 1, name: '行业研究', sort_order: 1, file_count: 2 },
  { id: 3, name: '宏观策略', sort_order: 3, file_count: 0 },
];

function file(id: number, filename: string, category: number | null): PdfFile {
  const time = new Date(Date.UTC(2025, 0, id, 2, 30)).toISOString();
  return {
    id,
    filename,
    category_id: category,
    category_name: null,
    size: 2048 * id,
    sha256: `sha-${id}`,
    upload_time: time,
  };
}

const FILES: PdfFile[] = [
  file(4, '电力行业资本开支周期分析.pdf', 1),
  file(3, '白色家电龙头自由现金流对比.pdf', 2),
  file(2, '家电行业2024年度研究报告.pdf', 1),
  file(1, '自由现金流估值方法说明.pdf', null),
];

const names = () => texts(document, '.research-table__name a');
const category = (name: string) => byText(document, '.research-categories__item', name);

async function open(
  ready = () => document.querySelector('.research-table, .research-list__empty:not(:empty)') !== null,
) {
  mount(
    <RouterProvider>
      <IndustryResearchPage />
    </RouterProvider>,
  );
  await settle();
  await waitUntil(() => ready() && !document.querySelector('[aria-busy="true"]'), 'the list');
}

beforeEach(() => {
  // Failed category loads are logged by design; keep the output clean.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.mocked(fetchCategories).mockResolvedValue(structuredClone(CATEGORIES));
  vi.mocked(fetchAllFiles).mockResolvedValue(structuredClone(FILES));
});

afterEach(() => {
  unmountAll();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

describe('the industry research page', () => {
  it('lists every report with upload time and a download link; the panel has 全部文件, 未分类, then categories', async () => {
    await open();
    expect(texts(document, '.research-categories__name')).toEqual([
      '全部文件',
      '未分类',
      '行业研究',
      '公司深度',
      '宏观策略',
    ]);
    expect(texts(document, '.research-categories__count')).toEqual(['4', '1', '2', '1', '0']);
    expect(query(document, '.research-list h2').textContent).toBe('全部文件（4）');
    expect(names()).toEqual(FILES.map((item) => item.filename));
    const download = byText(document, '.research-table__actions a', '下载') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toBe('/api/pdf-files/4?download=1');
    expect(download.getAttribute('download')).toBe('电力行业资本开支周期分析.pdf');
    expect(texts(document, '.research-table__time')[0]).toMatch(/^2025\/01\/04 \d{2}:30$/);
  });

  it('filters by category, uncategorised, and shows the empty state of an empty category', async () => {
    await open();
    click(category('行业研究'));
    expect(names()).toEqual(['电力行业资本开支周期分析.pdf', '家电行业2024年度研究报告.pdf']);
    expect(category('行业研究').getAttribute('aria-pressed')).toBe('true');
    click(category('未分类'));
    expect(names()).toEqual(['自由现金流估值方法说明.pdf']);
    click(category('宏观策略'));
    expect(names()).toEqual([]);
    expect(query(document, '.research-list__empty').textContent).toBe('分类"宏观策略"下暂无文件');
    click(category('全部文件'));
    expect(names()).toHaveLength(4);
  });

  it('pages the table 10 at a time by default, with 5/10/20/50 to choose', async () => {
    const many = Array.from({ length: 23 }, (_, index) => file(index + 1, `报告${index + 1}.pdf`, null));
    vi.mocked(fetchAllFiles).mockResolvedValue(many);
    await open();
    expect(names()).toHaveLength(10);
    const size = query<HTMLSelectElement>(document, '.pager select');
    expect([...size.options].map((option) => option.value)).toEqual(['5', '10', '20', '50']);
    expect(size.value).toBe('10');
    click(query(document, 'button[aria-label="第 3 页"]'));
    expect(names()).toEqual(['报告21.pdf', '报告22.pdf', '报告23.pdf']);
    expect(query(document, '.pager__total').textContent).toBe('共 23 份');
  });

  it('opens a report in the viewer in a new tab, and says so when the tab is blocked', async () => {
    await open();
    const opened = { opener: {} };
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    click(byText(document, '.research-table__name a', '家电行业2024年度研究报告.pdf'));
    expect(windowOpen).toHaveBeenCalledWith('/pdf-viewer?id=2', '_blank');
    expect(opened.opener).toBeNull();
    windowOpen.mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    click(byText(document, '.research-table__name a', '家电行业2024年度研究报告.pdf'));
    expect(alert).toHaveBeenCalledWith(expect.stringContaining('弹出窗口被浏览器拦截'));
  });

  it('keeps a report for offline reading from its row', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 sample').buffer;
    vi.mocked(fetchPdf).mockResolvedValue({ ...FILES[2], data: bytes } as never);
    await open();
    const row = byText(document, 'tr', '家电行业2024年度研究报告.pdf');
    click(byText(row, 'button', '离线保存'));
    await waitUntil(() => document.querySelector('.research-table__badge') !== null, 'the saved badge');
    expect(fetchPdf).toHaveBeenCalledWith(2);
    expect(
      byText(document, 'tr', '家电行业2024年度研究报告.pdf').querySelector('.research-table__badge')?.textContent,
    ).toBe('已离线保存');
    const saved = await readSavedPdf(2);
    expect(saved?.filename).toBe('家电行业2024年度研究报告.pdf');
    expect(new Uint8Array(saved?.data ?? new ArrayBuffer(0))).toEqual(new Uint8Array(bytes));
    await removeSavedPdf(2);
  });

  it('offline, shows the last list it got, marked as such', async () => {
    await open();
    unmountAll();
    vi.mocked(fetchCategories).mockRejectedValue(new ApiRequestError('network', '网络连接失败'));
    vi.mocked(fetchAllFiles).mockRejectedValue(new ApiRequestError('network', '网络连接失败'));
    await open();
    expect(names()).toHaveLength(4);
    expect(query(document, '.research__notice').textContent).toContain('无法连接服务器');
  });

  it('says so when there is no list at all, and retries', async () => {
    vi.mocked(fetchAllFiles).mockRejectedValue(new ApiRequestError('http', '服务器内部错误', 500));
    vi.mocked(fetchCategories).mockRejectedValue(new ApiRequestError('http', '服务器内部错误', 500));
    const { FcfDatabase } = await import('../store/db.ts');
    await new FcfDatabase().lists.clear();
    await open();
    expect(query(document, '.research__notice.notice--error').textContent).toContain(
      '研究报告加载失败：服务器内部错误',
    );
    vi.mocked(fetchAllFiles).mockResolvedValue(structuredClone(FILES));
    vi.mocked(fetchCategories).mockResolvedValue(structuredClone(CATEGORIES));
    click(byText(document, 'button', '重试'));
    await waitUntil(() => names().length === 4, 'the list after retrying');
  });
});
