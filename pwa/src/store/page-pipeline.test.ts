import { describe, expect, it } from 'vitest';
import type { PageCursor } from './bundle-pages.ts';
import { type DownloadProgress, downloadPages, type Page, type PageRequest, type PageSource } from './page-pipeline.ts';

/** A page as a fake server holds it: its companies, the next page's `after`, and whether it links to it. */
interface FakePage {
  readonly companies: number;
  readonly next: string | null;
  readonly linked: boolean;
}

const THREE_PAGES: Record<string, FakePage> = {
  '': { companies: 250, next: '000705', linked: true },
  '000705': { companies: 250, next: '300001', linked: true },
  '300001': { companies: 10, next: null, linked: false },
};

const pageOf = (after: string): Page => ({ bytes: new TextEncoder().encode(after).buffer as ArrayBuffer, size: 100 });
const afterOf = (page: Page) => new TextDecoder().decode(page.bytes);

/** A source over `pages` that logs what happens, in order; `failOn`: the page whose store is refused. */
function fakeSource(pages: Record<string, FakePage>, options: { slots?: number; failOn?: string } = {}) {
  const log: string[] = [];
  let storing = 0;
  let mostStoring = 0;
  const source: PageSource = {
    slots: options.slots ?? 2,
    request(after: string): PageRequest {
      log.push(`request ${after || 'first'}`);
      const fake = pages[after];
      if (!fake) return { linkedNext: Promise.resolve(null), page: Promise.reject(new Error(`no page ${after}`)) };
      return { linkedNext: Promise.resolve(fake.linked ? fake.next : null), page: Promise.resolve(pageOf(after)) };
    },
    async store(page: Page, onCursor: (cursor: PageCursor) => void): Promise<number> {
      const after = afterOf(page);
      const fake = pages[after] as FakePage;
      log.push(`storing ${after || 'first'}`);
      storing++;
      mostStoring = Math.max(mostStoring, storing);
      try {
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (after === options.failOn) throw new Error('数据格式错误');
        onCursor({ next: fake.next, total: 510 });
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`stored ${after || 'first'}`);
        return fake.companies;
      } finally {
        storing--;
      }
    },
  };
  return { source, log, mostStoring: () => mostStoring };
}

/** Six pages of one company each, each naming the next in its Link header. */
function sixLinkedPages(): Record<string, FakePage> {
  const many: Record<string, FakePage> = {};
  const afters = ['', '000001', '000002', '000003', '000004', '000005'];
  afters.forEach((after, index) => {
    const next = afters[index + 1] ?? null;
    many[after] = { companies: 1, next, linked: next !== null };
  });
  return many;
}

describe('downloadPages', () => {
  it("asks for the next page as soon as a page's Link names it, before the page is stored", async () => {
    const { source, log, mostStoring } = fakeSource(THREE_PAGES);
    const seen: DownloadProgress[] = [];
    const done = await downloadPages(source, (progress) => seen.push(progress));
    expect(done).toEqual({ done: 510, total: 510, bytes: 300 });
    expect(log.indexOf('request 000705')).toBeLessThan(log.indexOf('stored first'));
    expect(log.indexOf('request 300001')).toBeLessThan(log.indexOf('stored first'));
    expect(log.filter((line) => line.startsWith('request'))).toHaveLength(3);
    expect(mostStoring()).toBeLessThanOrEqual(2);
    expect(seen[0]).toEqual({ done: 0, total: 0, bytes: 0 });
    expect(seen.map((progress) => progress.done)).toEqual([0, 250, 500, 510]);
  });

  it('without Link headers, asks for each page once the one before has named it by its cursor', async () => {
    const unlinked = Object.fromEntries(
      Object.entries(THREE_PAGES).map(([after, page]) => [after, { ...page, linked: false }]),
    );
    const { source, log } = fakeSource(unlinked);
    expect(await downloadPages(source, () => undefined)).toEqual({ done: 510, total: 510, bytes: 300 });
    expect(log.filter((line) => line.startsWith('request'))).toEqual([
      'request first',
      'request 000705',
      'request 300001',
    ]);
  });

  it('stores no page more than the slots allow at once', async () => {
    const { source, mostStoring } = fakeSource(sixLinkedPages(), { slots: 1 });
    expect((await downloadPages(source, () => undefined)).done).toBe(6);
    expect(mostStoring()).toBe(1);
  });

  it('asks for pages ahead of the workers while they store, never more than `ahead` waiting', async () => {
    const { source, log } = fakeSource(sixLinkedPages(), { slots: 1 });
    expect((await downloadPages(source, () => undefined, 3)).done).toBe(6);
    // While the first page is stored, the three after it are asked for, and no more (one Link ahead would
    // have asked for two).
    const firstStored = log.indexOf('stored first');
    expect(log.slice(0, firstStored).filter((line) => line.startsWith('request'))).toEqual([
      'request first',
      'request 000001',
      'request 000002',
      'request 000003',
    ]);
    let waiting = 0;
    for (const line of log) {
      if (line.startsWith('request')) waiting++;
      if (line.startsWith('storing')) waiting--;
      expect(waiting).toBeLessThanOrEqual(3);
    }
  });

  it('stops on a page it could not store: no page is stored once the failure is known, and it is thrown', async () => {
    // One slot: the page after the failing one waits for it, and so is never stored.
    const { source, log } = fakeSource(THREE_PAGES, { slots: 1, failOn: '000705' });
    await expect(downloadPages(source, () => undefined)).rejects.toThrow('数据格式错误');
    expect(log).toContain('stored first');
    expect(log).not.toContain('stored 300001');
  });

  it('stops when a page does not arrive', async () => {
    const broken = { ...THREE_PAGES, '000705': { companies: 250, next: 'gone', linked: true } };
    const { source, log } = fakeSource(broken);
    await expect(downloadPages(source, () => undefined)).rejects.toThrow('no page gone');
    expect(log).toContain('stored first');
    expect(log).toContain('stored 000705');
  });
});
