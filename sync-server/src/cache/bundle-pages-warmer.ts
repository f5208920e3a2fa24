import { COMPANY_BUNDLES_PAGE_MAX } from '@fcf/engine/contract';
import type { Services } from '../app-env.ts';
import {
  BUNDLE_INDUSTRIES_PATH,
  bundleIndustriesView,
  bundlesPageKey,
  bundlesPageSeq,
  bundlesPageView,
  canonicalCursors,
} from './bundle-pages.ts';

/**
 * How long the data stays unchanged after a write before the pages are built again, in ms: longer than the
 * gap between an upload page's requests (each parses its files on the worker pool before it writes), so a
 * run of uploads is not raced by builds its next request makes stale.
 */
export const WARM_AFTER_QUIET_MS = 5000;
/** A reader asked for a page this recently (ms): the pages are built again after any write. */
export const DOWNLOADS_RECENT_MS = 60 * 60 * 1000;
/** Writes that moved the change sequence this far since the last warm-up (a batch valuation, an import). */
export const LARGE_WRITE_SEQS = 100;

type WarmServices = Pick<Services, 'db' | 'views' | 'changeSeq' | 'companyList' | 'valuations' | 'largeBuilds'>;

/**
 * Builds the canonical pages of `GET /api/data/company-bundles` ("离线下载全部") and the industries' answer
 * beside them ahead of the readers who ask for them: once at start, and after writes (a write moves the
 * industries' answer and the pages of the companies whose data it moved: `bundlesPageSeq`; the others are
 * found kept) once the data stayed unchanged for `quietMs` — when readers downloaded in the last hour,
 * or when the writes were large (a batch valuation, an import: every company's data changed, and a reader
 * after them would find no page built). A single edit with no reader downloading builds nothing. A reader who
 * asks for a page while they are stale does not wait for the quiet: the warm-up starts at once, so its next
 * pages are built ahead of its requests.
 *
 * The pages are built one after the other, each as a request builds it (`views.built`, through the
 * large-build gate, slice by slice, so requests are answered meanwhile), the next one while the one before
 * is compressed off the event loop (one compression at a time); a request for a page under way waits for
 * that build. A write during a warm-up ends it (what it built is stale) and the next follows.
 * Nothing is kept that a request would not keep, under the same key and sequence, so invalidation
 * stays what it was (docs/operations.md, "Caching and request limits").
 */
export class BundlePagesWarmer {
  private services: WarmServices | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  /** The change sequence the last warm-up started at (null: none yet, so the first one always runs). */
  private warmedAt: number | null = null;
  /** When a reader last asked for a page (ms, `Date.now()`), or never. */
  private askedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly quietMs = WARM_AFTER_QUIET_MS,
    private readonly now: () => number = Date.now,
    /** What a page is kept under (`bundlesPageSeq`; the order tests give their own, with no database). */
    private readonly pageSeqOf: typeof bundlesPageSeq = bundlesPageSeq,
  ) {}

  /** The app's services the pages are built with (the app calls this once it made them) and a first warm-up. */
  attach(services: WarmServices): void {
    this.services = services;
    this.schedule();
  }

  /**
   * A reader asked for a page of bundles: readers download, so writes from now on warm the pages again; and
   * when the pages are stale (a write since the last warm-up), they are built at once, ahead of the reader's
   * next requests, rather than once the data is quiet (a request for a page under way waits for that build).
   */
  asked(): void {
    this.askedAt = this.now();
    const services = this.services;
    if (this.stopped || this.running || !services || services.changeSeq.current() === this.warmedAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.start();
  }

  /** A write moved the change sequence: warm again once the data has stayed unchanged for `quietMs`. */
  schedule(): void {
    if (this.stopped || !this.services) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.start();
    }, this.quietMs);
    this.timer.unref();
  }

  /** No more warm-ups; waits for the one under way to end (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Resolves once no warm-up is under way or waiting for the data to be quiet (tests wait for it). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.running) await this.running;
      else if (this.timer) await new Promise((resolve) => setTimeout(resolve, this.quietMs));
      else return;
    }
  }

  private start(): void {
    const services = this.services;
    if (this.stopped || !services) return;
    if (this.running) {
      // The one under way ends at its next page (the sequence moved); this one follows it.
      this.running.then(() => this.schedule());
      return;
    }
    const seq = services.changeSeq.current();
    if (!this.wanted(seq)) return;
    this.warmedAt = seq;
    const warming = this.warm(services, seq).catch((error: unknown) => {
      // A page a request cannot get either (the database gone, the gate full): the request says so itself.
      console.warn('预先生成离线下载分页失败', error);
    });
    this.running = warming;
    warming.then(() => {
      this.running = null;
    });
  }

  private wanted(seq: number): boolean {
    if (this.warmedAt === null) return true;
    if (seq === this.warmedAt) return false;
    return this.now() - this.askedAt <= DOWNLOADS_RECENT_MS || seq - this.warmedAt >= LARGE_WRITE_SEQS;
  }

  private async warm(services: WarmServices, seq: number): Promise<void> {
    const list = await services.companyList.current();
    // The industries' answer first, beside the pages' chain (it is small): a download asks for it with its
    // first page.
    const industries = services.views.built(BUNDLE_INDUSTRIES_PATH, seq, () =>
      services.largeBuilds.run(() => bundleIndustriesView(services, seq)),
    );
    const views: Promise<unknown>[] = [];
    try {
      for (const after of canonicalCursors(list)) {
        if (this.stopped || services.changeSeq.current() !== seq) return;
        const limit = COMPANY_BUNDLES_PAGE_MAX;
        // A page whose companies' data did not move since it was kept is found kept, and built no more.
        const pageSeq = await this.pageSeqOf(services, after, limit);
        let built = () => {};
        const builtHere = new Promise<void>((resolve) => {
          built = resolve;
        });
        const view = services.views.built(bundlesPageKey(after, limit), pageSeq, async () => {
          try {
            return await services.largeBuilds.run(() => bundlesPageView(services, after, limit, pageSeq));
          } finally {
            built();
          }
        });
        // The next page is built while this one is compressed (off the event loop, before it is kept); but
        // one compression at a time: more at once share the cores and delay the page a reader waits for.
        const before = views[views.length - 1];
        views.push(view);
        await Promise.race([view, builtHere]);
        await before;
      }
    } finally {
      await Promise.allSettled([industries, ...views]);
    }
  }
}
