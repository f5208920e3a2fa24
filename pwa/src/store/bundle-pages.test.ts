import 'fake-indexeddb/auto';
import { BundlePageWriter } from '@fcf/engine/contract';
import { type CompanyBundle, INDUSTRY_METRICS, type IndustryPeer } from '@fcf/engine/report';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../../../engine/src/testing/model-bundles.ts';
import { keepBundleIndustries, type PageCursor, PageFormatError, storeBundlesPage } from './bundle-pages.ts';
import { openStore, readBundle } from './db.ts';

afterEach(async () => {
  await (await openStore())?.companyBundles.clear();
});

/** An answer's bytes as the server sends them: its data in the API's envelope. */
function answerBytes(data: unknown): ArrayBuffer {
  return new TextEncoder().encode(JSON.stringify({ success: true, data, message: '获取成功' })).buffer as ArrayBuffer;
}

interface Written {
  /** A page of GET /api/data/company-bundles. */
  readonly page: ArrayBuffer;
  /** GET /api/data/company-bundles/industries for the page's bundles. */
  readonly industries: ArrayBuffer;
}

/**
 * A page as the server sends it, and the industries' answer of its bundles: each bundle without what the page
 * gives once (the risk-free rates) and without its 行业对比 (in the industries' answer, at change sequence
 * `version`; `leaveOut`: an industry the answer lacks), and its figures by the index of their item in
 * `statement_items` (`items`: the names sent instead).
 */
function written(
  bundles: readonly CompanyBundle[],
  {
    next = null,
    total = 2,
    leaveOut,
    items,
    version = 1,
  }: {
    next?: string | null;
    total?: number;
    leaveOut?: string;
    items?: (names: string[]) => string[];
    version?: number;
  } = {},
): Written {
  const writer = new BundlePageWriter();
  const paged = bundles.map((bundle) => writer.paged(bundle));
  const shared = writer.shared();
  const statement_items = items ? items([...shared.statement_items]) : shared.statement_items;
  const given = writer.industries(version);
  const industries = Object.fromEntries(Object.entries(given.industries).filter(([name]) => name !== leaveOut));
  return {
    page: answerBytes({ ...shared, bundles: paged, statement_items, next, total }),
    industries: answerBytes({ ...given, industries }),
  };
}

/** The page stored as a worker stores it: after the download's industries are given. */
function storeWritten({ page, industries }: Written, onCursor: (cursor: PageCursor) => void = () => undefined) {
  keepBundleIndustries(industries);
  return storeBundlesPage(page, onCursor);
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
    industry: SAMPLE_COMPANY_BUNDLE.company.industry,
    company_code: SAMPLE_COMPANY_BUNDLE.company.code,
    companies: 2425,
    excluded_financial: 0,
    metrics: [{ metric: 'roe', label: 'ROE', value: 0.2, median: 0.07, percentile: 4034 / 2 / 2241, count: 2241 }],
    top: [PEER],
  },
};

async function storedCount(): Promise<number> {
  return (await (await openStore())?.companyBundles.count()) ?? 0;
}

describe('a page of the offline download, checked and stored', () => {
  it('tells the cursor, then stores every bundle of the page in the offline copy', async () => {
    await openStore();
    const heard: PageCursor[] = [];
    const page = written([SAMPLE_COMPANY_BUNDLE, ICBC_BUNDLE], { next: '601398', total: 40 });
    const stored = await storeWritten(page, (cursor) => heard.push(cursor));
    expect(stored).toBe(2);
    expect(heard).toEqual([{ next: '601398', total: 40 }]);
    expect((await readBundle(SAMPLE_COMPANY_BUNDLE.company.code))?.bundle).toEqual(SAMPLE_COMPANY_BUNDLE);
    expect((await readBundle(ICBC_BUNDLE.company.code))?.bundle).toEqual(ICBC_BUNDLE);
  });

  it("stores each bundle whole again, its 行业对比 and its industry's largest companies from the industries' answer", async () => {
    await openStore();
    expect(await storeWritten(written([WITH_COMPARISON, ICBC_BUNDLE]))).toBe(2);
    expect((await readBundle(WITH_COMPARISON.company.code))?.bundle).toEqual(WITH_COMPARISON);
    expect((await readBundle(ICBC_BUNDLE.company.code))?.bundle).toEqual(ICBC_BUNDLE);
  });

  it("stores a bundle's version as the earlier of its page's and the industries' answer's", async () => {
    await openStore();
    const onPage = { ...WITH_COMPARISON, version: 52 };
    await storeWritten(written([onPage], { version: 60 }));
    expect((await readBundle(onPage.company.code))?.bundle).toEqual(onPage);
    await storeWritten(written([onPage], { version: 40 }));
    expect((await readBundle(onPage.company.code))?.bundle).toEqual({ ...onPage, version: 40 });
  });

  it('stores nothing of a page whose figures name an item the page does not list', async () => {
    await openStore();
    const short = written([SAMPLE_COMPANY_BUNDLE, ICBC_BUNDLE], { items: (names) => names.slice(0, 1) });
    await expect(storeWritten(short)).rejects.toBeInstanceOf(PageFormatError);
    expect(await storedCount()).toBe(0);
  });

  it("stores nothing of a page when the industries' answer lacks a bundle's industry", async () => {
    await openStore();
    const failure = storeWritten(
      written([ICBC_BUNDLE, WITH_COMPARISON], { leaveOut: SAMPLE_COMPANY_BUNDLE.company.industry }),
    );
    await expect(failure).rejects.toBeInstanceOf(PageFormatError);
    expect(await storedCount()).toBe(0);
  });

  it('stores nothing of a page when the browser cannot write one of its bundles, and says why', async () => {
    await openStore();
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    const refused = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args
    ) {
      calls += 1;
      if (calls === 2) throw new DOMException('无法复制', 'DataCloneError');
      return put.apply(this, args);
    });
    try {
      await expect(storeWritten(written([SAMPLE_COMPANY_BUNDLE, ICBC_BUNDLE]))).rejects.toMatchObject({
        name: 'DataCloneError',
      });
    } finally {
      refused.mockRestore();
    }
    expect(await storedCount()).toBe(0);
  });

  it('stores nothing of a page whose one bundle breaks the contract, and says so by name', async () => {
    await openStore();
    const broken = { ...ICBC_BUNDLE, overrides: { 2026: { da_ratio: '0.1' } } } as unknown as CompanyBundle;
    const heard: PageCursor[] = [];
    const failure = storeWritten(written([SAMPLE_COMPANY_BUNDLE, broken]), (cursor) => heard.push(cursor));
    await expect(failure).rejects.toBeInstanceOf(PageFormatError);
    await expect(failure).rejects.toHaveProperty('name', 'PageFormatError');
    // The cursor itself was of the contract: the next page may be asked for; this one is not kept.
    expect(heard).toEqual([{ next: null, total: 2 }]);
    expect(await storedCount()).toBe(0);
  });

  it('refuses bytes that are not JSON, and a page without its cursor, before telling any cursor', async () => {
    await openStore();
    keepBundleIndustries(written([]).industries);
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

describe("the industries' answer a worker is given before its pages", () => {
  it('is needed before a page is stored: one stored before it stores nothing and says why', async () => {
    await openStore();
    // A worker's module as it starts: no industries given yet.
    vi.resetModules();
    const fresh = await import('./bundle-pages.ts');
    const heard: PageCursor[] = [];
    const failure = fresh.storeBundlesPage(written([WITH_COMPARISON]).page, (cursor) => heard.push(cursor));
    await expect(failure).rejects.toThrow('行业对比数据尚未载入');
    // Not the server's fault: the download does not say its data is of the wrong shape.
    await expect(failure).rejects.not.toHaveProperty('name', 'PageFormatError');
    expect(heard).toEqual([]);
    expect(await storedCount()).toBe(0);
  });

  it("is refused when it is not JSON or not of the contract's shape, and then no page is stored", async () => {
    await openStore();
    const { page, industries } = written([WITH_COMPARISON]);
    const notJson = new TextEncoder().encode('<html>维护中</html>').buffer as ArrayBuffer;
    const given = JSON.parse(new TextDecoder().decode(industries)) as { data: object };
    const notOfShape = [
      answerBytes({ version: 1, industries: {} }),
      answerBytes({ ...given.data, comparisons: { [WITH_COMPARISON.company.code]: { figures: ['0.2'] } } }),
      answerBytes([]),
    ];
    for (const bytes of [notJson, ...notOfShape]) {
      expect(() => keepBundleIndustries(bytes)).toThrow(PageFormatError);
    }
    // Refused after an answer that was given: the earlier one is not kept either.
    keepBundleIndustries(industries);
    expect(() => keepBundleIndustries(notJson)).toThrow(PageFormatError);
    await expect(storeBundlesPage(page, () => undefined)).rejects.toThrow('行业对比数据尚未载入');
    expect(await storedCount()).toBe(0);
  });
});
