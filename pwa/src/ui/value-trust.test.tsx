import { describe, expect, it } from 'vitest';
import { mount } from '../testing/dom.tsx';
import { DataDateBadge } from './DataDateBadge.tsx';
import { WarningMark } from './WarningMark.tsx';

/** What stands beside a value per share: its data date, its warnings, 不适用 when the equity is not positive. */

const byTestId = (container: HTMLElement, id: string): HTMLElement => {
  const element = container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  if (!element) throw new Error(`${id} missing`);
  return element;
};

describe('DataDateBadge', () => {
  it('reads 基于 2019 年报, amber with its reason when the value carries stale_report', () => {
    const { container, unmount } = mount(<DataDateBadge latestYear={2019} warnings={[{ code: 'stale_report' }]} />);
    const badge = byTestId(container, 'data-date');
    expect(badge.textContent).toBe('基于 2019 年报（数据较旧）');
    expect(badge.className).toContain('is-stale');
    expect(badge.title).toContain('2019');
    unmount();
  });

  it('is neutral for a report of last year (the 18-month rule reckoned at today)', () => {
    const lastYear = new Date().getFullYear() - 1;
    const { container, unmount } = mount(<DataDateBadge latestYear={lastYear} warnings={[]} />);
    const badge = byTestId(container, 'data-date');
    expect(badge.textContent).toBe(`基于 ${lastYear} 年报`);
    expect(badge.className).not.toContain('is-stale');
    unmount();
  });
});

describe('WarningMark', () => {
  it('shows the count; its accessible name lists every message; nothing without warnings', () => {
    const warnings = [
      { code: 'negative_equity_value', text: '股权价值为负' },
      { code: 'stale_report', text: '最新年报为 2019 年' },
    ] as const;
    const { container, unmount } = mount(<WarningMark warnings={warnings} />);
    const mark = byTestId(container, 'warning-mark');
    expect(mark.getAttribute('role')).toBe('img');
    expect(mark.getAttribute('aria-label')).toBe('估值提示：股权价值为负；最新年报为 2019 年');
    expect(mark.dataset.codes).toBe('negative_equity_value stale_report');
    expect(mark.textContent).toBe('⚠ 2');
    unmount();
    const empty = mount(<WarningMark warnings={[]} />);
    expect(empty.container.innerHTML).toBe('');
    empty.unmount();
  });
});
