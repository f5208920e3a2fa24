import { COMPANY_BUNDLES_PAGE_MAX } from '@fcf/engine/contract';
import { describe, expect, it } from 'vitest';
import type { Services } from '../app-env.ts';
import { BundlePagesWarmer } from './bundle-pages-warmer.ts';
import type { CachedView } from './cached-view.ts';
import type { ListedCompany } from './company-list.ts';
import type { BuiltView } from './view-cache.ts';

/**
 * The warm-up's order of work, without a database: a reader who asks while the pages are stale starts it at
 * once, and each page is built while the one before is still being compressed.
 */

type WarmServices = Pick<Services, 'db' | 'views' | 'changeSeq' | 'companyList' | 'valuations' | 'largeBuilds'>;

/** Every page's data unchanged: what a page is kept under, with no database. */
const pageSeq = async () => 1;
/** The pages' events only (the industries' answer is built beside them). */
const ofPages = (events: string[], kind: string) =>
  events.filter((event) => event.startsWith(`${kind} /api/data/company-bundles?`));

const COMPANIES = 2 * COMPANY_BUNDLES_PAGE_MAX + 10;

/** What the fake services saw: each page's build starting, and each page's view kept (after compression). */
interface Seen {
  readonly events: string[];
  /** Ends every compression under way and those to come. */
  release(): void;
}

function fakeServices(seq: () => number): { services: WarmServices; seen: Seen } {
  const withHistory = Array.from(
    { length: COMPANIES },
    (_, index) =>
      ({ code: String(index + 1).padStart(6, '0'), name: `公司${index}`, has_forecast_data: true }) as ListedCompany,
  );
  const events: string[] = [];
  let released = false;
  const waiting: (() => void)[] = [];
  const compressed = () =>
    new Promise<void>((resolve) => {
      if (released) resolve();
      else waiting.push(resolve);
    });
  const views = {
    async built(key: string, _seq: number, build: () => Promise<BuiltView>) {
      await build();
      events.push(`built ${key}`);
      await compressed();
      events.push(`kept ${key}`);
      return {} as CachedView;
    },
  };
  const services = {
    views,
    changeSeq: { current: seq },
    companyList: { current: async () => ({ all: withHistory, withHistory, version: 1 }) },
    valuations: {
      async *bundleSlices() {
        // No bundles: the page's JSON around them is all this test needs.
      },
      async *comparisonSlices() {
        // No companies' 行业对比 either.
      },
    },
    largeBuilds: { run: <T>(work: () => Promise<T>) => work() },
  } as unknown as WarmServices;
  const release = () => {
    released = true;
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { services, seen: { events, release } };
}

describe('the pages built ahead of a reader', () => {
  it('start at once when a reader asks while they are stale, not after the quiet wait', async () => {
    const warmer = new BundlePagesWarmer(60_000, Date.now, pageSeq);
    const { services, seen } = fakeServices(() => 7);
    seen.release();
    warmer.attach(services);
    expect(seen.events).toEqual([]);
    warmer.asked();
    await warmer.idle();
    expect(ofPages(seen.events, 'kept')).toHaveLength(3);
    // Asked again with nothing written since: nothing is built again.
    warmer.asked();
    await warmer.idle();
    expect(ofPages(seen.events, 'kept')).toHaveLength(3);
    await warmer.stop();
  });

  it('build each page while the one before is compressed, one compression at a time, and end once all are kept', async () => {
    const warmer = new BundlePagesWarmer(60_000, Date.now, pageSeq);
    const { services, seen } = fakeServices(() => 8);
    warmer.attach(services);
    warmer.asked();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The second page was built while the first was compressed; the third waits for the first to be kept.
    expect(ofPages(seen.events, 'built')).toHaveLength(2);
    expect(ofPages(seen.events, 'kept')).toEqual([]);
    let idle = false;
    const done = warmer.idle().then(() => {
      idle = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    seen.release();
    await done;
    expect(ofPages(seen.events, 'built')).toHaveLength(3);
    expect(ofPages(seen.events, 'kept')).toHaveLength(3);
    await warmer.stop();
  });
});
