import 'fake-indexeddb/auto';
import type { CompanyBundle } from '@fcf/engine/report';
import { afterEach, describe, expect, it } from 'vitest';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../../../engine/src/testing/model-bundles.ts';
import { type PageCursor, PageFormatError, storeBundlesPage } from './bundle-pages.ts';
import { openStore, readBundle } from './db.ts';

afterEach(async () => {
  await (await openStore())?.bundles.clear();
});

/** A page of GET /api/data/company-bundles as the server sends it. */
function pageBytes(bundles: readonly unknown[], next: string | null, total = 2): ArrayBuffer {
  const text = JSON.stringify({ success: true, data: { bundles, next, total }, message: '获取成功' });
  return new TextEncoder().encode(text).buffer as ArrayBuffer;
}

async function storedCount(): Promise<number> {
  return (await (await openStore())?.bundles.count()) ?? 0;
}

describe('a page of the offline download, checked and stored', () => {
  it('tells the cursor, then stores every bundle of the page in the offline copy', async () => {
    await openStore();
    const heard: PageCursor[] = [];
    const stored = await storeBundlesPage(pageBytes([SAMPLE_COMPANY_BUNDLE, ICBC_BUNDLE], '601398', 40), (cursor) =>
      heard.push(cursor),
    );
    expect(stored).toBe(2);
    expect(heard).toEqual([{ next: '601398', total: 40 }]);
    expect((await readBundle(SAMPLE_COMPANY_BUNDLE.company.code))?.bundle).toEqual(SAMPLE_COMPANY_BUNDLE);
    expect((await readBundle(ICBC_BUNDLE.company.code))?.bundle).toEqual(ICBC_BUNDLE);
  });

  it('stores nothing of a page whose one bundle breaks the contract, and says so by name', async () => {
    await openStore();
    const broken = { ...ICBC_BUNDLE, overrides: { 2026: { da_ratio: '0.1' } } } as unknown as CompanyBundle;
    const heard: PageCursor[] = [];
    const failure = storeBundlesPage(pageBytes([SAMPLE_COMPANY_BUNDLE, broken], null), (cursor) => heard.push(cursor));
    await expect(failure).rejects.toBeInstanceOf(PageFormatError);
    await expect(failure).rejects.toHaveProperty('name', 'PageFormatError');
    // The cursor itself was of the contract: the next page may be asked for; this one is not kept.
    expect(heard).toEqual([{ next: null, total: 2 }]);
    expect(await storedCount()).toBe(0);
  });

  it('refuses bytes that are not JSON, and a page without its cursor, before telling any cursor', async () => {
    await openStore();
    const heard: PageCursor[] = [];
    const notJson = new TextEncoder().encode('<html>维护中</html>').buffer as ArrayBuffer;
    await expect(storeBundlesPage(notJson, (cursor) => heard.push(cursor))).rejects.toBeInstanceOf(PageFormatError);
    const noCursor = new TextEncoder().encode(JSON.stringify({ success: true, data: { bundles: [] }, message: '' }));
    await expect(
      storeBundlesPage(noCursor.buffer as ArrayBuffer, (cursor) => heard.push(cursor)),
    ).rejects.toBeInstanceOf(PageFormatError);
    expect(heard).toEqual([]);
    expect(await storedCount()).toBe(0);
  });
});
