import { readFileSync } from 'node:fs';
import { MemorySyncStore, SyncClient, type SyncTransport } from '@fcf/engine/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appTransport } from '../testing/app-transport.ts';
import { storedForecastValue } from '../testing/stored-forecast.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';

/**
 * A stranded outbox: an admin queues offline edits for two companies, another admin deletes one
 * company's files (or the company). The other company's edit must apply, the orphaned one be rejected
 * with a code, and the edits after it still flow — never one refusal of the whole batch that records
 * nothing and is retried for ever.
 */
const MIDEA = '000333';
const HAIER = '600690';
const HAIER_WORKBOOK = new URL('../../../fixtures/workbooks/600690-海尔智家.xlsx', import.meta.url);
const TABLES = ['forecast_parameters', 'valuation_inputs'] as const;

let platform: TestPlatform;
let admin: string;
let transport: SyncTransport;

beforeEach(async () => {
  platform = await startTestPlatform();
  admin = await platform.adminToken();
  transport = appTransport(platform.app, () => admin);
});
afterEach(() => platform.close());

async function call(method: string, path: string, body?: FormData) {
  const response = await platform.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${admin}` },
    ...(body ? { body } : {}),
  });
  expect(response.status, `${method} ${path}`).toBe(200);
}

/** Another admin deletes every uploaded statement file of the company, through the API. */
async function deleteFilesOf(company: string) {
  const files = platform.db.prepare('SELECT id FROM uploaded_files WHERE company_code = ?').all([company]) as {
    id: number;
  }[];
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) await call('DELETE', `/api/files/${file.id}`);
}

async function uploadHaierAgain() {
  const form = new FormData();
  form.append('files', new File([readFileSync(HAIER_WORKBOOK)], '600690-海尔智家.xlsx'));
  await call('POST', '/api/upload_excel', form);
}

function serverValue(company: string, year: number, parameter: string): number | undefined {
  return storedForecastValue(platform.db, company, year, parameter);
}

async function offlineEdits(client: SyncClient) {
  await client.enqueue('setForecastParameter', { company: HAIER, year: 2026, parameter: 'da_ratio', value: 0.041 });
  await client.enqueue('setForecastParameter', { company: MIDEA, year: 2026, parameter: 'da_ratio', value: 0.032 });
}

describe('offline edits for a company whose data another admin removed', () => {
  it("files deleted: the other company's edit applies, the orphan is rejected no_history, later edits flow", async () => {
    const store = new MemorySyncStore('stranded-client-1');
    const client = new SyncClient(store, transport, { tables: TABLES });
    await client.sync();
    await offlineEdits(client);
    await deleteFilesOf(HAIER);

    const outcome = await client.sync();
    expect(outcome).toMatchObject({ unsynced: 0, rejected: 1 });
    expect(serverValue(MIDEA, 2026, 'da_ratio')).toBe(0.032);
    const [orphan] = await store.rejected();
    expect(orphan).toMatchObject({ id: 1, code: 'no_history', args: { company: HAIER, value: 0.041 } });
    expect(orphan?.message).toContain('暂无历史财务数据');

    // Nothing is stuck: later edits sync at once.
    await client.enqueue('setForecastParameter', { company: MIDEA, year: 2027, parameter: 'da_ratio', value: 0.033 });
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 1 });
    expect(serverValue(MIDEA, 2027, 'da_ratio')).toBe(0.033);

    // no_history is transient: once the files are uploaded again, 重试 applies the edit.
    await uploadHaierAgain();
    await client.retryRejected(1);
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 0 });
    expect(serverValue(HAIER, 2026, 'da_ratio')).toBe(0.041);
    expect(await store.outbox()).toEqual([]);
  });

  it('company deleted: the orphan is rejected unknown_company and 放弃 forgets it', async () => {
    const store = new MemorySyncStore('stranded-client-2');
    const client = new SyncClient(store, transport, { tables: TABLES });
    await client.sync();
    await offlineEdits(client);
    await call('DELETE', `/api/delete_company/${HAIER}`);

    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 1 });
    expect(serverValue(MIDEA, 2026, 'da_ratio')).toBe(0.032);
    const [orphan] = await store.rejected();
    expect(orphan).toMatchObject({ code: 'unknown_company', args: { company: HAIER } });
    await client.discardRejected(orphan?.id ?? 0);
    expect(await store.rejected()).toEqual([]);
    expect(await client.sync()).toMatchObject({ unsynced: 0, rejected: 0, issues: 0 });
  });
});
