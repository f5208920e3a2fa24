import 'fake-indexeddb/auto';
import { NO_WHAT_IF, whatIfView } from '@fcf/engine/report';
import type { StoredScenario } from '@fcf/engine/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ICBC_BUNDLE } from '../../../../engine/src/testing/model-bundles.ts';
import { signIn, signOut } from '../../api/session.ts';
import { openStore } from '../../store/db.ts';
import { outboxOf } from '../../sync/dexie-sync-store.ts';
import { mount, press, query, settle, texts, typeInto, unmountAll, waitUntil } from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import { loadWhatIfEngine } from '../../valuation-editor/testing/engine-in-process.ts';
import { SavedScenarios } from '../saved-scenarios/SavedScenarios.tsx';
import { UncertaintyPanel } from './UncertaintyPanel.tsx';

/**
 * A bank's range panel on the custom page, signed in and offline (docs/sync.md, the `scenarios` table):
 * an edited excess-return scenario is kept on the device with its model and its ROE, Ke and g, waits in
 * the user's outbox, is listed among 我的估值情景 and comes back when the page opens again.
 */
const CODE = ICBC_BUNDLE.company.code;
const MARKET = { quote: { price: 4.9, date: '2025-06-30', market_cap: null, shares: null }, today: '2025-06-30' };
const ROE_OF_BULL = 'input[aria-label="乐观：常态化ROE（%）"]';

beforeEach(async () => {
  localStorage.clear();
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
  vi.stubGlobal('navigator', { ...navigator, onLine: false });
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  await Promise.all([db.syncRows.clear(), db.syncClients.clear(), db.clientOutbox.clear(), db.clientRejected.clear()]);
  signIn('token-erin', { username: 'erin', is_admin: false });
});
afterEach(() => {
  unmountAll();
  signOut();
  vi.unstubAllGlobals();
});

/** Waits as `waitUntil` does, for up to 20 s: the worker's engine runs in the test's thread here. */
async function patiently(check: () => boolean, what: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await waitUntil(check, what);
    } catch (error) {
      if (attempt >= 9) throw error;
    }
  }
}

async function openPage() {
  const engine = await loadWhatIfEngine(ICBC_BUNDLE, MARKET);
  const errors: string[] = [];
  const { container } = mount(
    <RouterProvider>
      <UncertaintyPanel engine={engine.uncertainty} company={CODE} onError={(message) => errors.push(message)} />
      <SavedScenarios company={CODE} view={whatIfView(ICBC_BUNDLE, NO_WHAT_IF)} />
    </RouterProvider>,
  );
  await patiently(() => container.querySelector(ROE_OF_BULL) !== null, 'the excess-return scenarios');
  return { container, errors };
}

async function queued() {
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  return (await outboxOf(db, 'erin')).map((entry) => (entry.args as { scenario: StoredScenario }).scenario);
}

describe('a bank’s scenarios on the custom page', { timeout: 60_000 }, () => {
  it('an edit keeps the excess-return scenarios with their model, offline, and they come back', async () => {
    const { container, errors } = await openPage();
    const roe = query<HTMLInputElement>(container, ROE_OF_BULL);
    typeInto(roe, '15');
    press(roe, 'Enter');
    await patiently(() => texts(container, '[data-testid="saved-scenario-row"]').length === 3, 'the kept scenarios');
    expect(errors).toEqual([]);

    const kept = await queued();
    expect(kept.map((scenario) => [scenario.name, scenario.model])).toEqual([
      ['悲观', 'excess_return'],
      ['基准', 'excess_return'],
      ['乐观', 'excess_return'],
    ]);
    expect(Object.keys(kept[2]?.inputs ?? {}).sort()).toEqual(['cost_of_equity', 'normalised_roe', 'terminal_growth']);
    expect(kept[2]?.inputs).toMatchObject({ normalised_roe: 0.15 });
    for (const row of texts(container, '[data-testid="saved-scenario-row"]')) expect(row).toContain('超额收益模型');
    expect(texts(container, '[data-testid="saved-scenario-row"]').find((row) => row.includes('乐观'))).toContain(
      'ROE 15.00%',
    );

    // A value out of its range is refused in words and keeps nothing more.
    const again = query<HTMLInputElement>(container, ROE_OF_BULL);
    typeInto(again, '500');
    press(again, 'Enter');
    await settle();
    expect(errors.at(-1)).toContain('常态化ROE须在');
    expect(await queued()).toHaveLength(3);

    unmountAll();
    const reopened = await openPage();
    await patiently(
      () => query<HTMLInputElement>(reopened.container, ROE_OF_BULL).value.startsWith('15'),
      'the kept ROE of 乐观',
    );
  });
});
