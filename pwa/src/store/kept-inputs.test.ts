import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEMA_VERSION } from './bundle-rows.ts';
import { FcfDatabase, openOfflineCopy } from './db.ts';
import { readKeptInputs, startKeptRead } from './kept-inputs.ts';

afterEach(async () => {
  const db = new FcfDatabase();
  await db.delete();
});

describe('the kept inputs read without Dexie', () => {
  it('are the rows Dexie wrote: bundle, quote data and kept report', async () => {
    const db = new FcfDatabase();
    await db.open();
    const bundle = { code: '000333', bundle: { company: { code: '000333' } }, fetchedAt: 1 };
    await db.companyBundles.put(bundle as never, '000333');
    await db.syncRows.put({ table: 'quotes', key: '000333', data: { price: 60 } } as never);
    await db.reports.put({ code: '000333', key: 'k', report: { company: { code: '000333' } }, savedAt: 2 } as never);
    db.close();
    const read = await readKeptInputs('000333');
    expect(read?.bundle).toEqual(bundle);
    expect(read?.quote).toEqual({ price: 60 });
    expect(read?.report?.key).toBe('k');
    expect(await readKeptInputs('600000')).toEqual({ bundle: undefined, quote: undefined, report: undefined });
  });

  it('create nothing where there is no copy, and read no copy of another schema version', async () => {
    expect(await readKeptInputs('000333')).toBeUndefined();
    expect((await indexedDB.databases()).map((database) => database.name)).not.toContain('fcf-valuation');
    const older = indexedDB.open('fcf-valuation', 60);
    await new Promise((resolve) => {
      older.onsuccess = resolve;
    });
    older.result.close();
    expect(await readKeptInputs('000333')).toBeUndefined();
  });

  it('read a copy an older tab patched (its version one up, its former table back)', async () => {
    const db = new FcfDatabase();
    await db.open();
    await db.companyBundles.put({ code: '000333', bundle: { version: 1 }, fetchedAt: 1 } as never, '000333');
    db.close();
    const patched = indexedDB.open('fcf-valuation', SCHEMA_VERSION * 10 + 1);
    patched.onupgradeneeded = () => patched.result.createObjectStore('bundles', { keyPath: 'code' });
    await new Promise((resolve) => {
      patched.onsuccess = resolve;
    });
    patched.result.close();
    expect((await readKeptInputs('000333'))?.bundle?.fetchedAt).toBe(1);
  });

  it('name the version Dexie declares last', () => {
    expect(new FcfDatabase().verno).toBe(SCHEMA_VERSION);
  });
});

describe('the upgrades of the bundles table', () => {
  it('keep every stored bundle, each under its code, from the version 7 copy with its fetchedAt index', async () => {
    const older = new Dexie('fcf-valuation');
    older.version(7).stores({ bundles: 'code, fetchedAt', lists: 'key' });
    await older.table('bundles').put({ code: '000333', bundle: { version: 1 }, fetchedAt: 1 });
    older.close();
    const db = new FcfDatabase();
    await db.open();
    expect(await db.companyBundles.get('000333')).toEqual({ code: '000333', bundle: { version: 1 }, fetchedAt: 1 });
    // The browser's own store, not only what Dexie declares: keyed apart from the row, with no index.
    const store = db.backendDB().transaction('companyBundles').objectStore('companyBundles');
    expect(store.keyPath).toBeNull();
    expect([...store.indexNames]).toEqual([]);
    expect([...db.backendDB().objectStoreNames]).not.toContain('bundles');
    db.close();
  });

  it('move every bundle of a version 8 copy, more than one batch of them, and read them without Dexie', async () => {
    const older = new Dexie('fcf-valuation');
    older.version(8).stores({ bundles: 'code', lists: 'key' });
    const codes = Array.from({ length: 450 }, (_, index) => String(600000 + index));
    await older
      .table('bundles')
      .bulkPut(codes.map((code, index) => ({ code, bundle: { version: index }, fetchedAt: 1 })));
    older.close();
    const db = new FcfDatabase();
    await db.open();
    expect(await db.companyBundles.count()).toBe(450);
    expect((await db.companyBundles.get('600449'))?.bundle).toEqual({ version: 449 });
    db.close();
    expect((await readKeptInputs('600007'))?.bundle).toEqual({ code: '600007', bundle: { version: 7 }, fetchedAt: 1 });
  });
});

describe('an upgrade the browser has no room for', () => {
  async function olderCopy(): Promise<void> {
    const older = new Dexie('fcf-valuation');
    older.version(8).stores({ bundles: 'code', lists: 'key' });
    await older.table('bundles').put({ code: '000333', bundle: { version: 1 }, fetchedAt: 1 });
    await older.table('lists').put({ key: 'companies', value: ['美的集团'], fetchedAt: 1 });
    older.close();
  }

  it('drops the bundles, keeps the rest of the copy, and says so', async () => {
    await olderCopy();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const db = await openOfflineCopy(async () => {
      throw new DOMException('没有空间', 'QuotaExceededError');
    });
    expect(await db.companyBundles.count()).toBe(0);
    expect([...db.backendDB().objectStoreNames]).not.toContain('bundles');
    expect(await db.lists.get('companies')).toEqual({ key: 'companies', value: ['美的集团'], fetchedAt: 1 });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('存储空间不足'), expect.anything());
    warn.mockRestore();
    db.close();
  });

  it('leaves the copy as it was on any other failure of the move, which the next start moves', async () => {
    await olderCopy();
    await expect(
      openOfflineCopy(async () => {
        throw new Error('读不出');
      }),
    ).rejects.toBeTruthy();
    const db = await openOfflineCopy();
    expect(await db.companyBundles.get('000333')).toEqual({ code: '000333', bundle: { version: 1 }, fetchedAt: 1 });
    db.close();
  });
});

describe('a read started early', () => {
  it('is taken once by the next read of the same company', async () => {
    const db = new FcfDatabase();
    await db.open();
    await db.companyBundles.put({ code: '000333', bundle: { version: 1 }, fetchedAt: 1 } as never, '000333');
    db.close();
    const opens = vi.spyOn(indexedDB, 'open');
    startKeptRead('000333');
    expect(opens).toHaveBeenCalledTimes(1);
    expect((await readKeptInputs('000333'))?.bundle?.fetchedAt).toBe(1);
    expect(opens).toHaveBeenCalledTimes(1);
    expect((await readKeptInputs('000333'))?.bundle?.fetchedAt).toBe(1);
    expect(opens).toHaveBeenCalledTimes(2);
    opens.mockRestore();
  });
});
