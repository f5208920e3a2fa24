import type { CompanyListItem } from '@fcf/engine/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  advance,
  byText,
  click,
  type Mounted,
  mount,
  pointerDown,
  press,
  query,
  settle,
  typeInto,
  unmountAll,
} from '../../testing/dom.tsx';
import { CompanySearchBar, type CompanySearchBarProps } from './CompanySearchBar.tsx';
import { TEST_COMPANIES } from './testing/companies.ts';

vi.mock('../../store/companies.ts', () => ({
  loadCompanies: vi.fn(async () => ({ value: TEST_COMPANIES, stale: false })),
}));

const input = () => query<HTMLInputElement>(document, '[data-testid="company-search-input"]');
const options = () => [...document.querySelectorAll<HTMLElement>('[role="option"]')];
const message = () => query(document, '.company-search__message').textContent;

function renderBar(overrides: Partial<CompanySearchBarProps> = {}) {
  const onSelect = vi.fn<(company: CompanyListItem) => void>();
  const onClear = vi.fn();
  const props: CompanySearchBarProps = { companies: TEST_COMPANIES, current: null, onSelect, onClear, ...overrides };
  const mounted: Mounted = mount(<CompanySearchBar {...props} />);
  return { onSelect, onClear, mounted, props };
}

/** A window of this width, as a browser tells it: the width changes and a resize follows. */
function resizeTo(width: number): void {
  window.innerWidth = width;
  window.dispatchEvent(new Event('resize'));
}

beforeEach(() => {
  resizeTo(1280);
});
afterEach(() => {
  unmountAll();
  vi.useRealTimers();
});

describe('CompanySearchBar', () => {
  it('suggests while typing and selects with ArrowDown + Enter', () => {
    const { onSelect } = renderBar();
    typeInto(input(), '美的');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(options().map((option) => option.textContent)).toEqual(['美的集团000333家用电器']);

    press(input(), 'ArrowDown');
    const [first] = options();
    expect(input().getAttribute('aria-activedescendant')).toBe(first?.id);
    expect(first?.getAttribute('aria-selected')).toBe('true');

    press(input(), 'Enter');
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect.mock.calls[0]?.[0].name).toBe('美的集团');
    expect(input().value).toBe('美的集团');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(message()).toBe('已选择 美的集团（000333）');
  });

  it('moves through the suggestions with the arrow keys, wrapping around', () => {
    renderBar();
    typeInto(input(), '海');
    press(input(), 'ArrowUp');
    expect(options().at(-1)?.getAttribute('aria-selected')).toBe('true');
    press(input(), 'ArrowDown');
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
  });

  it('closes the suggestions on Escape and on an outside click', () => {
    renderBar();
    typeInto(input(), '海');
    expect(options().length).toBeGreaterThan(0);
    press(input(), 'Escape');
    expect(options()).toHaveLength(0);
    expect(input().getAttribute('aria-expanded')).toBe('false');

    typeInto(input(), '海尔');
    expect(options()).toHaveLength(1);
    pointerDown(document.body);
    expect(options()).toHaveLength(0);
  });

  it('asks for a name when searching with an empty input, and hides the error after 6 s', () => {
    vi.useFakeTimers();
    const { onSelect } = renderBar();
    click(byText(document, 'button', '查询'));
    expect(message()).toBe('请输入公司名称');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(onSelect).not.toHaveBeenCalled();
    advance(5999);
    expect(message()).toBe('请输入公司名称');
    advance(1);
    expect(message()).toBe('');
  });

  it('clears the valid indicator after 3 s', () => {
    vi.useFakeTimers();
    renderBar();
    typeInto(input(), '333');
    press(input(), 'Enter');
    expect(message()).toBe('已选择 美的集团（000333）');
    advance(3000);
    expect(message()).toBe('');
  });

  it('keeps the suggestions open and asks to choose when the input matches several companies', () => {
    const { onSelect } = renderBar();
    typeInto(input(), '电器');
    press(input(), 'Enter');
    expect(onSelect).not.toHaveBeenCalled();
    expect(message()).toBe('输入不完整，请从下方建议中选择或输入完整的公司名称');
    expect(options().map((option) => option.querySelector('.company-search__option-name')?.textContent)).toEqual([
      '格力电器',
      '老板电器',
    ]);
  });

  it('auto-selects a single partial match and reports an unknown company', () => {
    const { onSelect } = renderBar();
    typeInto(input(), '格力');
    click(byText(document, 'button', '查询'));
    expect(onSelect.mock.calls[0]?.[0].name).toBe('格力电器');

    typeInto(input(), '贵州茅台');
    press(input(), 'Enter');
    expect(message()).toBe('未找到公司：贵州茅台，请确认名称');
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('picks a suggestion with a click', () => {
    const { onSelect } = renderBar();
    typeInto(input(), '海');
    click(byText(document, '[role="option"]', '海天味业'));
    expect(onSelect.mock.calls[0]?.[0].code).toBe('603288');
  });

  it('caps the suggestions at 3 on a phone', () => {
    resizeTo(390);
    renderBar();
    typeInto(input(), '0');
    expect(options()).toHaveLength(3);
  });

  it('clears the input and tells the page', () => {
    const { onClear } = renderBar({ current: '美的集团' });
    expect(input().value).toBe('美的集团');
    click(query(document, 'button[aria-label="清除输入"]'));
    expect(input().value).toBe('');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(input());
  });

  it('follows the current company chosen elsewhere', () => {
    const { mounted, props } = renderBar({ current: '美的集团' });
    mounted.rerender(<CompanySearchBar {...props} current="格力电器" />);
    expect(input().value).toBe('格力电器');
  });

  it('waits for the company list while it loads, then searches', () => {
    const { mounted, props, onSelect } = renderBar({ companies: [], loading: true });
    typeInto(input(), '美的集团');
    press(input(), 'Enter');
    expect(message()).toContain('正在加载公司列表');
    expect(onSelect).not.toHaveBeenCalled();
    mounted.rerender(<CompanySearchBar {...props} companies={TEST_COMPANIES} loading={false} />);
    expect(onSelect.mock.calls[0]?.[0].name).toBe('美的集团');
  });

  it('shows a list load failure with a retry', () => {
    const onRetry = vi.fn();
    renderBar({ companies: [], error: '网络连接失败', onRetry });
    expect(query(document, '[role="alert"]').textContent).toContain('网络连接失败');
    click(byText(document, 'button', '重试'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('opens the company list and selects the picked card', async () => {
    const { onSelect } = renderBar();
    click(byText(document, 'button', '列表'));
    await settle();
    click(byText(document, '.company-card', '安琪酵母'));
    expect(onSelect.mock.calls[0]?.[0].name).toBe('安琪酵母');
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(input().value).toBe('安琪酵母');
  });
});
