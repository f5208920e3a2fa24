import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { advance, byText, click, mount, query, settle, unmountAll } from '../../testing/dom.tsx';
import { analyzeCompanyNow, deleteCompany, valueCompanyNow } from '../admin-api.ts';
import { batchAnswer } from '../testing/api-answers.ts';
import { CompanyActions } from './CompanyActions.tsx';
import { createRateLimiter } from './rate-limit.ts';

vi.mock('../admin-api.ts', () => ({
  valueCompanyNow: vi.fn(),
  analyzeCompanyNow: vi.fn(),
  deleteCompany: vi.fn(),
}));

const onChanged = vi.fn();
const onDeleted = vi.fn();
const button = (text: string) => byText(document, 'button', text);
const message = () => query(document, '.company-actions__message');

function renderActions() {
  mount(
    <CompanyActions company="格力电器" limiter={createRateLimiter()} onChanged={onChanged} onDeleted={onDeleted} />,
  );
}

let confirm: MockInstance<(message?: string) => boolean>;
beforeEach(() => {
  vi.useFakeTimers();
  confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('CompanyActions', () => {
  it('估值: confirm, loading, success for 3 s, then idle', async () => {
    let finish: (value: { success: boolean; message: string }) => void = () => {};
    vi.mocked(valueCompanyNow).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderActions();
    click(button('估值'));
    expect(confirm).toHaveBeenCalledWith('确定对"格力电器"强制重新估值吗？已有估值结果将被覆盖。');
    expect(valueCompanyNow).toHaveBeenCalledWith('格力电器');
    expect(button('估值中…').getAttribute('aria-busy')).toBe('true');
    expect(button('后分析').hasAttribute('disabled')).toBe(true);

    finish({ success: true, message: '格力电器 估值完成' });
    await settle();
    expect(button('估值完成 ✓').className).toContain('is-success');
    expect(message().textContent).toBe('格力电器 估值完成');
    expect(onChanged).toHaveBeenCalledTimes(1);
    advance(2_999);
    expect(button('估值完成 ✓')).toBeTruthy();
    advance(1);
    expect(button('估值').className).toContain('is-idle');
    expect(message().textContent).toBe('');
  });

  it('后分析: an error shows for 5 s', async () => {
    vi.mocked(analyzeCompanyNow).mockResolvedValue(batchAnswer([], [{ company: '格力电器', reason: '缺少历史数据' }]));
    renderActions();
    click(button('后分析'));
    expect(confirm).toHaveBeenCalledWith('确定对"格力电器"执行后分析（FCF 比率）吗？');
    await settle();
    expect(button('分析失败 ✗').className).toContain('is-error');
    expect(message().textContent).toBe('缺少历史数据');
    expect(onChanged).not.toHaveBeenCalled();
    advance(4_999);
    expect(button('分析失败 ✗')).toBeTruthy();
    advance(1);
    expect(button('后分析').className).toContain('is-idle');
  });

  it('does nothing when the confirmation is declined', () => {
    confirm.mockReturnValue(false);
    renderActions();
    click(button('估值'));
    click(button('后分析'));
    click(button('删除公司'));
    expect(valueCompanyNow).not.toHaveBeenCalled();
    expect(analyzeCompanyNow).not.toHaveBeenCalled();
    expect(deleteCompany).not.toHaveBeenCalled();
  });

  it('refuses a 4th 估值 within 30 s with the rate-limit message', async () => {
    vi.mocked(valueCompanyNow).mockResolvedValue({ success: true, message: '估值完成' });
    renderActions();
    for (let call = 0; call < 3; call += 1) {
      click(button('估值'));
      await settle();
      advance(3_000);
    }
    click(button('估值'));
    expect(valueCompanyNow).toHaveBeenCalledTimes(3);
    expect(button('估值失败 ✗')).toBeTruthy();
    expect(message().textContent).toBe('函数 估值 调用过于频繁，请稍后再试');
    advance(30_000);
    click(button('估值'));
    await settle();
    expect(valueCompanyNow).toHaveBeenCalledTimes(4);
  });

  it('deletes the company after the cannot-be-undone confirmation', async () => {
    vi.mocked(deleteCompany).mockResolvedValue({ success: true, message: '已删除' });
    renderActions();
    click(button('删除公司'));
    expect(confirm).toHaveBeenCalledWith('确定删除公司"格力电器"的全部数据吗？此操作无法撤销');
    await settle();
    expect(deleteCompany).toHaveBeenCalledWith('格力电器');
    expect(onDeleted).toHaveBeenCalledWith('格力电器');
  });
});
