import { formatAmount, NO_WHAT_IF, NOT_APPLICABLE, uncertaintyView, type WhatIf, whatIfView } from '@fcf/engine/report';
import { describe, expect, it } from 'vitest';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import { MAX_INPUT_LINES, rangeLine, shareCard } from './share-card.ts';

const BUNDLE = sampleBundle();
const automatic = whatIfView(BUNDLE, NO_WHAT_IF).dcf?.valuation.value_per_share ?? null;
const DAY = new Date(2026, 0, 5);

const cardFor = (whatIf: WhatIf, price?: number) =>
  shareCard({
    view: whatIfView(BUNDLE, whatIf),
    whatIf,
    automaticPerShare: automatic,
    price,
    url: 'https://fcf.example/valuation-custom?company=x',
    date: DAY,
  });

describe('the share card', () => {
  it('says the system value with the key inputs, none marked, and the data date and URL', () => {
    const card = cardFor(NO_WHAT_IF);
    expect(card.perShare).toBe(formatAmount(automatic));
    expect(card.delta).toBeNull();
    expect(card.price).toBeNull();
    expect(card.marginOfSafety).toBeNull();
    expect(card.inputs.map((input) => input.label)).toEqual(['WACC', '永续增长率 g', '总股本', '2025E 营业收入增长率']);
    expect(card.inputs.every((input) => !input.mine)).toBe(true);
    expect(card.dataDate.text).toBe(`基于 ${whatIfView(BUNDLE, NO_WHAT_IF).latestYear} 年报`);
    // The sample's latest report is 2024: on 2026-01-05 it is under 18 months old.
    expect(card.dataDate.stale).toBe(false);
    expect(card.url).toContain('https://fcf.example/');
    expect(card.date).toBe('2026-01-05');
  });

  it('marks the reader’s inputs, shows the change and the margin of safety when a price is known', () => {
    const whatIf: WhatIf = { parameters: { wacc_manual: 0.09 }, overrides: { 2026: { da_ratio: 0.05 } } };
    const card = cardFor(whatIf, 10);
    const value = whatIfView(BUNDLE, whatIf).dcf?.valuation.value_per_share ?? 0;
    expect(card.inputs.filter((input) => input.mine).map((input) => `${input.label} ${input.value}`)).toEqual([
      'WACC 9.00%',
      '2026E 折旧摊销/营业收入 5.00%',
    ]);
    expect(card.delta).toMatch(/^-[\d,.]+ 元（-\d+\.\d{2}%）$/);
    expect(card.price).toBe('10.00');
    expect(card.marginOfSafety).toBe(`${formatAmount((value / 10 - 1) * 100)}%`);
  });

  it('reads 不适用 with the reason and lists the warnings when the equity value is not positive', () => {
    const overrides = Object.fromEntries(
      [2025, 2026, 2027, 2028, 2029].map((year) => [year, { operating_cost_pct: 1.3 }]),
    );
    const card = cardFor({ parameters: {}, overrides }, 10);
    expect(card.perShare).toBe(NOT_APPLICABLE);
    expect(card.perShareNote).toContain('股权价值为负');
    expect(card.warnings.some((warning) => warning.includes('股权价值为负'))).toBe(true);
    expect(card.marginOfSafety).toBeNull();
    expect(card.delta).toBeNull();
  });

  it('marks the data date stale on a date more than 18 months after the latest report', () => {
    const card = shareCard({
      view: whatIfView(BUNDLE, NO_WHAT_IF),
      whatIf: NO_WHAT_IF,
      automaticPerShare: automatic,
      url: 'https://fcf.example/',
      date: new Date(2026, 6, 2),
    });
    expect(card.dataDate).toMatchObject({ text: '基于 2024 年报', stale: true });
  });

  it('counts the inputs that do not fit', () => {
    const overrides = Object.fromEntries(
      [2025, 2026, 2027, 2028, 2029].map((year) => [year, { da_ratio: 0.04, Capex_to_Revenue_Ratio: 0.05 }]),
    );
    const card = cardFor({ parameters: {}, overrides });
    expect(card.inputs).toHaveLength(MAX_INPUT_LINES);
    expect(card.moreInputs).toBe(3 + 10 - MAX_INPUT_LINES);
  });
});

describe('the share card’s range line', () => {
  it('says P10–P90, the verdict and the rating of the range the panel showed; nothing without one', () => {
    const quote = { price: 12, date: '2025-06-30', market_cap: null, shares: null };
    const range = uncertaintyView(sampleBundle(), quote, '2025-06-30', { draws: 500 });
    const line = rangeLine(range);
    expect(line).toBe(
      `区间 ${formatAmount(range.simulation.p10)}–${formatAmount(range.simulation.p90)} 元 · ${range.verdict}（不确定性${range.rating}）`,
    );
    expect(rangeLine(null)).toBeNull();
  });
});
