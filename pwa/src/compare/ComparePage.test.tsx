import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, mount, press, query, settle, texts, typeInto, unmountAll, waitUntil } from '../testing/dom.tsx';
import { RouterProvider } from '../ui/router.tsx';
import { sampleBundle } from '../valuation-editor/testing/sample-bundle.ts';
import { fixtureBundles } from '../valuation-editor/testing/stores-in-memory.ts';
import ComparePage from './ComparePage.tsx';
import { NOT_CACHED_REASON } from './use-compare.ts';

vi.mock('../worker/engine-client.ts', () => import('../valuation-editor/testing/engine-in-process.ts'));
vi.mock('../store/companies.ts', () => import('../valuation-editor/testing/stores-in-memory.ts'));
vi.mock('../store/quotes.ts', () => import('../valuation-editor/testing/stores-in-memory.ts'));

const COMPANIES = [
  sampleBundle(),
  sampleBundle('000002', '第二公司'),
  sampleBundle('000003', '第三公司'),
  sampleBundle('000004', '第四公司'),
  sampleBundle('000005', '第五公司'),
  sampleBundle('000006', '第六公司'),
  sampleBundle('000009', '离线公司'),
];

async function openPage(search: string) {
  window.history.replaceState(null, '', `/compare${search}`);
  const { container } = mount(
    <RouterProvider>
      <ComparePage />
    </RouterProvider>,
  );
  await waitUntil(() => !container.querySelector('.compare-page__status[role="status"]'), 'the comparison');
  await settle();
  return container;
}

const columns = (root: ParentNode) =>
  [...root.querySelectorAll('[data-testid="compare-column"]')].map((cell) => cell.getAttribute('data-company'));

beforeEach(() => {
  fixtureBundles.clear();
  for (const bundle of COMPANIES) fixtureBundles.set(bundle.company.code, bundle);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('the comparison page', () => {
  it('shows the companies of the address side by side, with price, margin of safety and four charts', async () => {
    const page = await openPage('?codes=000001,2');
    expect(columns(page)).toEqual(['000001', '000002']);
    expect(texts(page, '[data-figure="revenue"] td')).toEqual(['100.002024', '100.002024']);
    const margins = texts(page, '[data-testid="compare-margin-of-safety"]');
    expect(margins[0]).toMatch(/%$/);
    expect(margins[1]).toBe('暂无行情');
    expect(page.querySelectorAll('[data-testid="compare-chart"]')).toHaveLength(4);
  });

  it('removes a company by changing the address, and asks for a second one', async () => {
    const page = await openPage('?codes=000001,000002');
    click(query(page, 'button[aria-label="移除样本公司"]'));
    await waitUntil(() => columns(page).length === 1, 'one column');
    expect(window.location.search).toBe('?codes=000002');
    expect(page.textContent).toContain('再添加至少 1 家公司即可对比');
  });

  it('adds a company with the search box, at most five', async () => {
    const page = await openPage('?codes=000001,000002');
    const input = query<HTMLInputElement>(page, '[data-testid="company-search-input"]');
    typeInto(input, '第三公司');
    press(input, 'Enter');
    await waitUntil(() => columns(page).length === 3, 'three columns');
    expect(window.location.search).toBe('?codes=000001,000002,000003');

    const full = await openPage('?codes=1,2,3,4,5');
    const search = query<HTMLInputElement>(full, '[data-testid="company-search-input"]');
    typeInto(search, '第六公司');
    press(search, 'Enter');
    await waitUntil(() => (full.textContent ?? '').includes('最多同时对比 5 家公司'), 'the limit');
    expect(window.location.search).toBe('?codes=1,2,3,4,5');
  });

  it('says which companies it could not load and why, and compares the rest', async () => {
    const page = await openPage('?codes=000001,000009,123456,abc');
    expect(columns(page)).toEqual(['000001']);
    expect(texts(page, '[data-testid="compare-unavailable"] li')).toEqual([
      `离线公司（000009）：${NOT_CACHED_REASON}`,
      '123456：未找到代码为 123456 的公司',
    ]);
    expect(page.textContent).toContain('“abc”不是股票代码');
  });

  it('says under the table why a figure reads n.m. (negative equity: ROE and ROIC)', async () => {
    const loss = sampleBundle('000007', '亏损公司');
    const statements = loss.statements;
    const years = Object.fromEntries(
      Object.entries(statements.years).map(([year, figures]) => [year, { ...figures, parent_equity: -10 }]),
    );
    fixtureBundles.set('000007', { ...loss, statements: { ...statements, years } });
    const page = await openPage('?codes=000001,000007');
    expect(texts(page, '.compare-table__reasons li')).toEqual([
      'n.m. — 亏损公司 2024年ROE：归母净资产为负或为零，ROE无意义',
      'n.m. — 亏损公司 2024年ROIC：投入资本为负或为零，ROIC无意义',
    ]);
  });

  it('offers an example when no company is chosen', async () => {
    const page = await openPage('');
    expect(query(page, '.compare-page__empty a').getAttribute('href')).toBe('/compare?codes=000333,000651,600690');
  });
});
