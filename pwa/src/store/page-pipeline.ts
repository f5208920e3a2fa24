import type { PageCursor } from './bundle-pages.ts';

/**
 * The order of "离线下载全部"'s work (store/offline-download.ts): pages asked for one after another, each
 * handed to one of a few workers that check and store it. Kept apart from the fetching and the workers so
 * it is tested without either.
 */

export interface DownloadProgress {
  /** Companies stored so far. */
  readonly done: number;
  /** Companies with a report, in all pages (0 until the first page's cursor is read). */
  readonly total: number;
  /** Bytes received so far, as sent (compressed). */
  readonly bytes: number;
}

export interface Page {
  readonly bytes: ArrayBuffer;
  /** As sent (compressed), for the progress. */
  readonly size: number;
}

/** A page asked for: the next page's `after` as its `Link` header names it (null: none), and its body. */
export interface PageRequest {
  readonly linkedNext: Promise<string | null>;
  readonly page: Promise<Page>;
}

export interface PageSource {
  /** Pages in the workers' hands at once (checked, or written, side by side). */
  readonly slots: number;
  /** Asks for the page after `after` ('' for the first). */
  request(after: string): PageRequest;
  /**
   * Checks and stores a page in a worker (fewer than `slots` are in hand when it is called); `onCursor`
   * hears the page's own cursor as soon as it is read, before the page is stored. Answers the companies
   * stored; rejects with nothing of the page stored.
   */
  store(page: Page, onCursor: (cursor: PageCursor) => void): Promise<number>;
}

/**
 * Pages asked for and not yet handed to a worker, at most: each arrives while the workers check and store the
 * ones before, so a worker that finishes a page finds the next one here rather than waiting for the server
 * (a page takes about as long to arrive as a worker takes to store it, and one page asked ahead left the
 * workers idle half the time).
 */
export const PAGES_AHEAD = 3;

/**
 * The pages asked for ahead, in order: each next page is asked for as soon as the `Link` header of the one
 * before names it, while fewer than `ahead` wait to be stored. A page without one ends the chain; `follow`
 * starts it again from a page the caller asked for by a cursor.
 */
class PagesAhead {
  private readonly asked: PageRequest[] = [];
  /** Pages asked for and not yet handed to a worker (those taken included, while their bodies arrive). */
  private waiting = 0;
  private chains = 0;
  private stopped = false;
  /** A chain that could not ask for its next page: the download fails with it, never stops short. */
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;
  private readonly ahead: number;

  constructor(
    private readonly source: PageSource,
    ahead: number,
  ) {
    // At least one: none ahead would leave nothing for a free worker to take.
    this.ahead = Math.max(1, ahead);
  }

  /** Asks for the page after `after` and follows the `Link` headers from it. */
  follow(after: string): void {
    this.chains++;
    const request = this.ask(after);
    this.followLinks(request)
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => {
        this.chains--;
        this.signal();
      });
  }

  /** The next page asked for, in order, once there is one; null when none is asked and no chain goes on. */
  async next(): Promise<PageRequest | null> {
    for (;;) {
      const request = this.asked.shift();
      if (request) return request;
      if (this.failure) throw this.failure.error;
      if (this.chains === 0 || this.stopped) return null;
      await this.changed();
    }
  }

  /** A page taken by `next` went to a worker: one more may be asked for. */
  handed(): void {
    this.waiting--;
    this.signal();
  }

  /** No more pages are asked for (those under way are not waited for). */
  stop(): void {
    this.stopped = true;
    this.signal();
  }

  private ask(after: string): PageRequest {
    const request = this.source.request(after);
    // A page asked for ahead and never used (the download stopped) fails unheard.
    request.page.catch(() => undefined);
    this.asked.push(request);
    this.waiting++;
    this.signal();
    return request;
  }

  private async followLinks(first: PageRequest): Promise<void> {
    for (let current = first; ; ) {
      const linked = await current.linkedNext;
      if (linked === null || this.stopped) return;
      while (this.waiting >= this.ahead && !this.stopped) await this.changed();
      if (this.stopped) return;
      current = this.ask(linked);
    }
  }

  private changed(): Promise<void> {
    return new Promise((resolve) => {
      const before = this.wake;
      this.wake = () => {
        before?.();
        resolve();
      };
    });
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * Every page, first to last. Pages are asked for ahead of the workers (`PagesAhead`, up to `ahead` waiting):
 * the next as soon as a page's `Link` header names it, while its body still arrives and the pages before are
 * checked and stored; a page without one (the last, or a server that sends none) names the next by its own
 * cursor. At most `slots` pages are stored at once. On a failure (a page that does not arrive, one of the
 * wrong shape, a full disk) no further page is stored, the pages under way are finished or given up whole,
 * and the failure is thrown; the pages already asked for ahead (up to `ahead`) are left to arrive unheard.
 */
export async function downloadPages(
  source: PageSource,
  onProgress: (progress: DownloadProgress) => void,
  ahead: number = PAGES_AHEAD,
): Promise<DownloadProgress> {
  let progress: DownloadProgress = { done: 0, total: 0, bytes: 0 };
  onProgress(progress);
  const storing = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const pages = new PagesAhead(source, ahead);
  try {
    pages.follow('');
    while (failure === null) {
      // A page is taken once a worker is free for it, so at most `ahead` wait besides those being stored.
      while (storing.size >= source.slots) await Promise.race(storing);
      if (failure !== null) break;
      const current = await pages.next();
      if (current === null) break;
      const page = await current.page;
      if (failure !== null) break;
      let heard: (cursor: PageCursor) => void = () => undefined;
      const cursor = new Promise<PageCursor>((resolve) => {
        heard = resolve;
      });
      const stored = source.store(page, heard);
      pages.handed();
      const finished = stored.then(
        (count) => {
          progress = { ...progress, done: progress.done + count, bytes: progress.bytes + page.size };
          onProgress(progress);
        },
        (error: unknown) => {
          failure ??= { error };
        },
      );
      storing.add(finished);
      finished.then(() => storing.delete(finished));
      // The page's own cursor, read before it is stored: the total for the progress, and the next page when
      // no Link named it. A page that fails before its cursor is read names none.
      const pageCursor = Promise.race([cursor, stored.then(() => cursor)]).catch(() => null);
      const heardTotal = (next: PageCursor) => {
        progress = { ...progress, total: next.total };
      };
      // The body has arrived, so whether its headers named the next page is known.
      if ((await current.linkedNext) !== null) {
        pageCursor.then((next) => next && heardTotal(next));
        continue;
      }
      const next = await pageCursor;
      if (next === null || failure !== null) break;
      heardTotal(next);
      if (next.next !== null) pages.follow(next.next);
    }
  } catch (error) {
    failure ??= { error };
  } finally {
    pages.stop();
    // Pages under way are stored whole or not at all; none is left writing after the download answers.
    await Promise.all(storing);
  }
  if (failure !== null) throw failure.error;
  return progress;
}
