import 'fake-indexeddb/auto';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, signOut } from '../api/session.ts';
import { openStore } from '../store/db.ts';
import { outboxOf } from '../sync/dexie-sync-store.ts';
import { byText, click, mount, query, unmountAll, waitUntil } from '../testing/dom.tsx';
import { quoteRow, screenerModel, screenerRow } from '../testing/synced-rows.ts';
import { recordRecentCompany } from '../ui/company-picker/recent-companies.ts';
import { RouterProvider, useRouter } from '../ui/router.tsx';
import { WatchlistStar } from '../ui/watchlist/WatchlistStar.tsx';
import { HomeWatchlist } from './HomeWatchlist.tsx';

const MIDEA = '000333';
const GREE = '000651';

const model = (code: string, name: string, valuePerShare: number, flags: string[] = []) =>
  screenerModel(code, name, { valuePerShare, flags });

const watched = (user: string, code: string, addedAt: string) => ({
  table: 'watchlist' as const,
  key: `${user}|${code}`,
  version: 1,
  change_seq: 2,
  data: { username: user, company_code: code, added_at: addedAt },
});

let path = '';
function Location() {
  path = useRouter().location.search;
  return null;
}

const mountHome = () =>
  mount(
    <RouterProvider>
      <HomeWatchlist />
      <Location />
    </RouterProvider>,
  );

beforeEach(async () => {
  localStorage.clear();
  // Offline: every call fails, so what shows is the browser's copy.
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  const db = await openStore();
  if (!db) throw new Error('IndexedDB');
  await Promise.all([
    db.syncRows.clear(),
    db.syncClients.clear(),
    db.clientOutbox.clear(),
    db.clientRejected.clear(),
    db.lists.clear(),
  ]);
  await db.lists.put({
    key: 'companies',
    value: [
      { code: MIDEA, name: '美的集团', industry: '制造业', has_forecast_data: true },
      { code: GREE, name: '格力电器', industry: '制造业', has_forecast_data: true },
    ],
    fetchedAt: 0,
  });
  await db.syncRows.bulkPut([
    quoteRow(MIDEA, 50, '2099-01-01'),
    screenerRow(MIDEA, {
      ...model(MIDEA, '美的集团', 75),
      range: { rating: '中', required_margin: 0.3, weighted_value: 80 },
    }),
    quoteRow(GREE, 40, '2020-01-02'),
    screenerRow(GREE, model(GREE, '格力电器', 30, ['negative_equity_value'])),
    watched('alice', MIDEA, '2026-11-01T00:00:00.000Z'),
    watched('bob', GREE, '2026-11-02T00:00:00.000Z'),
  ]);
});
afterEach(() => {
  unmountAll();
  signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** GREE's report star and home's list, signed in as `username`: the star once it can be tapped. */
async function starAndHomeOf(token: string, username: string): Promise<HTMLButtonElement> {
  signIn(token, { username, is_admin: false });
  mount(
    <RouterProvider>
      <WatchlistStar company={GREE} />
      <HomeWatchlist />
    </RouterProvider>,
  );
  const star = query<HTMLButtonElement>(document, '[data-testid="watchlist-toggle"]');
  await waitUntil(() => !star.disabled, 'the star');
  return star;
}

const rows = () => [...document.querySelectorAll<HTMLElement>('[data-testid="watchlist"] li[data-company]')];

describe("home's watchlist", () => {
  it('signed out: invites a login, and lists the companies this browser opened, not a made-up list', async () => {
    recordRecentCompany({ code: GREE, name: '格力电器', industry: '制造业' });
    mountHome();
    await waitUntil(() => query(document, '[data-testid="watchlist"]').textContent?.includes('登录') ?? false, 'hint');
    expect(rows()).toHaveLength(0);
    expect(query(document, '#watchlist').dataset.testid).toBe('watchlist');
    expect(
      [...document.querySelectorAll('[data-testid="recent-companies"] a')].map((link) => link.textContent),
    ).toEqual(['格力电器']);
  });

  it("shows the user's own companies with price (date), value, margin of safety in the rise colour and the verdict, offline", async () => {
    signIn('token', { username: 'Alice', is_admin: false });
    mountHome();
    await waitUntil(() => rows().length === 1, 'the watched company');
    const [midea] = rows();
    expect(midea?.dataset.company).toBe(MIDEA);
    expect(midea?.textContent).toContain('美的集团');
    expect(midea?.textContent).toContain('50.00 元');
    expect(midea?.textContent).toContain('2099-01-01');
    expect(midea?.textContent).toContain('75.00 元');
    const margin = byText(midea as HTMLElement, '.home-watchlist__value', '50.00%');
    expect(margin.className).toContain('tone-rise');
    // 50 元 against the range's weighted value 80 at the 30% margin of 中: below 56, 低估.
    expect(query(midea as HTMLElement, '[data-testid="watchlist-verdict"]').textContent).toBe('低估（不确定性中）');
    // bob's row is in this browser's copy, but it is not Alice's.
    expect(document.body.textContent).not.toContain('格力电器');
    click(query(midea as HTMLElement, 'a'));
    expect(path).toBe(`?company=${encodeURIComponent('美的集团')}`);
  });

  it('invites starring when the list is empty', async () => {
    signIn('token', { username: 'carol', is_admin: false });
    mountHome();
    await waitUntil(
      () => query(document, '[data-testid="watchlist"]').textContent?.includes('还没有自选') ?? false,
      'empty',
    );
  });
});

describe('the report star', () => {
  it('signed out: disabled, saying a login is needed', async () => {
    mount(<WatchlistStar company={MIDEA} />);
    const star = query<HTMLButtonElement>(document, '[data-testid="watchlist-toggle"]');
    await waitUntil(() => star.textContent?.includes('登录后可加入自选') ?? false, 'the hint');
    expect(star.disabled).toBe(true);
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it('offline: a tap queues the edit in the outbox, the star and home show it at once, a second tap undoes it', async () => {
    const star = await starAndHomeOf('token', 'alice');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    click(star);
    await waitUntil(() => star.getAttribute('aria-pressed') === 'true', 'starred');
    expect(star.textContent).toContain('已自选');
    await waitUntil(() => rows().length === 2, 'home lists it');
    // Newest first; its value carries a warning.
    expect(rows()[0]?.dataset.company).toBe(GREE);
    expect(rows()[0]?.textContent).toContain('2020-01-02（过期）');
    expect(rows()[0]?.textContent).toContain('估值有警示');
    const db = await openStore();
    if (!db) throw new Error('IndexedDB');
    expect((await outboxOf(db, 'alice')).map((entry) => [entry.name, entry.args])).toEqual([
      ['addToWatchlist', { user: 'alice', company: GREE }],
    ]);

    await waitUntil(() => !star.disabled, 'the star again');
    click(star);
    await waitUntil(() => star.getAttribute('aria-pressed') === 'false', 'unstarred');
    await waitUntil(() => rows().length === 1, 'home drops it');
  });
});

describe('a browser shared by two users', () => {
  it("keeps alice's offline star apart when bob signs in, never sending it with his token", async () => {
    const star = await starAndHomeOf('alice-token', 'alice');
    click(star);
    await waitUntil(() => rows().length === 2, "alice's home lists it");
    await waitUntil(() => !star.disabled, 'the star again');

    await act(async () => {
      signOut();
      signIn('bob-token', { username: 'bob', is_admin: false });
    });
    await waitUntil(() => rows().length === 1 && rows()[0]?.dataset.company === GREE, "bob's own list");
    expect(star.getAttribute('aria-pressed')).toBe('true');
    // Bob's one row is his pulled GREE; alice's pending star is not his.
    const db = await openStore();
    if (!db) throw new Error('IndexedDB');
    expect(await outboxOf(db, 'bob')).toEqual([]);
    expect((await outboxOf(db, 'alice')).map((entry) => entry.args)).toEqual([{ user: 'alice', company: GREE }]);
    const pushes = vi
      .mocked(fetch)
      .mock.calls.filter(([url]) => String(url).startsWith('/api/sync/push'))
      .map(([, init]) => ({
        bearer: (init?.headers as Record<string, string> | undefined)?.Authorization,
        body: String(init?.body),
      }));
    expect(pushes.filter((push) => push.bearer === 'Bearer bob-token' && push.body.includes('alice'))).toEqual([]);

    await act(async () => {
      signOut();
      signIn('alice-token', { username: 'alice', is_admin: false });
    });
    await waitUntil(() => rows().length === 2, 'alice sees her pending star again');
    await waitUntil(() => !star.disabled, 'the star again');
  });
});
