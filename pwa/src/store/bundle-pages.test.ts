import 'fake-indexeddb/auto';
import { BundlePageWriter } from '@fcf/engine/contract';
import { type CompanyBundle, INDUSTRY_METRICS, type IndustryPeer } from '@fcf/engine/report';
import { afterEach, describe, expect, it } from 'vitest';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../../../engine/src/testing/model-bundles.ts';
import { type PageCursor, PageFormatError, storeBundlesPage } from './bundle-pages.ts';
import { openStore, readBundle } from './db.ts';

afterEach(async () => {
  await (await openStore())?.bundles.clear();
});

/**
 * A page of GET /api/data/company-bundles as the server sends it: each bundle without what the page gives
 * once (its industry in `industries`, `leaveOut`: an industry the page lacks; the risk-free rates), and its
 * figures by the index of their item in `statement_items` (`items`: the names sent instead).
 */
function pageBytes(
  bundles: readonly CompanyBundle[],
  next: string | null,
  total = 2,
  leaveOut?: string,
  items?: (names: string[]) => string[],
): ArrayBuffer {
  const writer = new BundlePageWriter();
  const paged = bundles.map((bundle) => writer.paged(bundle));
  const shared = writer.shared();
  const industries = Object.fromEntries(Object.entries(shared.industries).filter(([name]) => name !== leaveOut));
  const statement_items = items ? items([...shared.statement_items]) : shared.statement_items;
  const data = { ...shared, bundles: paged, industries, statement_items, next, total };
  return new TextEncoder().encode(JSON.stringify({ success: true, data, message: '获取成功' })).buffer as ArrayBuffer;
}

const PEER = {
  code: '000333',
  name: '美的集团',
  year: 2023,
  revenue: 3720.4,
  financial: false,
  ...Object.fromEntries(INDUSTRY_METRICS.map((metric) => [metric, 0.1])),
} as IndustryPeer;

/** The sample bundle with its 行业对比, as the one-company endpoint sends it. */
const WITH_COMPARISON: CompanyBundle = {
  ...SAMPLE_COMPANY_BUNDLE,
  industry_comparison: {
    industry: '制造业',
    company_code: SAMPLE_COMPANY_BUNDLE.company.code,
    companies: 2425,
    excluded_financial: 0,
    metrics: [{ metric: 'roe', label: 'ROE', value: 0.2, median: 0.07, percentile: 0.9, count: 2241 }],
    top: [PEER],
  },
};

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

  it("stores each bundle whole again, its industry's largest companies from the page's list", async () => {
    await openStore();
    expect(await storeBundlesPage(pageBytes([WITH_COMPARISON, ICBC_BUNDLE], null), () => undefined)).toBe(2);
    expect((await readBundle(WITH_COMPARISON.company.code))?.bundle).toEqual(WITH_COMPARISON);
    expect((await readBundle(ICBC_BUNDLE.company.code))?.bundle).toEqual(ICBC_BUNDLE);
  });

  it('stores nothing of a page whose figures name an item the page does not list', async () => {
    await openStore();
    const short = pageBytes([SAMPLE_COMPANY_BUNDLE, ICBC_BUNDLE], null, 2, undefined, (names) => names.slice(0, 1));
    await expect(storeBundlesPage(short, () => undefined)).rejects.toBeInstanceOf(PageFormatError);
    expect(await storedCount()).toBe(0);
  });

  it("stores nothing of a page that lacks a bundle's industry in its list", async () => {
    await openStore();
    const failure = storeBundlesPage(pageBytes([ICBC_BUNDLE, WITH_COMPARISON], null, 2, '制造业'), () => undefined);
    await expect(failure).rejects.toBeInstanceOf(PageFormatError);
    expect(await storedCount()).toBe(0);
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
