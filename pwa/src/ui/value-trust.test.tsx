import { NO_WHAT_IF, NOT_APPLICABLE, whatIfView } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { StickyResult } from '../custom-valuation/StickyResult.tsx';
import { mount } from '../testing/dom.tsx';
import { sampleBundle } from '../valuation-editor/testing/sample-bundle.ts';
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

describe('StickyResult', () => {
  const bundle = sampleBundle();
  const props = { automaticPerShare: 30, edits: 0, onRestoreAll: () => {}, onUndo: null, latestYear: 2024 };

  it('a negative equity value reads 不适用 with the reason and the warnings mark, no 元 and no Δ', () => {
    const overrides = Object.fromEntries(
      [2025, 2026, 2027, 2028, 2029].map((year) => [year, { operating_cost_pct: 1.3 }]),
    );
    const { dcf } = whatIfView(bundle, { parameters: {}, overrides });
    expect(dcf?.valuation.equity_value).toBeLessThan(0);
    const { container, unmount } = mount(<StickyResult {...props} dcf={dcf} price={10} />);
    expect(byTestId(container, 'custom-value-per-share').textContent).toBe(NOT_APPLICABLE);
    const bar = byTestId(container, 'sticky-result');
    expect(bar.textContent).toContain('股权价值为负');
    expect(bar.querySelector('.cv-result__unit')).toBeNull();
    expect(bar.textContent).not.toContain('安全边际');
    expect(byTestId(container, 'warning-mark').dataset.codes).toContain('negative_equity_value');
    expect(byTestId(container, 'data-date').textContent).toContain('基于 2024 年报');
    unmount();
  });

  it('a positive value reads as a number in 元', () => {
    const { dcf } = whatIfView(bundle, NO_WHAT_IF);
    const { container, unmount } = mount(<StickyResult {...props} dcf={dcf} />);
    expect(byTestId(container, 'custom-value-per-share').textContent).toMatch(/^\d+\.\d{2}$/);
    expect(container.querySelector('.cv-result__unit')?.textContent).toBe('元');
    unmount();
  });
});
