import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ICBC_BUNDLE } from '../../../engine/src/testing/model-bundles.ts';
import { mount, query, settle, unmountAll, waitUntil } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import { sampleBundle } from '../valuation-editor/testing/sample-bundle.ts';
import { fixtureBundles } from '../valuation-editor/testing/stores-in-memory.ts';
import ValuationModelPage from './ValuationModelPage.tsx';

vi.mock('../worker/engine-client.ts', () => import('../valuation-editor/testing/engine-in-process.ts'));
vi.mock('../store/companies.ts', () => import('../valuation-editor/testing/stores-in-memory.ts'));
vi.mock('../store/quotes.ts', () => import('../valuation-editor/testing/stores-in-memory.ts'));

async function openPage(company: string) {
  window.history.replaceState(null, '', `/valuation-model?company=${encodeURIComponent(company)}`);
  const { container } = mount(
    <RouterProvider>
      <ValuationModelPage />
    </RouterProvider>,
  );
  await waitUntil(
    () => !container.querySelector('.vm-slot [role="status"]') && container.querySelectorAll('.vm-model').length === 3,
    'the models and their catalogue',
  );
  await settle();
  return container;
}

const entry = (root: ParentNode, model: string) =>
  query(root, `[data-testid="model-value-${model}"]`).textContent ?? '';

beforeEach(() => {
  fixtureBundles.clear();
  for (const bundle of [sampleBundle(), sampleBundle('000009', '离线公司'), ICBC_BUNDLE]) {
    fixtureBundles.set(bundle.company.code, bundle);
  }
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('估值模型', () => {
  it('values an industrial company by all three models side by side, against its price, with the spread in words', async () => {
    const page = await openPage('样本公司');
    expect(entry(page, 'fcff')).toContain('默认模型');
    for (const model of ['fcff', 'excess_return', 'story']) expect(entry(page, model)).toMatch(/每股价值[\d,.]+ 元/);
    expect(entry(page, 'fcff')).toContain('安全边际');
    expect(query(page, '[data-testid="model-spread"]').textContent).toMatch(/3 个模型的每股价值在 .+之间/);
    expect(query(page, '[data-testid="model-value-story"] a[href*="model=story"]')).toBeTruthy();
    // The catalogue: every model of the registry with its formulas and its levers' ranges.
    expect(page.querySelectorAll('.vm-model')).toHaveLength(3);
    expect(query(page, '#model-fcff').textContent).toContain('TV = FCFF₅ × (1 + g) / (WACC − g)');
    expect(query(page, '#model-excess_return').textContent).toContain('股权成本（Ke）1% 至 30%');
  });

  it('values a bank by excess returns alone and says why the others do not apply', async () => {
    const page = await openPage('601398');
    expect(entry(page, 'fcff')).toContain('不适用：金融企业');
    expect(entry(page, 'story')).toContain('不适用：金融企业');
    expect(entry(page, 'excess_return')).toContain('合理市净率');
    expect(query(page, '[data-testid="model-spread"]').textContent).toContain('只有超额收益模型');
  });

  it('says why a company it cannot read has no values, and offers to load again', async () => {
    const page = await openPage('离线公司');
    expect(query(page, '[role="alert"]').textContent).toContain('网络连接失败');
    expect(query(page, '[role="alert"] button').textContent).toBe('重新加载');
    expect(page.querySelectorAll('.vm-model')).toHaveLength(3);
  });
});
