import { type CompanyBundle, formatAmount, type WhatIf, whatIfView } from '@fcf/engine/report';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blur, byText, click, mount, press, query, settle, typeInto, unmountAll, waitUntil } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import { sampleBundle } from '../valuation-editor/testing/sample-bundle.ts';
import CustomValuationPage from './CustomValuationPage.tsx';

const fixtures = vi.hoisted(() => ({
  bundles: new Map<string, CompanyBundle>(),
  whatIfs: new Map<string, WhatIf>(),
}));

vi.mock('../worker/engine-client.ts', () => import('../valuation-editor/testing/engine-in-process.ts'));

vi.mock('../store/companies.ts', async () => {
  const { listItem: item } = await import('../valuation-editor/testing/sample-bundle.ts');
  const { ApiRequestError: RequestError } = await import('../api/http.ts');
  return {
    loadCompanies: vi.fn(async () => ({ value: [...fixtures.bundles.values()].map(item), stale: false })),
    loadBundle: vi.fn(async (code: string) => {
      const bundle = fixtures.bundles.get(code);
      if (!bundle || code === '000009') throw new RequestError('network', '网络连接失败');
      return { value: bundle, stale: false };
    }),
  };
});

vi.mock('../store/db.ts', () => ({
  // No offline copy of the market: the page prices without a quote (store/quotes.ts reads nothing).
  openStore: vi.fn(async () => null),
  readWhatIf: vi.fn(async (code: string) => fixtures.whatIfs.get(code)),
  writeWhatIf: vi.fn(async (code: string, whatIf: WhatIf) => void fixtures.whatIfs.set(code, whatIf)),
  clearWhatIf: vi.fn(async (code: string) => void fixtures.whatIfs.delete(code)),
}));

const { clearWhatIf, writeWhatIf } = await import('../store/db.ts');

const SAMPLE = sampleBundle();
const SECOND = sampleBundle('000002', '第二公司');
const OFFLINE = sampleBundle('000009', '离线公司');

async function openPage(company = SAMPLE.company.name) {
  window.history.replaceState(null, '', `/valuation-custom?company=${encodeURIComponent(company)}`);
  const { container } = mount(
    <RouterProvider>
      <CustomValuationPage />
    </RouterProvider>,
  );
  await waitUntil(() => !container.querySelector('.cv-status'), 'the valuation');
  return container;
}

const cell = (root: ParentNode, label: string) => query<HTMLInputElement>(root, `input[aria-label="${label}"]`);
const byTestId = (root: ParentNode, id: string) => query<HTMLInputElement>(root, `[data-testid="${id}"]`);
const perShare = (whatIf: WhatIf) => formatAmount(whatIfView(SAMPLE, whatIf).dcf?.valuation.value_per_share);
const message = (root: ParentNode) => root.querySelector('.cv-message__text')?.textContent ?? '';

async function commit(input: HTMLInputElement, text: string) {
  typeInto(input, text);
  press(input, 'Enter');
  await settle();
}

beforeEach(() => {
  fixtures.bundles.clear();
  fixtures.whatIfs.clear();
  for (const bundle of [SAMPLE, SECOND, OFFLINE]) fixtures.bundles.set(bundle.company.code, bundle);
  vi.clearAllMocks();
  performance.clearMarks();
  performance.clearMeasures();
  // The router scrolls to the top on navigation; jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('custom valuation page', () => {
  it('shows the effective parameters and the engine’s value per share', async () => {
    const page = await openPage();
    expect(byTestId(page, 'param-wacc').value).toBe('6.98');
    expect(byTestId(page, 'param-terminal-growth').value).toBe('2.00');
    expect(byTestId(page, 'param-total-shares').value).toBe('10.00');
    expect(byTestId(page, 'custom-value-per-share').textContent).toBe(perShare({ parameters: {}, overrides: {} }));
    const headers = [...page.querySelectorAll('.cv-table')][1]?.querySelectorAll('thead th');
    expect([...(headers ?? [])].map((th) => th.textContent).join(' ')).toBe(
      '项目 2021 2022 2023 2024 2025E 2026E 2027E 2028E 2029E',
    );
    expect(page.querySelector('input[aria-label="2024 营业收入增长率"]')).toBeNull();
  });

  it('recomputes on Enter: later years inherit the value, the value per share follows', async () => {
    const page = await openPage();
    await commit(cell(page, '2026E 营业收入增长率'), '10');

    const expected: WhatIf = { parameters: {}, overrides: { 2026: { operating_revenue_yoy: 0.1 } } };
    expect(cell(page, '2026E 营业收入增长率').className).toContain('is-user-set');
    for (const year of ['2027E', '2028E', '2029E']) {
      const input = cell(page, `${year} 营业收入增长率`);
      expect(input.value).toBe('10.00');
      expect(input.className).toContain('is-inherited');
    }
    expect(cell(page, '2025E 营业收入增长率').className).toContain('is-system');
    expect(byTestId(page, 'custom-value-per-share').textContent).toBe(perShare(expected));
    expect(perShare(expected)).not.toBe(perShare({ parameters: {}, overrides: {} }));
    expect(writeWhatIf).toHaveBeenLastCalledWith(SAMPLE.company.code, expected);
    expect(performance.getEntriesByName('custom-edit-to-screen', 'measure')).toHaveLength(1);
  });

  it('commits on blur as well', async () => {
    const page = await openPage();
    const input = cell(page, '2025E 折旧摊销/营业收入');
    typeInto(input, '6');
    blur(input);
    await settle();
    expect(writeWhatIf).toHaveBeenLastCalledWith(SAMPLE.company.code, {
      parameters: {},
      overrides: { 2025: { da_ratio: 0.06 } },
    });
    expect(cell(page, '2029E 折旧摊销/营业收入').value).toBe('6.00');
  });

  it('discards the draft on Escape', async () => {
    const page = await openPage();
    const input = cell(page, '2026E 营业收入增长率');
    const before = input.value;
    typeInto(input, '15');
    expect(input.value).toBe('15');
    press(input, 'Escape');
    blur(input);
    await settle();
    expect(input.value).toBe(before);
    expect(writeWhatIf).not.toHaveBeenCalled();
  });

  it("marks a non-number '无效的数值' and commits nothing", async () => {
    const page = await openPage();
    const input = cell(page, '2026E 营业收入增长率');
    await commit(input, 'abc');
    expect(message(page)).toBe('无效的数值');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('abc');
    expect(writeWhatIf).not.toHaveBeenCalled();
  });

  it('refuses a value out of range with the parameter rules’ message', async () => {
    const page = await openPage();
    await commit(cell(page, '2026E 营业收入增长率'), '40');
    expect(message(page)).toBe('营业收入增长率超出合理范围（-20% 至 25%）');
    expect(writeWhatIf).not.toHaveBeenCalled();
  });

  it('ignores an empty input', async () => {
    const page = await openPage();
    const input = cell(page, '2026E 营业收入增长率');
    const before = input.value;
    await commit(input, '');
    expect(input.value).toBe(before);
    expect(writeWhatIf).not.toHaveBeenCalled();
  });

  it('values with the value-driver terminal formula and a RONIC, showing the implied RONIC and the WACC panel', async () => {
    const page = await openPage();
    expect(byTestId(page, 'wacc-panel').textContent).toContain('估值使用的WACC');
    const select = query<HTMLSelectElement>(page, '[data-testid="terminal-method"]');
    const setValue = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
    setValue?.call(select, 'value_driver');
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    const driver: WhatIf = {
      parameters: { terminal_value_method: 'value_driver', ronic_manual: null },
      overrides: {},
    };
    expect(byTestId(page, 'custom-value-per-share').textContent).toBe(perShare(driver));
    await commit(byTestId(page, 'terminal-ronic'), '15');
    const withRonic: WhatIf = {
      parameters: { terminal_value_method: 'value_driver', ronic_manual: 0.15 },
      overrides: {},
    };
    expect(byTestId(page, 'custom-value-per-share').textContent).toBe(perShare(withRonic));
    expect(byTestId(page, 'terminal-implied-ronic').textContent).toContain('隐含 RONIC 15.00%');
    expect(writeWhatIf).toHaveBeenLastCalledWith(SAMPLE.company.code, withRonic);
  });

  it('shows the engine’s message instead of figures when WACC ≤ g', async () => {
    const page = await openPage();
    await commit(byTestId(page, 'param-wacc'), '1');
    const engineMessage = whatIfView(SAMPLE, { parameters: { wacc_manual: 0.01 }, overrides: {} }).dcfError ?? '';
    expect(engineMessage).toBe('WACC（1%）必须大于永续增长率（2%）');
    expect(byTestId(page, 'custom-dcf-error').textContent).toContain(engineMessage);
    expect(page.querySelector('[data-testid="custom-value-per-share"]')).toBeNull();
    expect(byTestId(page, 'param-wacc').value).toBe('1.00');
    expect(byTestId(page, 'param-wacc').className).toContain('is-user-set');
  });

  it('restores the stored what-if; 全部恢复 drops it in one tap and 撤销恢复 puts it back', async () => {
    const stored: WhatIf = { parameters: { terminal_growth_rate_manual: 0.03 }, overrides: {} };
    fixtures.whatIfs.set(SAMPLE.company.code, stored);
    const page = await openPage();
    expect(byTestId(page, 'param-terminal-growth').value).toBe('3.00');
    expect(byTestId(page, 'custom-value-per-share').textContent).toBe(perShare(stored));
    expect(byTestId(page, 'sticky-result').textContent).toContain('较系统');

    click(byText(page, 'button', '全部恢复1'));
    await settle();
    expect(clearWhatIf).toHaveBeenCalledWith(SAMPLE.company.code);
    expect(byTestId(page, 'param-terminal-growth').value).toBe('2.00');
    expect(byTestId(page, 'sticky-result').textContent).toContain('与系统估值相同');

    click(byText(page, 'button', '撤销恢复'));
    await settle();
    expect(writeWhatIf).toHaveBeenLastCalledWith(SAMPLE.company.code, stored);
    expect(byTestId(page, 'param-terminal-growth').value).toBe('3.00');
    expect(byText(page, 'button', '全部恢复1').hasAttribute('disabled')).toBe(false);
  });

  it('recomputes a draft while typing, stores nothing until Enter, and drops the draft on Escape', async () => {
    const page = await openPage();
    const automatic = perShare({ parameters: {}, overrides: {} });
    const wacc = byTestId(page, 'param-wacc');
    typeInto(wacc, '9');
    const drafted = perShare({ parameters: { wacc_manual: 0.09 }, overrides: {} });
    await waitUntil(() => byTestId(page, 'custom-value-per-share').textContent === drafted, 'the draft’s value');
    expect(writeWhatIf).not.toHaveBeenCalled();
    expect(byTestId(page, 'sticky-result').textContent).toMatch(/较系统 -[\d,.]+ 元（-\d+\.\d{2}%）/);

    press(wacc, 'Escape');
    await waitUntil(() => byTestId(page, 'custom-value-per-share').textContent === automatic, 'the value back');
    expect(writeWhatIf).not.toHaveBeenCalled();

    typeInto(wacc, '9');
    press(wacc, 'Enter');
    await settle();
    expect(byTestId(page, 'custom-value-per-share').textContent).toBe(drafted);
    expect(writeWhatIf).toHaveBeenLastCalledWith(SAMPLE.company.code, {
      parameters: { wacc_manual: 0.09 },
      overrides: {},
    });
  });

  it('switches company with a fresh what-if and updates the URL', async () => {
    fixtures.whatIfs.set(SECOND.company.code, { parameters: { wacc_manual: 0.12 }, overrides: {} });
    const page = await openPage();
    const input = byTestId(page, 'company-search-input');
    typeInto(input, SAMPLE.company.name);
    click(byText(page, 'button', '切换'));
    await settle();
    expect(message(page)).toBe('已是当前公司');

    typeInto(input, '不存在公司');
    click(byText(page, 'button', '切换'));
    await settle();
    expect(message(page)).toBe('未找到"不存在公司"的财务数据，请确认公司名称');

    typeInto(input, SECOND.company.name);
    click(byText(page, 'button', '切换'));
    await waitUntil(
      () => page.querySelector('.cv-head__company')?.textContent?.includes('第二公司') ?? false,
      'the second company',
    );
    expect(clearWhatIf).toHaveBeenCalledWith(SECOND.company.code);
    expect(new URLSearchParams(window.location.search).get('company')).toBe('第二公司');
    // The parameters are drawn after the heading (on a loaded machine, a render later).
    await waitUntil(() => page.querySelector('[data-testid="param-wacc"]') !== null, 'the second company parameters');
    expect(byTestId(page, 'param-wacc').value).toBe('6.98');
    expect(byTestId(page, 'param-terminal-growth').value).toBe('2.00');
  });

  it("says 'DCF数据获取失败' with a reload button when neither cache nor server has the data", async () => {
    const page = await openPage(OFFLINE.company.name);
    const failure = query(page, '.cv-failed');
    expect(failure.textContent).toContain('DCF数据获取失败');
    expect(failure.textContent).toContain('本机也没有该公司的离线数据');
    expect(byText(failure, 'button', '重新加载')).toBeTruthy();
  });

  it('explains a company it cannot find', async () => {
    const page = await openPage('不存在公司');
    expect(query(page, '.cv-failed').textContent).toBe('未找到"不存在公司"的财务数据，请确认公司名称');
  });

  it('answers the growth a price implies', async () => {
    const page = await openPage();
    const price = query<HTMLInputElement>(page, '.cv-reverse__input');
    expect(price.labels?.[0]?.textContent).toBe('当前股价（元）');
    typeInto(price, perShare({ parameters: {}, overrides: {} }));
    click(byText(page, 'button', '计算'));
    await waitUntil(
      () => page.querySelector('.cv-reverse__result')?.textContent?.includes('隐含FCF增长率') ?? false,
      'the implied growth',
    );
    expect(query(page, '.cv-reverse__result').textContent).toMatch(/^隐含FCF增长率 -?\d+\.\d{2}%$/);
  });
});
