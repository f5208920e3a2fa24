import 'fake-indexeddb/auto';
import type { OutboxEntry, SyncRow } from '@fcf/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { FcfDatabase } from '../store/db.ts';
import { DexieSyncStore } from './dexie-sync-store.ts';

let counter = 0;
const databases: FcfDatabase[] = [];

function freshStore(): DexieSyncStore {
  const db = new FcfDatabase(`sync-test-${++counter}`);
  databases.push(db);
  return new DexieSyncStore(db, () => `client-${counter}`);
}

afterEach(async () => {
  for (const db of databases.splice(0)) await db.delete();
});

const entry = (id: number): OutboxEntry => ({
  id,
  name: 'setForecastParameter',
  args: { company: '000333', year: 2026, parameter: 'da_ratio', value: 0.03 },
  baseVersion: 0,
  createdAt: 0,
});
const row = (version: number, value: number): SyncRow => ({
  table: 'forecast_parameters',
  key: '000333|2026|da_ratio',
  version,
  change_seq: version,
  data: { value },
});

describe('the IndexedDB sync store', () => {
  it('starts a client with a new id and cursor 0, and keeps its state', async () => {
    const store = freshStore();
    const state = await store.readState();
    expect(state).toMatchObject({ cursor: 0, nextMutationId: 1, lastMutationId: 0 });
    await store.writeState({ ...state, cursor: 42 });
    expect((await store.readState()).cursor).toBe(42);
  });

  it('keeps the outbox in id order and drops confirmed entries', async () => {
    const store = freshStore();
    await store.addToOutbox(entry(2));
    await store.addToOutbox(entry(1));
    await store.addToOutbox(entry(3));
    expect((await store.outbox()).map((item) => item.id)).toEqual([1, 2, 3]);
    await store.dropOutboxThrough(2);
    expect((await store.outbox()).map((item) => item.id)).toEqual([3]);
  });

  it('never moves a row back to an older version', async () => {
    const store = freshStore();
    await store.putRows([row(3, 0.05)]);
    await store.putRows([row(2, 0.01)]);
    expect((await store.row('forecast_parameters', '000333|2026|da_ratio'))?.data).toEqual({ value: 0.05 });
    expect(await store.rows('forecast_parameters')).toHaveLength(1);
  });

  it('rolls back everything a failed transaction wrote', async () => {
    const store = freshStore();
    await expect(
      store.transaction(async () => {
        await store.addToOutbox(entry(1));
        await store.putRows([row(1, 0.02)]);
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await store.outbox()).toEqual([]);
    expect(await store.rows('forecast_parameters')).toEqual([]);
  });
});
