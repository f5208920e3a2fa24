import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { byText, chooseFiles, click, mount, query, settle, texts, unmountAll } from '../../testing/dom.tsx';
import { companiesStatus, deleteFile, listFiles, type UploadAnswer, uploadStatementFiles } from '../admin-api.ts';
import { company, statusOf, uploadedFile } from '../testing/api-answers.ts';
import UploadPage from './UploadPage.tsx';

vi.mock('../admin-api.ts', () => ({
  listFiles: vi.fn(),
  deleteFile: vi.fn(),
  deleteCompany: vi.fn(),
  companiesStatus: vi.fn(),
  valueCompanyNow: vi.fn(),
  analyzeCompanyNow: vi.fn(),
  startBatch: vi.fn(),
  followJob: vi.fn(),
  uploadStatementFiles: vi.fn(),
}));

const upload = vi.mocked(uploadStatementFiles);
const GREE = company('格力电器', '000651');
const MIDEA = company('美的集团', '000333', { report_types: ['income_statement', 'cash_flow'], valued: false });

const choose = (files: File[]) => chooseFiles(query<HTMLInputElement>(document, '[data-testid="upload-input"]'), files);

const submit = () => query<HTMLButtonElement>(document, '[data-testid="upload-submit"]');

async function openPage() {
  mount(<UploadPage />);
  await settle();
}

let alert: MockInstance<(message?: unknown) => void>;
beforeEach(() => {
  vi.mocked(listFiles).mockResolvedValue([uploadedFile(1)]);
  vi.mocked(companiesStatus).mockResolvedValue(statusOf([GREE, MIDEA]));
  alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  sessionStorage.clear();
});

describe('UploadPage upload flow', () => {
  it('keeps the accepted files, drops the rest with a warning, and lets a waiting file be removed', async () => {
    await openPage();
    expect(submit().disabled).toBe(true);
    choose([new File(['a,b'], '格力电器_利润表.csv'), new File(['%PDF'], '年报.pdf'), new File(['x'], '美的.xlsx')]);
    expect(query(document, '[role="alert"]').textContent).toContain('已忽略 1 个不支持的文件：年报.pdf');
    expect(texts(document, '.pending-list__name')).toEqual(['格力电器_利润表.csv', '美的.xlsx']);
    expect(texts(document, '.pending-list__size')).toEqual(['3.00 Bytes', '1.00 Bytes']);
    expect(query(document, '.pending-list__icon').getAttribute('aria-label')).toBe('等待上传');
    expect(submit().textContent).toBe('上传 (2)');

    click(query(document, '[aria-label="移除 美的.xlsx"]'));
    expect(texts(document, '.pending-list__name')).toEqual(['格力电器_利润表.csv']);
    expect(submit().textContent).toBe('上传 (1)');
  });

  it('shows real progress, then each failed file as “filename: error” and the partial alert', async () => {
    let report: (fraction: number) => void = () => {};
    let answer: (value: UploadAnswer) => void = () => {};
    upload.mockImplementation((_files, _token, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (answer = resolve));
    });
    await openPage();
    choose([new File(['a'], '格力电器.xlsx'), new File(['b'], 'x.csv')]);
    click(submit());

    expect(upload.mock.calls[0]?.[0].map((file) => file.name)).toEqual(['格力电器.xlsx', 'x.csv']);
    const progress = () => query(document, '[data-testid="upload-progress"]');
    expect(progress().getAttribute('role')).toBe('progressbar');
    expect(progress().getAttribute('aria-valuenow')).toBe('0');
    expect(submit().disabled).toBe(true);
    act(() => report(0.4));
    expect(progress().getAttribute('aria-valuenow')).toBe('40');
    expect(progress().textContent).toBe('40%');
    act(() => report(1));
    expect(progress().textContent).toBe('服务器处理中…');

    await act(async () =>
      answer({
        success: true,
        uploaded_files: [
          { filename: '格力电器.xlsx', success: true, error: null, company: '格力电器' },
          { filename: 'x.csv', success: false, error: '无法识别公司名称' },
        ],
        affected_companies: ['格力电器'],
        message: '上传完成：成功 1 个，失败 1 个',
      }),
    );
    await settle();
    expect(document.querySelector('[data-testid="upload-progress"]')).toBeNull();
    expect(alert).toHaveBeenCalledWith('上传完成：成功 1 个，失败 1 个');
    const results = query(document, '[data-testid="upload-results"]');
    expect(texts(results, '.upload-results__failures li')).toEqual(['x.csv: 无法识别公司名称']);
    expect(results.textContent).toContain('识别到 1 家公司');
    expect(query(document, '.pending-list__item.is-error').textContent).toContain('无法识别公司名称');
    // The touched company is listed first and marked, and the page's data is read again.
    expect(query(document, '.company-block').textContent).toContain('新上传');
    expect(query(document, '.company-block__name').textContent).toBe('格力电器');
    expect(listFiles).toHaveBeenCalledTimes(2);
    expect(companiesStatus).toHaveBeenCalledTimes(2);
  });

  it('asks for the unit of files that state none, and sends the same files again with the one confirmed', async () => {
    upload.mockResolvedValueOnce({
      success: false,
      uploaded_files: [
        { filename: '600519profitstatement.csv', success: false, error: '未注明金额单位：请选择单位后重新上传' },
        { filename: '600519cashflow.csv', success: false, error: '未注明金额单位：请选择单位后重新上传' },
      ],
      affected_companies: [],
      units_needed: [
        {
          filename: '600519profitstatement.csv',
          company: '贵州茅台',
          proposal: '万元',
          reason: '按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元，与财务摘要一致',
        },
        { filename: '600519cashflow.csv', company: '贵州茅台', proposal: '万元', reason: '按数值推断为万元' },
      ],
      message: '以下文件未注明金额单位',
    });
    upload.mockResolvedValueOnce({
      success: true,
      uploaded_files: [
        { filename: '600519profitstatement.csv', success: true, error: null },
        { filename: '600519cashflow.csv', success: true, error: null },
      ],
      affected_companies: ['贵州茅台'],
      message: '全部上传成功，共 2 个文件',
    });
    await openPage();
    choose([new File(['a'], '600519profitstatement.csv'), new File(['b'], '600519cashflow.csv')]);
    click(submit());
    await settle();
    expect(alert).not.toHaveBeenCalled();
    const confirm = query(document, '[data-testid="unit-confirm"]');
    expect(confirm.textContent).toContain('按数值推断为万元：营业收入 12,409,984.38 → 1,241 亿元，与财务摘要一致');
    expect(query<HTMLSelectElement>(confirm, '[aria-label="全部文件的金额单位"]').value).toBe('万元');
    // The files wait to go again.
    expect(submit().textContent).toBe('上传 (2)');
    click(query(document, '[data-testid="unit-confirm-submit"]'));
    await settle();
    expect(upload.mock.calls[1]?.[0].map((file) => file.name)).toEqual([
      '600519profitstatement.csv',
      '600519cashflow.csv',
    ]);
    expect(upload.mock.calls[1]?.[3]).toEqual({ unit: '万元' });
    expect(alert).toHaveBeenCalledWith('全部上传成功，共 2 个文件');
    expect(document.querySelector('[data-testid="unit-confirm"]')).toBeNull();
  });

  it('clears the list and says so when every file went in', async () => {
    upload.mockResolvedValue({
      success: true,
      uploaded_files: [
        { filename: 'a.csv', success: true, error: null },
        { filename: 'b.csv', success: true, error: null },
      ],
      affected_companies: ['美的集团'],
      message: '全部上传成功，共 2 个文件',
    });
    await openPage();
    choose([new File(['a'], 'a.csv'), new File(['b'], 'b.csv')]);
    click(submit());
    await settle();
    expect(alert).toHaveBeenCalledWith('全部上传成功，共 2 个文件');
    expect(document.querySelector('.pending-list')).toBeNull();
    expect(query(document, '[data-testid="upload-results"]').textContent).toContain('全部上传成功，共 2 个文件');
  });

  it('reports an exception as 批量上传失败', async () => {
    upload.mockRejectedValue(new ApiRequestError('network', '网络连接失败，请检查网络'));
    await openPage();
    choose([new File(['a'], 'a.csv')]);
    click(submit());
    await settle();
    expect(alert).toHaveBeenCalledWith('批量上传失败：网络连接失败，请检查网络');
    const results = query(document, '[data-testid="upload-results"]');
    expect(query(results, '[role="alert"]').textContent).toBe('批量上传失败：网络连接失败，请检查网络');
    expect(query(document, '.pending-list__item').className).toContain('is-error');
  });
});

describe('UploadPage lists', () => {
  it('lists files with Chinese report types and minute times, 10/20/50 a page', async () => {
    vi.mocked(listFiles).mockResolvedValue(
      Array.from({ length: 25 }, (_, index) =>
        uploadedFile(index + 1, index === 0 ? { report_type: 'balance_sheet,cash_flow', year: '2023' } : {}),
      ),
    );
    await openPage();
    const headers = texts(document, '.file-table th').slice(0, 6);
    expect(headers).toEqual(['公司', '文件名', '报表类型', '年份', '大小', '上传时间']);
    const first = query(document, '.file-table tbody tr');
    expect(texts(first, 'td').slice(2, 5)).toEqual(['资产负债表、现金流量表', '2023', '20.00 KB']);
    expect(query(first, 'time').textContent).toMatch(/^2025\/03\/08 \d{2}:05$/);
    expect(document.querySelectorAll('.file-table tbody tr')).toHaveLength(10);
    const size = query<HTMLSelectElement>(document, '[aria-label="文件列表分页"] select');
    expect([...size.options].map((option) => option.value)).toEqual(['10', '20', '50']);
    act(() => {
      size.value = '20';
      size.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(document.querySelectorAll('.file-table tbody tr')).toHaveLength(20);
  });

  it('deletes a file only after a confirmation that it cannot be undone', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    vi.mocked(deleteFile).mockResolvedValue({ success: true, message: '文件已删除' });
    await openPage();
    const button = query(document, '[aria-label="删除文件 格力电器_利润表_1.xlsx"]');
    click(button);
    expect(confirm).toHaveBeenCalledWith('确定删除文件"格力电器_利润表_1.xlsx"吗？删除后无法恢复');
    expect(deleteFile).not.toHaveBeenCalled();
    click(button);
    await settle();
    expect(deleteFile).toHaveBeenCalledWith(1);
    expect(byText(document, '.upload-notice', '已删除文件').textContent).toBe('已删除文件"格力电器_利润表_1.xlsx"');
    expect(listFiles).toHaveBeenCalledTimes(2);
  });

  it('expands a company block into its four report types', async () => {
    await openPage();
    const block = byText(document, '.company-block', '美的集团');
    expect(query(block, '.company-block__count').textContent).toBe('2/4');
    const toggle = query(block, '.company-block__summary');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(texts(block, '.company-block__types li')).toEqual([
      '✓利润表已上传',
      '✗资产负债表未上传',
      '✓现金流量表已上传',
      '✗财务摘要未上传',
    ]);
  });

  it('shows the status figures and lists, and their errors with a retry', async () => {
    await openPage();
    const figures = texts(document, '.status-panel__figure');
    expect(figures).toEqual(['公司总数2', '报表齐全1', '未估值1', '未分析0']);
    expect(query(document, '.status-panel__names').textContent).toContain('未估值公司 1美的集团');
    expect(query(document, '[data-testid="batch-valuation"]').textContent).toBe('批量估值未估值公司1');

    unmountAll();
    vi.mocked(companiesStatus).mockRejectedValueOnce(new ApiRequestError('http', '请求错误 (404)', 404));
    await openPage();
    expect(byText(document, '[role="alert"]', '获取公司状态失败').textContent).toContain('接口不存在，请联系管理员');

    unmountAll();
    vi.mocked(companiesStatus).mockRejectedValueOnce(new ApiRequestError('http', '请求错误 (502)', 502));
    await openPage();
    expect(byText(document, '[role="alert"]', '获取公司状态失败').textContent).toContain('服务器错误（502）');
    click(byText(document, '[role="alert"] button', '重试'));
    await settle();
    expect(document.querySelector('.status-panel [role="alert"]')).toBeNull();
    expect(texts(document, '.status-panel__figure')[0]).toBe('公司总数2');
  });
});
