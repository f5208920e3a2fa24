import { priceAgainstValue } from '@fcf/engine';
import { describe, expect, it } from 'vitest';
import { mount } from '../testing/dom.tsx';
import { PriceAgainstValue } from './PriceAgainstValue.tsx';

const FIGURES = { valuePerShare: 30, bridgeTotal: 50, shares: 10, netProfit: 20, parentEquity: 100, ebit: 25, fcf: 12 };

function figureOf(container: HTMLElement, testId: string): HTMLElement {
  const element = container.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
  if (!element) throw new Error(`${testId} missing`);
  return element;
}

describe('PriceAgainstValue', () => {
  it('shows price with its date, market cap, value, margin of safety in red when the value is above the price', () => {
    const market = priceAgainstValue(
      { price: 24, date: '2026-01-02', market_cap: 240, shares: 10 },
      FIGURES,
      '2026-01-10',
    );
    const { container, unmount } = mount(<PriceAgainstValue market={market} />);
    expect(figureOf(container, 'quote-price').textContent).toBe('24.00 元');
    expect(figureOf(container, 'margin-of-safety').textContent).toBe('25.00%');
    expect(figureOf(container, 'margin-of-safety').parentElement?.className).toContain('tone-rise');
    const text = container.textContent ?? '';
    for (const part of ['2026-01-02', '240.00 亿元', '30.00 元', '12.00倍', '2.40倍', '5.00%', '7.60倍']) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('过期');
    unmount();
  });

  it('green below the price; a quote older than 30 days says 过期; no value is 不适用, a loss n.m.', () => {
    const stale = priceAgainstValue(
      { price: 60, date: '2025-11-01', market_cap: 600, shares: 10 },
      { ...FIGURES, netProfit: -5 },
      '2026-01-10',
    );
    const { container, unmount } = mount(<PriceAgainstValue market={stale} />);
    expect(figureOf(container, 'margin-of-safety').parentElement?.className).toContain('tone-fall');
    expect(container.textContent).toContain('2025-11-01（过期）');
    expect(container.textContent).toContain('n.m.');
    unmount();
    const noValue = priceAgainstValue(
      { price: 60, date: '2026-01-09', market_cap: 600, shares: 10 },
      { ...FIGURES, valuePerShare: null },
      '2026-01-10',
    );
    const second = mount(<PriceAgainstValue market={noValue} />);
    expect(figureOf(second.container, 'margin-of-safety').textContent).toBe('不适用');
    second.unmount();
  });
});
