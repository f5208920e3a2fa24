import 'fake-indexeddb/auto';
import { NO_WHAT_IF, whatIfView } from '@fcf/engine/report';
import { type OpenIssue, type StoredScenario, type StoryStoredScenario, scenarioKey } from '@fcf/engine/sync';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../../api/session.ts';
import { openStore } from '../../store/db.ts';
import { outboxOf } from '../../sync/dexie-sync-store.ts';
import { byText, click, mount, query, texts, typeInto, unmountAll, waitUntil } from '../../testing/dom.tsx';
import { RouterProvider } from '../../ui/router.tsx';
import { sampleBundle } from '../../valuation-editor/testing/sample-bundle.ts';
import { SavedScenarios } from './SavedScenarios.tsx';
import { scenarioLinkValue } from './scenario-link.ts';

const BUNDLE = sampleBundle('600000', '示例公司');
const VIEW = whatIfView(BUNDLE, NO_WHAT_IF);
const CODE = BUNDLE.company.code;
const INPUTS = {
  revenue_growth: 0.08,
  target_margin: 0.12,
  sales_to_capital: 2.5,
  wacc: 0.085,
  terminal_growth: 0.025,
  tax_rate: 0.15,
};
const scenario = (id: string, name: string, weight: number): StoredScenario => ({
  id,
  company: CODE,
  name,
  weight,
  model: 'story',
  inputs: INPUTS,
});
const rowOf = (user: string, data: StoredScenario, version: number) => ({
  table: 'scenarios' as const,
  key: scenarioKey(user, data.id),
  version,
  change_seq: 3,
  data: {
    username: user,
    id: data.id,
    company_code: CODE,
    name: data.name,
    weight: data.weight,
    inputs: INPUTS,
    updated_at: '',
  },
});

beforeEach(async () => {
  localStorage.clear();
  // Offline: what shows is the browser's copy; edits wait in the outbox.
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
  vi.stubGlobal('navigator', { ...navigator, onLine: false });
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  await Promise.all([db.syncRows.clear(), db.syncClients.clear(), db.clientOutbox.clear(), db.clientRejected.clear()]);
});
afterEach(() => {
  unmountAll();
  signOut();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

function mountPanel() {
  return mount(
    <RouterProvider>
      <SavedScenarios company={CODE} view={VIEW} />
    </RouterProvider>,
  ).container;
}

async function outbox(username: string) {
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  return outboxOf(db, username);
}

const rowTexts = (container: HTMLElement) => texts(container, '[data-testid="saved-scenario-row"]');

describe('我的估值情景 on the custom valuation page', () => {
  it('signed out: asks for a login, keeps nothing', async () => {
    const container = mountPanel();
    await waitUntil(() => container.textContent?.includes('登录后可保存估值情景') ?? false, 'the note');
    expect(container.querySelector('[data-testid="scenario-save"]')).toBeNull();
  });

  it('shows the pulled scenarios, saves the present inputs offline and shows a conflict to resolve', async () => {
    const db = await openStore();
    const bull = scenario('bull', '乐观', 0.25);
    await db?.syncRows.bulkPut([rowOf('cara', bull, 2), rowOf('dave', scenario('other', '别人的', 1), 1)]);
    const conflict: OpenIssue = {
      mutationId: 1,
      status: 'conflict',
      name: 'putScenario',
      args: { user: 'cara', scenario: { ...bull, weight: 0.3 } },
      reason: '服务器上的数据已被他人修改',
      serverRow: rowOf('cara', bull, 2),
    };
    await db?.syncClients.put({
      clientId: 'cara-client',
      owner: 'cara',
      cursor: 3,
      nextMutationId: 2,
      lastMutationId: 1,
      issues: [conflict],
      refusedFor: [],
      createdAt: 0,
    });
    signIn('token-cara', { username: 'cara', is_admin: false });
    const container = mountPanel();
    await waitUntil(() => rowTexts(container).length === 1, 'the pulled scenario');
    expect(rowTexts(container)[0]).toContain('乐观');
    expect(rowTexts(container)[0]).toContain('25.00%');
    expect(container.textContent).toContain('离线');

    await waitUntil(() => container.querySelector('[data-testid="sync-conflict"]') !== null, 'the conflict');
    const shown = query(container, '[data-testid="sync-conflict"]').textContent ?? '';
    expect(shown).toContain('估值情景“乐观”');
    expect(shown).toContain('权重 30.00%');
    expect(shown).toContain('权重 25.00%');
    click(byText(container, 'button', '采用服务器'));
    await waitUntil(() => container.querySelector('[data-testid="sync-conflict"]') === null, 'the conflict resolved');

    typeInto(query<HTMLInputElement>(container, '[data-testid="scenario-name"]'), '基准');
    typeInto(query<HTMLInputElement>(container, '[data-testid="scenario-weight"]'), '50');
    click(query(container, '[data-testid="scenario-save"]'));
    await waitUntil(() => rowTexts(container).length === 2, 'the saved scenario');
    expect(rowTexts(container).map((text) => text.slice(0, 2))).toEqual(['基准', '乐观']);
    const queued = await outbox('cara');
    expect(queued.map((entry) => entry.name)).toEqual(['resolveConflict', 'putScenario']);
    const saved = (queued[1]?.args as { scenario: StoryStoredScenario } | undefined)?.scenario;
    expect(saved).toMatchObject({ company: CODE, name: '基准', weight: 0.5 });
    expect(saved?.inputs.wacc).toBeCloseTo(VIEW.dcf?.wacc ?? 0, 6);

    typeInto(query<HTMLInputElement>(container, '[data-testid="scenario-name"]'), '乐观\u200B');
    click(query(container, '[data-testid="scenario-save"]'));
    await waitUntil(() => container.querySelector('[role="alert"].notice') !== null, 'the refusal');
    expect(query(container, '[role="alert"].notice').textContent).toContain('U+200B');
    expect(rowTexts(container)).toHaveLength(2);
  });

  it('a share link’s scenarios show read-only and are saved as copies of one’s own', async () => {
    const value = scenarioLinkValue([scenario('x', '悲观', 0.25), scenario('y', '乐观', 0.75)]);
    window.history.replaceState(null, '', `/valuation-custom?company=${CODE}&scenarios=${value}`);
    signIn('token-erin', { username: 'erin', is_admin: false });
    const container = mountPanel();
    await waitUntil(() => texts(container, '[data-testid="shared-scenario-row"]').length === 2, 'the shared rows');
    expect(rowTexts(container)).toEqual([]);
    click(query(container, '[data-testid="shared-scenarios-save"]'));
    await waitUntil(() => rowTexts(container).length === 2, 'the copies');
    const ids = (await outbox('erin')).map((entry) => (entry.args as { scenario: StoredScenario }).scenario.id);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain('x');
  });

  it('a link edited by hand is ignored, with a note', async () => {
    window.history.replaceState(null, '', `/valuation-custom?company=${CODE}&scenarios=1.broken`);
    const container = mountPanel();
    await waitUntil(() => container.querySelector('[data-testid="shared-scenarios-invalid"]') !== null, 'the note');
    expect(container.querySelector('[data-testid="shared-scenario-row"]')).toBeNull();
  });
});
