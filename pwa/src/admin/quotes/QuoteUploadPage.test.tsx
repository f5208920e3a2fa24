import type { QuoteUploadAnswer } from '@fcf/engine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { refreshQuotes } from '../../store/quotes.ts';
import {
  chooseFiles,
  click,
  mount,
  query,
  settle,
  texts,
  typeInto,
  unmountAll,
  waitUntil,
} from '../../testing/dom.tsx';
import { quoteSnapshots, uploadQuoteFiles } from '../admin-api.ts';
import QuoteUploadPage from './QuoteUploadPage.tsx';

vi.mock('../admin-api.ts', () => ({ quoteSnapshots: vi.fn(), uploadQuoteFiles: vi.fn() }));
vi.mock('../../store/quotes.ts', () => ({ refreshQuotes: vi.fn().mockResolvedValue(undefined) }));

const snapshots = vi.mocked(quoteSnapshots);
const upload = vi.mocked(uploadQuoteFiles);

const answer: QuoteUploadAnswer = {
  success: true,
  message: '行情导入完成：1 个文件，共 2 行',
  affected_companies: ['美的集团', '格力电器'],
  files: [
    {
      filename: '行情_20261120.csv',
      success: true,
      error: null,
      dates: ['2026-11-20'],
      imported: 2,
      refused: [
        { row: 4, code: '000001', reason: '价格必须大于 0' },
        { row: 6, code: null, reason: '代码无法识别：“ABC”' },
      ],
      unknown_companies: ['688999'],
      units: '总市值单位：元（列名）',
    },
  ],
};

afterEach(() => {
  unmountAll();
  vi.clearAllMocks();
});

describe('QuoteUploadPage', () => {
  it('shows the history while loading, empty and failing, and each upload file by file', async () => {
    snapshots.mockResolvedValueOnce([]);
    mount(<QuoteUploadPage />);
    expect(query(document, '[role="status"]').textContent).toBe('加载中…');
    await settle();
    expect(document.body.textContent).toContain('还没有行情快照');

    snapshots.mockResolvedValueOnce([
      { date: '2026-11-20', rows: 2, uploaded_at: '2026-11-24T10:00:00.000Z' },
      { date: '2025-12-31', rows: 9, uploaded_at: '2026-11-01T10:00:00.000Z' },
    ]);
    upload.mockResolvedValueOnce(answer);
    chooseFiles(query<HTMLInputElement>(document, '[data-testid="upload-input"]'), [
      new File(['代码'], '行情_20261120.csv'),
    ]);
    typeInto(query<HTMLInputElement>(document, '[data-testid="quote-date"]'), '2026-11-20');
    click(query(document, '[data-testid="upload-submit"]'));
    await waitUntil(() => document.querySelector('[data-testid="quote-file-result"]') !== null, 'the result');
    expect(upload.mock.calls[0]?.[1]).toBe('2026-11-20');
    expect(query(document, '[data-testid="quote-imported"]').textContent).toBe('导入 2 行');
    expect(texts(document, '[data-testid="quote-refused"] li')).toEqual([
      '第 4 行（000001）：价格必须大于 0',
      '第 6 行：代码无法识别：“ABC”',
    ]);
    expect(query(document, '[data-testid="quote-unknown"]').textContent).toContain('688999');
    await waitUntil(() => document.querySelector('[data-testid="quote-snapshots"]') !== null, 'the history');
    expect(texts(document, '[data-testid="quote-snapshots"] tbody td:first-child')).toEqual([
      '2026-11-20最新',
      '2025-12-31',
    ]);
    expect(refreshQuotes).toHaveBeenCalledWith(true);
  });

  it('says why when the history or the upload fails', async () => {
    snapshots.mockRejectedValueOnce(new ApiRequestError('network', '网络连接失败'));
    upload.mockRejectedValueOnce(new ApiRequestError('http', '需要管理员权限', 403));
    mount(<QuoteUploadPage />);
    await settle();
    expect(query(document, '[role="alert"]').textContent).toContain('网络连接失败');
    chooseFiles(query<HTMLInputElement>(document, '[data-testid="upload-input"]'), [new File(['x'], 'q.xlsx')]);
    click(query(document, '[data-testid="upload-submit"]'));
    await waitUntil(() => document.querySelector('[data-testid="upload-results"]') !== null, 'the failure');
    expect(query(document, '[data-testid="upload-results"]').textContent).toContain('需要管理员权限');
    expect(refreshQuotes).not.toHaveBeenCalled();
  });
});
