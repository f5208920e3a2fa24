import type { CompanyListItem } from '@fcf/engine/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { loadCompanies } from '../../store/companies.ts';
import { byText, click, mount, pointerDown, press, query, settle, typeInto, unmountAll } from '../../testing/dom.tsx';
import { CompanyListModal, type CompanyListModalProps } from './CompanyListModal.tsx';
import { TEST_COMPANIES } from './testing/companies.ts';

vi.mock('../../store/companies.ts', () => ({ loadCompanies: vi.fn() }));
const load = vi.mocked(loadCompanies);

const cards = () => [...document.querySelectorAll<HTMLElement>('.company-card')];
const cardNames = () => cards().map((card) => card.querySelector('.company-card__name')?.textContent);

async function openModal(overrides: Partial<CompanyListModalProps> = {}) {
  const onClose = vi.fn();
  const onPick = vi.fn<(company: CompanyListItem) => void>();
  const props: CompanyListModalProps = { open: true, current: '格力电器', onClose, onPick, ...overrides };
  const mounted = mount(<CompanyListModal {...props} />);
  await settle();
  return { onClose, onPick, mounted, props };
}

afterEach(() => {
  unmountAll();
  load.mockReset();
});

describe('CompanyListModal', () => {
  it('renders nothing while closed and loads nothing', async () => {
    await openModal({ open: false });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows loading, then a card per company with the current one marked', async () => {
    let resolve: (value: { value: CompanyListItem[]; stale: boolean }) => void = () => {};
    load.mockReturnValue(new Promise((done) => (resolve = done)));
    await openModal();
    const dialog = query(document, '[role="dialog"]');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('正在加载公司列表');

    resolve({ value: [...TEST_COMPANIES], stale: false });
    await settle();
    expect(cards()).toHaveLength(TEST_COMPANIES.length);
    const current = byText(document, '.company-card', '格力电器');
    expect(current.getAttribute('aria-current')).toBe('true');
    expect(current.textContent).toContain('当前');
    expect(current.textContent).toContain('000651');
    expect(current.textContent).toContain('家用电器');
    expect(document.querySelectorAll('.company-card__badge')).toHaveLength(1);
  });

  it('filters by name or code', async () => {
    load.mockResolvedValue({ value: [...TEST_COMPANIES], stale: false });
    await openModal();
    const search = query<HTMLInputElement>(document, '.company-modal__search');
    expect(document.activeElement).toBe(search);
    typeInto(search, '海');
    expect(cardNames()).toEqual(['海尔智家', '上海机场', '海天味业', '海信家电']);
    typeInto(search, '6006');
    expect(cardNames()).toEqual(['海尔智家']);
    typeInto(search, '茅台');
    expect(cards()).toHaveLength(0);
    expect(document.querySelector('.company-modal__body')?.textContent).toContain('茅台');
  });

  it('says why on failure and retries with a forced load', async () => {
    load.mockRejectedValueOnce(new ApiRequestError('http', 'not found', 404));
    load.mockResolvedValueOnce({ value: [...TEST_COMPANIES], stale: false });
    await openModal();
    expect(query(document, '[role="alert"]').textContent).toContain('API服务未找到');
    expect(load).toHaveBeenLastCalledWith(false);

    click(byText(document, 'button', '重试'));
    await settle();
    expect(load).toHaveBeenLastCalledWith(true);
    expect(cards()).toHaveLength(TEST_COMPANIES.length);
  });

  it('says when there are no companies', async () => {
    load.mockResolvedValue({ value: [], stale: false });
    await openModal();
    expect(query(document, '.company-modal__body').textContent).toBe('暂无公司数据');
  });

  it('picks a company and closes', async () => {
    load.mockResolvedValue({ value: [...TEST_COMPANIES], stale: false });
    const { onPick, onClose } = await openModal();
    click(byText(document, '.company-card', '顺丰控股'));
    expect(onPick.mock.calls[0]?.[0].code).toBe('002352');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape and on a backdrop click, but not on a press that starts inside', async () => {
    load.mockResolvedValue({ value: [...TEST_COMPANIES], stale: false });
    const { onClose } = await openModal();
    click(query(document, '.company-modal__title'));
    expect(onClose).not.toHaveBeenCalled();
    press(query(document, '.company-modal__search'), 'Escape');
    expect(onClose).toHaveBeenCalledTimes(1);
    pointerDown(query(document, '.company-modal__search'));
    click(query(document, '.company-modal__backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    pointerDown(query(document, '.company-modal__backdrop'));
    click(query(document, '.company-modal__backdrop'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the dialog and returns focus on close', async () => {
    load.mockResolvedValue({ value: [...TEST_COMPANIES], stale: false });
    const opener = document.body.appendChild(document.createElement('button'));
    opener.focus();
    const { mounted, props } = await openModal();
    const last = cards().at(-1);
    last?.focus();
    press(query(document, '[role="dialog"]'), 'Tab');
    expect(document.activeElement).toBe(query(document, '.company-modal__close'));

    mounted.rerender(<CompanyListModal {...props} open={false} />);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
