import { envelope, watchlistAnswer } from '@fcf/engine/contract';
import {
  MemorySyncStore,
  type PushRequest,
  pullResponseSchema,
  pushResponseSchema,
  SYNC_SCHEMA_VERSION,
  SyncClient,
  watchlistKey,
} from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryAll } from '../db/query.ts';
import { answerOf } from '../testing/answers.ts';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

const MIDEA = '000333';
const GREE = '000651';

let platform: TestPlatform;
let investor: string;
let other: string;

async function register(username: string): Promise<string> {
  await platform.call('POST', '/api/register', {
    body: { username, email: `${username}@example.com`, password: 'Watch-2026-list' },
  });
  return platform.login(username, 'Watch-2026-list');
}

beforeAll(async () => {
  platform = await startTestPlatform();
  investor = await register('watcher_a');
  other = await register('watcher_b');
});
afterAll(() => platform.close());

function client(id: string, token: string) {
  const store = new MemorySyncStore(id);
  return {
    store,
    sync: new SyncClient(
      store,
      appTransport(platform.app, () => token),
      { tables: ['watchlist'] },
    ),
  };
}

const push = async (body: PushRequest, token: string) =>
  (await answerOf(await platform.call('POST', '/api/sync/push', { token, body }), envelope(pushResponseSchema))).data;

const watchlistRows = () =>
  queryAll<{ username: string; company_code: string; deleted: number }>(
    platform.db,
    'SELECT username, company_code, deleted FROM watchlist ORDER BY username, company_code',
  );

describe('the watchlist through sync', () => {
  it('follows a user to another browser, added and removed, and never reaches another user', async () => {
    const phone = client('watcher-a-phone', investor);
    await phone.sync.enqueue('addToWatchlist', { user: 'watcher_a', company: MIDEA });
    await phone.sync.enqueue('addToWatchlist', { user: 'Watcher_A', company: GREE });
    // Offline the edit shows at once: the view lays the outbox over the pulled rows.
    expect([...(await phone.sync.view('watchlist')).keys()].sort()).toEqual([
      watchlistKey('watcher_a', MIDEA),
      watchlistKey('watcher_a', GREE),
    ]);
    await phone.sync.sync();
    expect(await phone.sync.unsyncedCount()).toBe(0);

    const laptop = client('watcher-a-laptop', investor);
    await laptop.sync.sync();
    const seen = await laptop.sync.view('watchlist');
    expect([...seen.keys()].sort()).toEqual([watchlistKey('watcher_a', MIDEA), watchlistKey('watcher_a', GREE)]);
    expect(seen.get(watchlistKey('watcher_a', MIDEA))).toMatchObject({ username: 'watcher_a', company_code: MIDEA });

    await laptop.sync.enqueue('removeFromWatchlist', { user: 'watcher_a', company: GREE });
    await laptop.sync.sync();
    await phone.sync.sync();
    expect([...(await phone.sync.view('watchlist')).entries()].filter(([, data]) => data !== null)).toHaveLength(1);

    // Another user's browser and an anonymous pull see none of it.
    const stranger = client('watcher-b-phone', other);
    await stranger.sync.sync();
    expect((await stranger.store.rows('watchlist')).length).toBe(0);
    const anonymous = await answerOf(
      await platform.call('GET', '/api/sync/pull?cursor=0&tables=watchlist'),
      envelope(pullResponseSchema),
    );
    expect(anonymous.data.changes).toEqual([]);
  });

  it("rejects an edit of another user's watchlist with its code, writing nothing", async () => {
    const before = watchlistRows();
    const data = await push(
      {
        clientId: 'watcher-b-intruder',
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [
          { id: 1, name: 'addToWatchlist', args: { user: 'watcher_a', company: '600298' }, baseVersion: 0 },
          { id: 2, name: 'removeFromWatchlist', args: { user: 'watcher_a', company: MIDEA }, baseVersion: 0 },
          { id: 3, name: 'addToWatchlist', args: { user: 'watcher_b', company: '999999' }, baseVersion: 0 },
        ],
      },
      other,
    );
    expect(data.results.map((result) => [result.status, result.code])).toEqual([
      ['rejected', 'other_user'],
      ['rejected', 'other_user'],
      ['rejected', 'unknown_company'],
    ]);
    expect(watchlistRows()).toEqual(before);
  });

  it('lets an admin keep a watchlist too, with the same rule', async () => {
    const admin = await platform.adminToken();
    const data = await push(
      {
        clientId: 'admin-watchlist-client',
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [
          { id: 1, name: 'addToWatchlist', args: { user: 'admin', company: MIDEA }, baseVersion: 0 },
          { id: 2, name: 'addToWatchlist', args: { user: 'watcher_a', company: MIDEA }, baseVersion: 0 },
        ],
      },
      admin,
    );
    expect(data.results.map((result) => result.code ?? result.status)).toEqual(['applied', 'other_user']);
  });
});

describe('GET /api/user/watchlist', () => {
  it('needs a login', async () => {
    expect((await platform.call('GET', '/api/user/watchlist')).status).toBe(401);
  });

  it("answers the caller's companies with price, value and margin of safety, newest first", async () => {
    await push(
      {
        clientId: 'watcher-b-api',
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [{ id: 1, name: 'addToWatchlist', args: { user: 'watcher_b', company: GREE }, baseVersion: 0 }],
      },
      other,
    );
    const mine = await answerOf(
      await platform.call('GET', '/api/user/watchlist', { token: investor }),
      watchlistAnswer,
    );
    expect(mine.data.map((entry) => entry.code)).toEqual([MIDEA]);
    const [midea] = mine.data;
    const quote = await (await platform.call('GET', `/api/data/quotes/${MIDEA}`)).json();
    const price = (quote as { data: { price: number } }).data.price;
    expect(midea).toMatchObject({ code: MIDEA, name: '美的集团', price });
    expect(midea?.value_per_share).toBeGreaterThan(0);
    expect(midea?.margin_of_safety).toBeCloseTo((midea?.value_per_share ?? 0) / price - 1, 10);
    expect(Array.isArray(midea?.warnings)).toBe(true);

    const theirs = await answerOf(await platform.call('GET', '/api/user/watchlist', { token: other }), watchlistAnswer);
    expect(theirs.data.map((entry) => entry.code)).toEqual([GREE]);
  });
});

describe('GET /api/admin/quote-snapshots', () => {
  it('lists the quote history by date for an admin only', async () => {
    expect((await platform.call('GET', '/api/admin/quote-snapshots', { token: investor })).status).toBe(403);
    const response = await platform.call('GET', '/api/admin/quote-snapshots', { token: await platform.adminToken() });
    const body = (await response.json()) as { data: { date: string; rows: number }[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((snapshot) => /^\d{4}-\d{2}-\d{2}$/.test(snapshot.date) && snapshot.rows > 0)).toBe(true);
  });
});
