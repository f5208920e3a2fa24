import 'fake-indexeddb/auto';
import type { OpenIssue, OutboxEntry, RejectedEdit, SyncRow } from '@fcf/engine/sync';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { FcfDatabase } from '../store/db.ts';
import { DexieSyncStore, outboxOf } from './dexie-sync-store.ts';

let counter = 0;
const databases: FcfDatabase[] = [];

function freshDatabase(): FcfDatabase {
  const db = new FcfDatabase(`sync-test-${++counter}`);
  databases.push(db);
  return db;
}

function freshStore(): DexieSyncStore {
  return new DexieSyncStore(freshDatabase(), 'alice', () => `client-${counter}`);
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
        await store.putRejected(rejected(2));
        throw new Error('crash');
      }),
    ).rejects.toThrow('crash');
    expect(await store.outbox()).toEqual([]);
    expect(await store.rows('forecast_parameters')).toEqual([]);
    expect(await store.rejected()).toEqual([]);
  });

  it('moves an entry from the outbox to the rejected list and forgets it on discard', async () => {
    const store = freshStore();
    await store.addToOutbox(entry(1));
    await store.addToOutbox(entry(2));
    await store.transaction(async () => {
      await store.removeFromOutbox(1);
      await store.putRejected(rejected(1));
    });
    expect((await store.outbox()).map((item) => item.id)).toEqual([2]);
    expect(await store.rejected()).toEqual([rejected(1)]);
    await store.removeRejected(1);
    expect(await store.rejected()).toEqual([]);
  });
});

const rejected = (id: number): RejectedEdit => ({
  ...entry(id),
  code: 'no_history',
  message: '该公司暂无历史财务数据，无法生成预测',
  rejectedAt: 5,
});

describe('upgrading a browser that synced with schema 1', () => {
  it('keeps the outbox and conflicts, and moves the rejections into the rejected list', async () => {
    const name = `sync-upgrade-${++counter}`;
    // The database as version 4 of the app left it.
    const old = new Dexie(name);
    old.version(1).stores({ bundles: 'code, fetchedAt', lists: 'key' });
    old.version(2).stores({ syncRows: '[table+key], table', outbox: 'id', syncMeta: 'key' });
    old.version(3).stores({ whatIfs: 'code' });
    old.version(4).stores({ savedPdfs: 'id, filename' });
    const conflict: OpenIssue = {
      mutationId: 3,
      status: 'conflict',
      name: 'setForecastParameter',
      args: entry(3).args,
      reason: '服务器上的数据已被他人修改',
      serverRow: row(2, 0.05),
    };
    const refused = (mutationId: number, name: string, reason: string): OpenIssue => ({
      ...conflict,
      mutationId,
      status: 'rejected',
      name,
      reason,
      serverRow: null,
    });
    await old.table('outbox').bulkPut([entry(5), entry(6)]);
    await old.table('syncMeta').put({
      key: 'issues',
      value: [
        refused(1, 'setForecastParameter', '未找到公司"600690"'),
        refused(2, 'setForecastParameter', '营业收入增长率超出合理范围（-20% 至 25%）'),
        conflict,
        refused(4, 'dropTables', '未知的修改类型：dropTables'),
      ],
    });
    old.close();

    const db = new FcfDatabase(name);
    databases.push(db);
    // Nobody was signed in at the upgrade: the first user to sign in takes the client.
    const store = new DexieSyncStore(db, 'alice', () => 'unused');
    expect((await store.outbox()).map((item) => item.id)).toEqual([5, 6]);
    expect(await store.issues()).toEqual([conflict]);
    expect((await store.rejected()).map((edit) => [edit.id, edit.code, edit.message])).toEqual([
      [1, 'unknown_company', '未找到公司"600690"'],
      [2, 'out_of_range', '营业收入增长率超出合理范围（-20% 至 25%）'],
    ]);
  });
});

describe('one client per user of the browser', () => {
  it("keeps each user's client, outbox, conflicts and rejected edits apart", async () => {
    const db = freshDatabase();
    let ids = 0;
    const newId = () => `client-${++ids}`;
    const alice = new DexieSyncStore(db, 'Alice', newId);
    const bob = new DexieSyncStore(db, 'bob', newId);
    await alice.addToOutbox(entry(1));
    await alice.putRejected(rejected(2));
    await alice.writeIssues([{ ...issue(3) }]);
    expect((await alice.readState()).clientId).toBe('client-1');
    expect((await bob.readState()).clientId).toBe('client-2');
    expect(await bob.outbox()).toEqual([]);
    expect(await bob.rejected()).toEqual([]);
    expect(await bob.issues()).toEqual([]);
    await bob.addToOutbox(entry(1));
    await bob.dropOutboxThrough(1);
    // Case does not make another user; alice's client is as she left it.
    const again = new DexieSyncStore(db, 'ALICE', newId);
    expect((await again.readState()).clientId).toBe('client-1');
    expect((await again.outbox()).map((item) => item.id)).toEqual([1]);
    expect(await again.rejected()).toEqual([rejected(2)]);
    expect(await again.issues()).toEqual([issue(3)]);
    expect((await outboxOf(db, 'alice')).map((item) => item.id)).toEqual([1]);
    expect(await outboxOf(db, 'carol')).toEqual([]);
  });

  it('releases a client the server says is another user’s: kept for a user it was not refused to', async () => {
    const db = freshDatabase();
    let ids = 0;
    const newId = () => `client-${++ids}`;
    const alice = new DexieSyncStore(db, 'alice', newId);
    await alice.addToOutbox(entry(1));
    await alice.release();
    expect((await alice.readState()).clientId).toBe('client-2');
    expect(await alice.outbox()).toEqual([]);
    // Bob has no client here: he takes the one alice was refused, with its outbox.
    const bob = new DexieSyncStore(db, 'bob', newId);
    expect((await bob.readState()).clientId).toBe('client-1');
    expect((await bob.outbox()).map((item) => item.id)).toEqual([1]);
  });
});

const issue = (mutationId: number): OpenIssue => ({
  mutationId,
  status: 'conflict',
  name: 'setForecastParameter',
  args: entry(mutationId).args,
  reason: '服务器上的数据已被他人修改',
  serverRow: null,
});

describe('upgrading a browser whose one client served every user', () => {
  async function browserOfVersion6(name: string, pending: boolean) {
    const old = new Dexie(name);
    old.version(1).stores({ bundles: 'code, fetchedAt', lists: 'key' });
    old.version(2).stores({ syncRows: '[table+key], table', outbox: 'id', syncMeta: 'key' });
    old.version(3).stores({ whatIfs: 'code' });
    old.version(4).stores({ savedPdfs: 'id, filename' });
    old.version(5).stores({ rejectedEdits: 'id' });
    old.version(6).stores({ reports: 'code, savedAt' });
    await old.table('syncMeta').put({
      key: 'state',
      value: { clientId: 'shared-client', cursor: 40, nextMutationId: 8, lastMutationId: 6 },
    });
    if (pending) await old.table('outbox').bulkPut([entry(7)]);
    old.close();
  }

  it('gives the client, with its outbox, to the user signed in at the upgrade', async () => {
    const name = `sync-owner-upgrade-${++counter}`;
    await browserOfVersion6(name, true);
    localStorage.setItem('token', 'token');
    localStorage.setItem('user', JSON.stringify({ username: 'Alice', is_admin: true }));
    try {
      const db = new FcfDatabase(name);
      databases.push(db);
      const bob = new DexieSyncStore(db, 'bob', () => 'bob-client');
      expect((await bob.readState()).clientId).toBe('bob-client');
      expect(await bob.outbox()).toEqual([]);
      const alice = new DexieSyncStore(db, 'alice', () => 'unused');
      expect(await alice.readState()).toEqual({
        clientId: 'shared-client',
        cursor: 40,
        nextMutationId: 8,
        lastMutationId: 6,
      });
      expect((await alice.outbox()).map((item) => item.id)).toEqual([7]);
    } finally {
      localStorage.clear();
    }
  });

  it('lets a client with nothing pending go: every user starts a new one', async () => {
    const name = `sync-owner-upgrade-${++counter}`;
    await browserOfVersion6(name, false);
    const db = new FcfDatabase(name);
    databases.push(db);
    expect(await db.syncClients.count()).toBe(0);
    expect((await new DexieSyncStore(db, 'alice', () => 'new-client').readState()).clientId).toBe('new-client');
  });
});
