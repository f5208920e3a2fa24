import type { AdminChoices } from '@fcf/engine';
import type { CompanyBundle } from '@fcf/engine/report';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { click, mount, query, resizeTo, unmountAll, waitUntil } from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import { markAdminChoices } from '../admin-api.ts';
import FcfParametersPage from './FcfParametersPage.tsx';

/**
 * The FCF parameter page's admin marks, "其他收益计入经营利润" and "其他流动资产计入类现金资产": each a plain
 * request, then the bundle again, which the fake server below answers with the marks it holds.
 */
const fixtures = vi.hoisted(() => ({
  marks: { other_income_operating: true, other_current_assets_cash_like: false } as AdminChoices,
  offline: false,
  /** When set, the request waits for it: a mark being saved. */
  pending: null as Promise<void> | null,
}));

vi.mock('../../worker/engine-client.ts', () => import('../../valuation-editor/testing/engine-in-process.ts'));

/**
 * The sample company with 其他收益 of 3% of revenue every year (so EBIT and its forecast hold it) and 12 亿 of
 * 其他流动资产 in its latest report, marked as the fake server holds it.
 */
function bundleNow(): CompanyBundle {
  const bundle = sampleBundle();
  const latest = Math.max(...Object.keys(bundle.statements.years).map(Number));
  const years = Object.fromEntries(
    Object.entries(bundle.statements.years).map(([year, items]) => [
      year,
      {
        ...items,
        other_income: (items.operating_revenue ?? 0) * 0.03,
        ...(Number(year) === latest ? { other_current_assets: 12 } : {}),
      },
    ]),
  );
  return { ...bundle, statements: { ...bundle.statements, years }, admin_choices: { ...fixtures.marks } };
}

vi.mock('../../store/companies.ts', async () => {
  const { listItem } = await import('../../valuation-editor/testing/sample-bundle.ts');
  return {
    loadCompanies: vi.fn(async () => ({ value: [listItem(bundleNow())], stale: false })),
    loadBundle: vi.fn(async () => ({ value: bundleNow(), stale: false })),
  };
});

vi.mock('../admin-api.ts', () => ({
  markAdminChoices: vi.fn(async (_company: string, marks: Partial<AdminChoices>) => {
    await fixtures.pending;
    if (fixtures.offline) throw new ApiRequestError('network', '网络连接失败');
    fixtures.marks = { ...fixtures.marks, ...marks };
    return { success: true, message: '样本：估值已重算', data: {} };
  }),
}));

vi.mock('../../sync/use-sync-status.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../sync/use-sync-status.ts')>()),
  useSyncService: () => null,
}));

async function openPage() {
  window.history.replaceState(null, '', `/fcf-parameters?company=${sampleBundle().company.code}`);
  const { container } = mount(
    <RouterProvider>
      <FcfParametersPage />
    </RouterProvider>,
  );
  await waitUntil(() => !!container.querySelector('.fp-choice input'), 'the checkboxes');
  return container;
}

const otherIncome = (root: ParentNode) =>
  query<HTMLInputElement>(root, '[data-choice="other_income_operating"] input[type="checkbox"]');
const cashLike = (root: ParentNode) =>
  query<HTMLInputElement>(root, '[data-choice="other_current_assets_cash_like"] input[type="checkbox"]');
const amount = (root: ParentNode, item: string) => query(root, `[data-testid="amount-${item}"]`).textContent ?? '';
/** The summary's key figures (value per share, equity value, …): they move with either mark. */
const summary = (root: ParentNode) => query(root, '.cv-summary').textContent ?? '';
/** The first key figure: the value per share. */
const perShare = (root: ParentNode) => Number(query(root, '.cv-figure dd').textContent?.replace(/[^\d.]/g, ''));

beforeEach(() => {
  fixtures.marks = { other_income_operating: true, other_current_assets_cash_like: false };
  fixtures.offline = false;
  fixtures.pending = null;
  vi.mocked(markAdminChoices).mockClear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('the admin’s marks on the FCF parameter page', () => {
  it('shows each line’s amount either way; unchecking 其他收益 marks it non-operating and the value falls', async () => {
    resizeTo(390);
    const page = await openPage();
    const box = otherIncome(page);
    expect(box.checked).toBe(true);
    // Real checkboxes with their labels: the keyboard reaches and toggles them.
    expect(box.labels?.[0]?.textContent).toBe('其他收益计入经营利润（政府补助、增值税返还等）');
    expect(cashLike(page).labels?.[0]?.textContent).toBe('其他流动资产计入类现金资产（理财产品等）');
    expect(amount(page, 'other_income')).toMatch(/^\d{4}年其他收益：[\d,.]+ 亿元（计入 EBIT）$/);
    expect(amount(page, 'other_current_assets')).toMatch(/其他流动资产：12\.00 亿元（仅列示，不计入现金）$/);
    const before = summary(page);
    const valueBefore = perShare(page);
    expect(valueBefore).toBeGreaterThan(0);

    click(box);
    await waitUntil(() => !otherIncome(page).checked, 'the mark');
    expect(vi.mocked(markAdminChoices)).toHaveBeenCalledExactlyOnceWith(sampleBundle().company.code, {
      other_income_operating: false,
    });
    expect(amount(page, 'other_income')).toMatch(/亿元（非经营，不计入 EBIT）$/);
    await waitUntil(() => summary(page) !== before, 'the revalued summary');
    expect(perShare(page)).toBeLessThan(valueBefore);
    expect(page.textContent).toContain('估值已重算');
    // The other mark is as it was.
    expect(cashLike(page).checked).toBe(false);
  });

  it('checking 其他流动资产 marks it cash-like and the summary takes it', async () => {
    const page = await openPage();
    const before = summary(page);
    click(cashLike(page));
    await waitUntil(() => cashLike(page).checked, 'the mark');
    expect(vi.mocked(markAdminChoices)).toHaveBeenCalledExactlyOnceWith(sampleBundle().company.code, {
      other_current_assets_cash_like: true,
    });
    expect(amount(page, 'other_current_assets')).toContain('12.00 亿元（已计入现金）');
    await waitUntil(() => summary(page) !== before, 'the revalued summary');
    expect(otherIncome(page).checked).toBe(true);
  });

  it('offline: either mark says it cannot be saved, and the page stays as stored', async () => {
    const page = await openPage();
    const before = summary(page);
    fixtures.offline = true;
    for (const [box, checked] of [
      [otherIncome, true],
      [cashLike, false],
    ] as const) {
      const close = page.querySelector('.cv-message__close');
      if (close) click(close);
      click(box(page));
      await waitUntil(() => (page.textContent ?? '').includes('离线时无法修改此标记'), 'the message');
      await waitUntil(() => box(page).getAttribute('aria-disabled') === 'false', 'the save to end');
      expect(box(page).checked).toBe(checked);
    }
    expect(amount(page, 'other_income')).toMatch(/（计入 EBIT）$/);
    expect(amount(page, 'other_current_assets')).toMatch(/（仅列示，不计入现金）$/);
    expect(summary(page)).toBe(before);
    expect(vi.mocked(markAdminChoices)).toHaveBeenCalledTimes(2);
    expect(fixtures.marks).toEqual({ other_income_operating: true, other_current_assets_cash_like: false });
  });

  it('takes no other change while a mark is being saved, and keeps the checkbox focusable', async () => {
    const page = await openPage();
    let answer = () => {};
    fixtures.pending = new Promise((resolve) => {
      answer = resolve;
    });
    otherIncome(page).focus();
    click(otherIncome(page));
    await waitUntil(() => otherIncome(page).getAttribute('aria-disabled') === 'true', 'the save');
    expect(document.activeElement).toBe(otherIncome(page));
    click(cashLike(page));
    expect(cashLike(page).checked).toBe(false);
    answer();
    await waitUntil(() => !otherIncome(page).checked, 'the mark');
    expect(vi.mocked(markAdminChoices)).toHaveBeenCalledTimes(1);
    expect(cashLike(page).checked).toBe(false);
  });
});
