import { FULL_RESET } from '@fcf/engine';
import { whatIfView } from '@fcf/engine/report';
import {
  forecastParameterKey,
  MemorySyncStore,
  type PushRequest,
  SyncClient,
  type SyncRow,
  type SyncTransport,
} from '@fcf/engine/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncService } from '../../sync/sync-service.ts';
import {
  advance,
  byText,
  click,
  mount,
  press,
  query,
  settle,
  typeInto,
  unmountAll,
  waitUntil,
} from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import FcfParametersPage from './FcfParametersPage.tsx';

const fixtures = vi.hoisted(() => ({ service: null as SyncService | null }));

vi.mock('../../worker/engine-client.ts', () => import('../../valuation-editor/testing/engine-in-process.ts'));

vi.mock('../../store/companies.ts', async () => {
  const { listItem, sampleBundle: bundle } = await import('../../valuation-editor/testing/sample-bundle.ts');
  return {
    loadCompanies: vi.fn(async () => ({ value: [listItem(bundle())], stale: false })),
    loadBundle: vi.fn(async () => ({ value: bundle(), stale: false })),
  };
});

vi.mock('../../sync/use-sync-status.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../sync/use-sync-status.ts')>()),
  useSyncService: () => fixtures.service,
}));

const SAMPLE = sampleBundle();
const CODE = SAMPLE.company.code;
const GROWTH_2026 = forecastParameterKey(CODE, 2026, 'operating_revenue_yoy');

/**
 * A server holding the admin's WACC of 9% and a 2026 growth of 10%, recording every push; it applies a
 * reset to auto as the real one does (each of the two rows rewritten with a new version).
 */
function fakeServer() {
  const pushes: PushRequest[] = [];
  let seq = 2;
  let rows: SyncRow[] = [
    {
      table: 'forecast_parameters',
      key: GROWTH_2026,
      version: 1,
      change_seq: 1,
      data: { company_code: CODE, year: 2026, parameter: 'operating_revenue_yoy', value: 0.1 },
    },
    {
      table: 'valuation_inputs',
      key: CODE,
      version: 2,
      change_seq: 2,
      data: { company_code: CODE, wacc_manual: 0.09, terminal_growth_rate_manual: null, total_shares_manual: null },
    },
  ];
  let last = 0;
  const transport: SyncTransport = {
    push: async (request) => {
      pushes.push(request);
      for (const mutation of request.mutations) {
        last = Math.max(last, mutation.id);
        if (mutation.name !== 'resetToAuto') continue;
        rows = rows.map((row) => ({
          ...row,
          version: row.version + 1,
          change_seq: ++seq,
          data: row.table === 'forecast_parameters' ? null : { ...row.data, wacc_manual: null },
        }));
      }
      return { results: request.mutations.map(({ id }) => ({ id, status: 'applied' as const })), lastMutationId: last };
    },
    pull: async ({ cursor }) => ({
      changes: rows.filter((row) => row.change_seq > cursor),
      cursor: seq,
      hasMore: false,
      clientState: true,
      lastMutationId: last,
      issues: [],
    }),
  };
  return { transport, pushes };
}

let online = true;

async function openPage(server: ReturnType<typeof fakeServer>) {
  const store = new MemorySyncStore('page-client');
  const client = new SyncClient(store, server.transport, { tables: ['forecast_parameters', 'valuation_inputs'] });
  fixtures.service = new SyncService(client, store);
  await fixtures.service.syncNow();
  window.history.replaceState(null, '', `/fcf-parameters?company=${CODE}`);
  const { container } = mount(
    <RouterProvider>
      <FcfParametersPage />
    </RouterProvider>,
  );
  await waitUntil(() => !!container.querySelector('[data-testid="param-wacc"]'), 'the parameters');
  return container;
}

const input = (root: ParentNode, selector: string) => query<HTMLInputElement>(root, selector);
const wacc = (root: ParentNode) => input(root, '[data-testid="param-wacc"]');
const growth2026 = (root: ParentNode) => input(root, 'input[aria-label="2026E 营业收入增长率"]');
const unsynced = (root: ParentNode) => query(root, '[data-testid="sync-unsynced-count"]').textContent;
const autoWacc = () => whatIfView(SAMPLE, { parameters: {}, overrides: {} }).dcf?.wacc ?? Number.NaN;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  unmountAll();
  vi.useRealTimers();
  vi.restoreAllMocks();
  fixtures.service = null;
});

describe('FCF parameter page', () => {
  it('shows the admin’s values from sync; an edit goes to the outbox and nothing else is sent', async () => {
    const server = fakeServer();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const page = await openPage(server);
    expect(wacc(page).value).toBe('9.00');
    expect(growth2026(page).value).toBe('10.00');

    online = false;
    vi.useFakeTimers();
    typeInto(wacc(page), '9.5');
    press(wacc(page), 'Enter');
    await settle();
    await waitUntil(() => unsynced(page) === '1', 'the queued edit');
    expect(wacc(page).value).toBe('9.50');
    // The page posts no valuation of its own: the server revalues as it applies each edit.
    advance(10_000);
    await settle();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(server.pushes).toEqual([]);
  });

  it('resets to auto offline at once, then pushes the reset as one sync edit', async () => {
    const server = fakeServer();
    const page = await openPage(server);
    expect(growth2026(page).className).toContain('is-user-set');

    online = false;
    click(byText(page, 'button', '恢复自动预测'));
    await waitUntil(() => unsynced(page) === '1', 'the queued reset');
    await waitUntil(() => wacc(page).value !== '9.00', 'the auto values');
    expect(wacc(page).value).toBe((autoWacc() * 100).toFixed(2));
    expect(growth2026(page).className).toContain('is-system');
    const summary = query(page, '[data-testid="reset-summary"]').textContent ?? '';
    expect(summary).toContain('✓ 人工参数已清除');
    expect(summary).toContain('✓ WACC 为自动测算');
    expect(summary).not.toContain('✗');
    expect(page.textContent).toContain('已在本机恢复，联网同步后由服务器恢复并重新估值。');
    expect(server.pushes).toEqual([]);

    online = true;
    click(byText(page, 'button', '立即同步'));
    await waitUntil(() => unsynced(page) === '0', 'the sync');
    expect(server.pushes.flatMap((push) => push.mutations)).toEqual([
      // Based on the two rows it clears: versions 1 + 2.
      { id: 1, name: 'resetToAuto', args: { company: CODE, scope: FULL_RESET }, baseVersion: 3 },
    ]);
    expect(wacc(page).value).toBe((autoWacc() * 100).toFixed(2));
  });

  it('asks first: declining the confirmation queues nothing', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const page = await openPage(fakeServer());
    click(byText(page, 'button', '恢复自动预测'));
    await settle();
    expect(unsynced(page)).toBe('0');
    expect(wacc(page).value).toBe('9.00');
    expect(page.querySelector('[data-testid="reset-summary"]')).toBeNull();
  });
});
