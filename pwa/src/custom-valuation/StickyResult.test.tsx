import { NO_WHAT_IF, NOT_APPLICABLE, whatIfView } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { mount, query } from '../testing/dom.tsx';
import { sampleBundle } from '../valuation-editor/testing/sample-bundle.ts';
import { StickyResult } from './StickyResult.tsx';

/** What stands beside the custom valuation's value per share: 不适用 when the equity is not positive. */

const byTestId = (container: HTMLElement, id: string) => query(container, `[data-testid="${id}"]`);

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
