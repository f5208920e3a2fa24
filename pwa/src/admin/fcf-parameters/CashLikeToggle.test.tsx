import type { CompanyBundle } from '@fcf/engine/report';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/http.ts';
import { click, mount, query, resizeTo, unmountAll, waitUntil } from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import FcfParametersPage from './FcfParametersPage.tsx';

/** The FCF parameter page's checkbox "其他流动资产计入类现金资产": a plain request, then the bundle again. */
const fixtures = vi.hoisted(() => ({ marked: false, offline: false }));

vi.mock('../../worker/engine-client.ts', () => import('../../valuation-editor/testing/engine-in-process.ts'));

/** The sample company with 12 亿 of 其他流动资产 in its latest report, marked as the fake server holds it. */
function bundleNow(): CompanyBundle {
  const bundle = sampleBundle();
  const years = Object.keys(bundle.statements.years).map(Number);
  const latest = Math.max(...years);
  return {
    ...bundle,
    statements: {
      ...bundle.statements,
      years: {
        ...bundle.statements.years,
        [latest]: { ...bundle.statements.years[latest], other_current_assets: 12 },
      },
    },
    admin_choices: { other_income_operating: true, other_current_assets_cash_like: fixtures.marked },
  };
}

vi.mock('../../store/companies.ts', async () => {
  const { listItem } = await import('../../valuation-editor/testing/sample-bundle.ts');
  return {
    loadCompanies: vi.fn(async () => ({ value: [listItem(bundleNow())], stale: false })),
    loadBundle: vi.fn(async () => ({ value: bundleNow(), stale: false })),
  };
});

vi.mock('../admin-api.ts', () => ({
  markOtherCurrentAssetsCashLike: vi.fn(async (_company: string, cashLike: boolean) => {
    if (fixtures.offline) throw new ApiRequestError('network', '网络连接失败');
    fixtures.marked = cashLike;
    return { success: true, message: '样本：其他流动资产已计入类现金资产，估值已重算', data: {} };
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
  await waitUntil(() => !!container.querySelector('.fp-cash-like input'), 'the checkbox');
  return container;
}

const checkbox = (root: ParentNode) => query<HTMLInputElement>(root, '.fp-cash-like input[type="checkbox"]');
const amount = (root: ParentNode) => query(root, '[data-testid="other-current-assets"]').textContent ?? '';
/** The summary's key figures (value per share, equity value, …): they move when the line counts as cash. */
const summary = (root: ParentNode) => query(root, '.cv-summary').textContent ?? '';

beforeEach(() => {
  fixtures.marked = false;
  fixtures.offline = false;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

describe('其他流动资产 as cash-like on the FCF parameter page', () => {
  it('shows the amount either way; checking it marks the company and the bridge takes it', async () => {
    resizeTo(390);
    const page = await openPage();
    const box = checkbox(page);
    expect(box.checked).toBe(false);
    // A real checkbox with its label: the keyboard reaches and toggles it.
    expect(box.labels?.[0]?.textContent).toContain('其他流动资产计入类现金资产');
    expect(amount(page)).toContain('其他流动资产：12.00 亿元（仅列示，不计入现金）');
    const before = summary(page);

    click(box);
    await waitUntil(() => checkbox(page).checked, 'the mark');
    expect(amount(page)).toContain('12.00 亿元（已计入现金）');
    await waitUntil(() => summary(page) !== before, 'the revalued summary');
    expect(page.textContent).toContain('估值已重算');
  });

  it('offline: says it cannot be saved and stays unmarked', async () => {
    const page = await openPage();
    fixtures.offline = true;
    click(checkbox(page));
    await waitUntil(() => (page.textContent ?? '').includes('离线时无法修改此标记'), 'the message');
    expect(checkbox(page).checked).toBe(false);
  });
});
