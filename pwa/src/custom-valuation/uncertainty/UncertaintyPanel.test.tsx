import { formatAmount, uncertaintyView } from '@fcf/engine/report';
import type { StoredScenario } from '@fcf/engine/sync';
import { afterEach, describe, expect, it } from 'vitest';
import { mount, press, query, settle, typeInto, unmountAll, waitUntil } from '../../testing/dom.tsx';
import { loadWhatIfEngine } from '../../valuation-editor/testing/engine-in-process.ts';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import { memoryScenarioStore, scenarioStore, setScenarioStore } from './scenario-store.ts';
import { UncertaintyPanel } from './UncertaintyPanel.tsx';

const BUNDLE = sampleBundle();
const QUOTE = { price: 12, date: '2025-06-30', market_cap: null, shares: null };
const MARKET = { quote: QUOTE, today: '2025-06-30' };

afterEach(() => {
  unmountAll();
  setScenarioStore(memoryScenarioStore());
});

async function openPanel() {
  const engine = await loadWhatIfEngine(BUNDLE, MARKET);
  const errors: string[] = [];
  const { container } = mount(
    <UncertaintyPanel engine={engine.uncertainty} company={BUNDLE.company.code} onError={(m) => errors.push(m)} />,
  );
  // 10,000 draws in the test's own thread, under whatever else the machine runs: up to 20 s.
  for (let attempt = 0; ; attempt++) {
    try {
      await waitUntil(() => container.querySelector('[data-testid="verdict"]') !== null, 'the simulation');
      break;
    } catch (error) {
      if (attempt >= 9) throw error;
    }
  }
  return { container, errors };
}

const text = (root: ParentNode, id: string) => root.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';

describe('the range panel of the custom page', { timeout: 60_000 }, () => {
  it('shows the three scenarios, their weighted value, the price and the same percentiles as the server', async () => {
    const { container } = await openPanel();
    expect(container.querySelectorAll('[data-testid="scenario-row"]')).toHaveLength(3);
    const server = uncertaintyView(BUNDLE, QUOTE, MARKET.today);
    expect(text(container, 'weighted-value')).toBe(formatAmount(server.weighted_value));
    expect(text(container, 'mc-p10')).toBe(formatAmount(server.simulation.p10));
    expect(text(container, 'mc-p50')).toBe(formatAmount(server.simulation.p50));
    expect(text(container, 'mc-p90')).toBe(formatAmount(server.simulation.p90));
    expect(text(container, 'uncertainty-rating')).toBe(server.rating);
    expect(text(container, 'verdict')).toBe(server.verdict);
    expect(container.querySelector('[data-testid="mc-histogram"]')).not.toBeNull();
    expect(container.querySelectorAll('[data-testid="tornado"] li')).toHaveLength(6);
  });

  it('recomputes the weighted value when a weight changes, warns while they do not total 100%, and keeps the scenarios', async () => {
    const { container } = await openPanel();
    const before = text(container, 'weighted-value');
    const weight = query<HTMLInputElement>(container, 'input[aria-label="乐观权重（%）"]');
    typeInto(weight, '50');
    press(weight, 'Enter');
    await settle();
    expect(container.textContent).toContain('情景权重合计须为 100%，现为 125.0%');
    const base = query<HTMLInputElement>(container, 'input[aria-label="基准权重（%）"]');
    typeInto(base, '25');
    press(base, 'Enter');
    await waitUntil(() => text(container, 'weighted-value') !== '-', 'the weighted value');
    expect(text(container, 'weighted-value')).not.toBe(before);
    const kept: readonly StoredScenario[] = await scenarioStore().list(BUNDLE.company.code);
    expect(kept.map((scenario) => [scenario.name, scenario.weight])).toEqual([
      ['悲观', 0.25],
      ['基准', 0.25],
      ['乐观', 0.5],
    ]);
  });

  it('refuses a driver outside its range with a Chinese message and changes nothing', async () => {
    const { container, errors } = await openPanel();
    const growth = query<HTMLInputElement>(container, 'input[aria-label="乐观：第1–5年营业收入增长率（%）"]');
    const before = growth.value;
    typeInto(growth, '500');
    press(growth, 'Enter');
    await settle();
    expect(errors.at(-1)).toBe('第1–5年营业收入增长率须在 -50.0% 至 100.0% 之间');
    expect(growth.value).toBe(before);
    expect(await scenarioStore().list(BUNDLE.company.code)).toEqual([]);
  });
});
