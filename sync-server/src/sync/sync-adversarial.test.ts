import { MemorySyncStore, SyncClient, type SyncTransport } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTransport } from '../testing/app-transport.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/** The adversarial cases of docs/sync.md#how-the-guarantees-are-tested, each on its own (the simulation mixes them at random). */
const MIDEA = '000333';
const TABLES = ['forecast_parameters', 'valuation_inputs'] as const;

let platform: TestPlatform;
let inner: SyncTransport;

beforeAll(async () => {
  platform = await startTestPlatform();
  const token = await platform.adminToken();
  inner = appTransport(platform.app, () => token);
});
afterAll(() => platform.close());

function serverValue(year: number, parameter: string): { value: number; version: number } | undefined {
  return (
    platform.db
      .prepare(
        'SELECT value, version FROM forecast_parameters WHERE company_code = ? AND year = ? AND parameter = ? AND deleted = 0',
      )
      .all([MIDEA, year, parameter]) as { value: number; version: number }[]
  )[0];
}

describe('sync, adversarial cases', () => {
  it('a crash between the server’s write and its answer: the re-push is answered from the record, once', async () => {
    let crashAfterWrite = true;
    const transport: SyncTransport = {
      push: async (request) => {
        const answer = await inner.push(request);
        if (crashAfterWrite) {
          crashAfterWrite = false;
          throw new Error('连接中断');
        }
        return answer;
      },
      pull: (request) => inner.pull(request),
    };
    const store = new MemorySyncStore('crash-client-01');
    const client = new SyncClient(store, transport, { tables: TABLES });
    await client.enqueue('setForecastParameter', { company: MIDEA, year: 2026, parameter: 'da_ratio', value: 0.031 });
    await expect(client.sync()).rejects.toThrow('连接中断');
    expect(await client.unsyncedCount()).toBe(1);
    expect(serverValue(2026, 'da_ratio')).toEqual({ value: 0.031, version: 1 });
    await client.sync();
    expect(await client.unsyncedCount()).toBe(0);
    // Applied once: the version did not move on the replay.
    expect(serverValue(2026, 'da_ratio')).toEqual({ value: 0.031, version: 1 });
  });

  it('a pull interrupted half-way keeps its pages and its outbox, and the next sync completes', async () => {
    const writer = new SyncClient(new MemorySyncStore('writer-client-1'), inner, { tables: TABLES });
    for (const year of [2025, 2026, 2027, 2028, 2029]) {
      await writer.enqueue('setForecastParameter', {
        company: MIDEA,
        year,
        parameter: 'Inventories_Ratio',
        value: 0.1,
      });
    }
    await writer.sync();

    let pulls = 0;
    const transport: SyncTransport = {
      push: (request) => inner.push(request),
      pull: async (request) => {
        pulls++;
        if (pulls === 2) throw new Error('网络中断');
        return inner.pull(request);
      },
    };
    const store = new MemorySyncStore('reader-client-1');
    const reader = new SyncClient(store, transport, { tables: TABLES, pageSize: 2 });
    await reader.enqueue('setForecastParameter', { company: MIDEA, year: 2029, parameter: 'da_ratio', value: 0.02 });
    await expect(reader.sync()).rejects.toThrow('网络中断');
    const halfway = await store.readState();
    expect(halfway.cursor).toBeGreaterThan(0);
    // Not confirmed by a complete pull yet: the edit stays in the outbox.
    expect(await reader.unsyncedCount()).toBe(1);
    await reader.sync();
    expect(await reader.unsyncedCount()).toBe(0);
    const view = await reader.view('forecast_parameters');
    for (const year of [2025, 2026, 2027, 2028, 2029]) {
      expect((view.get(`${MIDEA}|${year}|Inventories_Ratio`) as { value: number }).value).toBe(0.1);
    }
    expect((view.get(`${MIDEA}|2029|da_ratio`) as { value: number }).value).toBe(0.02);
  });

  it('a poisoned mutation is rejected with its code and message and the edits after it still apply', async () => {
    const store = new MemorySyncStore('poison-client-1');
    const client = new SyncClient(store, inner, { tables: TABLES });
    await client.enqueue('setForecastParameter', {
      company: MIDEA,
      year: 2027,
      parameter: 'operating_revenue_yoy',
      value: 0.9,
    });
    await client.enqueue('setForecastParameter', {
      company: MIDEA,
      year: 2027,
      parameter: 'selling_expenses_pct',
      value: 0.09,
    });
    await client.sync();
    const [rejected] = await store.rejected();
    expect(rejected?.code).toBe('out_of_range');
    expect(rejected?.message).toContain('超出合理范围（-20% 至 25%）');
    expect(await client.unsyncedCount()).toBe(0);
    expect(serverValue(2027, 'selling_expenses_pct')?.value).toBe(0.09);
    if (rejected) await client.discardRejected(rejected.id);
    await client.sync();
    expect(await store.rejected()).toEqual([]);
    expect(await store.issues()).toEqual([]);
  });

  it('a client of another schema version is refused whole, its outbox kept', async () => {
    const stale: SyncTransport = {
      push: (request) => inner.push({ ...request, schemaVersion: request.schemaVersion - 1 }),
      pull: (request) => inner.pull(request),
    };
    const store = new MemorySyncStore('stale-client-01');
    const client = new SyncClient(store, stale, { tables: TABLES });
    await client.enqueue('setValuationParameter', { company: MIDEA, parameter: 'wacc_manual', value: 0.09 });
    await expect(client.sync()).rejects.toMatchObject({ status: 409 });
    expect(await client.unsyncedCount()).toBe(1);
  });
});
