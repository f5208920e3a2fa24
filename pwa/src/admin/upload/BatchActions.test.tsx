import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { click, mount, query, settle, texts, unmountAll } from '../../testing/dom.tsx';
import { followJob, type Job, startBatch } from '../admin-api.ts';
import { batchAnswer, job } from '../testing/api-answers.ts';
import { BatchActions } from './BatchActions.tsx';
import { createRateLimiter } from './rate-limit.ts';

vi.mock('../admin-api.ts', () => ({ startBatch: vi.fn(), followJob: vi.fn() }));

const onFinished = vi.fn();
const valuationButton = () => query<HTMLButtonElement>(document, '[data-testid="batch-valuation"]');
const progress = () => query(document, '[data-testid="batch-progress"]');

function renderBatch(pending = { valuation: 3, fcf_ratio: 2 }) {
  mount(<BatchActions limiter={createRateLimiter()} pending={pending} onFinished={onFinished} />);
}

let confirm: MockInstance<(message?: string) => boolean>;
beforeEach(() => {
  confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('BatchActions', () => {
  it('confirms, follows the job’s progress, then sums up successes and failures', async () => {
    let report: (job: Job) => void = () => {};
    let end: (job: Job) => void = () => {};
    vi.mocked(startBatch).mockResolvedValue({ job_id: 'job-1', total: 3 });
    vi.mocked(followJob).mockImplementation((_id, onProgress) => {
      report = onProgress;
      return new Promise((resolve) => (end = resolve));
    });
    renderBatch();
    click(valuationButton());
    expect(confirm).toHaveBeenCalledWith('确定对全部未估值公司（3 家）执行批量估值吗？');
    await settle();
    expect(startBatch).toHaveBeenCalledWith('valuation', null);
    expect(followJob).toHaveBeenCalledWith('job-1', expect.any(Function));
    expect(progress().getAttribute('aria-valuemax')).toBe('3');
    expect(valuationButton().disabled).toBe(true);

    act(() => report(job({ done: 2, total: 3 })));
    expect(progress().getAttribute('aria-valuenow')).toBe('2');
    expect(progress().textContent).toBe('2/3');

    const result = batchAnswer(['格力电器', '美的集团'], [{ company: '海尔智家', reason: '缺少历史数据' }]);
    await act(async () => end(job({ status: 'done', done: 3, total: 3, result })));
    expect(document.querySelector('[data-testid="batch-progress"]')).toBeNull();
    const summary = query(document, '[data-testid="batch-result"]');
    expect(query(summary, '.batch-result__summary').textContent).toBe('批量估值完成：成功 2 家，失败 1 家');
    expect(texts(summary, '.batch-result__failures li')).toEqual(['海尔智家缺少历史数据']);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(valuationButton().disabled).toBe(false);
  });

  it('starts the ratio batch for companies lacking ratios', async () => {
    vi.mocked(startBatch).mockResolvedValue({ job_id: 'job-2', total: 0 });
    vi.mocked(followJob).mockResolvedValue(
      job({
        status: 'done',
        total: 0,
        result: batchAnswer([]),
      }),
    );
    renderBatch();
    click(query(document, '[data-testid="batch-analysis"]'));
    expect(confirm).toHaveBeenCalledWith('确定对缺少 FCF 比率的公司（2 家）执行批量后分析吗？');
    await settle();
    expect(startBatch).toHaveBeenCalledWith('fcf_ratio', null);
    expect(query(document, '[data-testid="batch-result"]').textContent).toBe('批量后分析完成：没有需要处理的公司');
  });

  it('runs nothing when the confirmation is declined', () => {
    confirm.mockReturnValue(false);
    renderBatch();
    click(valuationButton());
    expect(startBatch).not.toHaveBeenCalled();
    expect(document.querySelector('[data-testid="batch-result"]')).toBeNull();
  });

  it('shows a failed start or a failed job', async () => {
    vi.mocked(startBatch).mockRejectedValueOnce(new ApiRequestError('http', '服务器繁忙', 503));
    renderBatch();
    click(valuationButton());
    await settle();
    expect(query(document, '[data-testid="batch-result"]').textContent).toBe('批量估值失败：服务器繁忙');

    vi.mocked(startBatch).mockResolvedValue({ job_id: 'job-3', total: 2 });
    vi.mocked(followJob).mockResolvedValue(job({ status: 'failed', error: 'database is locked' }));
    click(valuationButton());
    await settle();
    expect(query(document, '[data-testid="batch-result"]').textContent).toBe('批量估值失败：database is locked');
  });

  it('refuses a 4th 批量估值 within 30 s', async () => {
    vi.mocked(startBatch).mockResolvedValue({ job_id: 'job-4', total: 0 });
    vi.mocked(followJob).mockResolvedValue(job({ status: 'done', result: batchAnswer([]) }));
    renderBatch();
    for (let call = 0; call < 3; call += 1) {
      click(valuationButton());
      await settle();
    }
    click(valuationButton());
    expect(startBatch).toHaveBeenCalledTimes(3);
    expect(query(document, '[data-testid="batch-result"]').textContent).toBe('函数 批量估值 调用过于频繁，请稍后再试');
  });
});
