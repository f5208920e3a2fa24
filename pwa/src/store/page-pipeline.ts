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
  /** Workers side by side: pages checked and stored at once. */
  readonly slots: number;
  /** Asks for the page after `after` ('' for the first). */
  request(after: string): PageRequest;
  /**
   * Checks and stores a page in worker `slot`; `onCursor` hears the page's own cursor as soon as it is
   * read, before the page is stored. Answers the companies stored; rejects with nothing of the page stored.
   */
  store(page: Page, slot: number, onCursor: (cursor: PageCursor) => void): Promise<number>;
}

/**
 * Every page, first to last. The next page is asked for as soon as a page's `Link` header names it, while
 * its body still arrives and the pages before are checked and stored; a page without one (the last, or a
 * server that sends none) names the next by its own cursor. At most `slots` pages are stored at once. On a
 * failure (a page that does not arrive, one of the wrong shape, a full disk) no further page is stored,
 * the pages under way are finished or given up whole, and the failure is thrown.
 */
export async function downloadPages(
  source: PageSource,
  onProgress: (progress: DownloadProgress) => void,
): Promise<DownloadProgress> {
  let progress: DownloadProgress = { done: 0, total: 0, bytes: 0 };
  onProgress(progress);
  const storing = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  try {
    let request: PageRequest | null = source.request('');
    for (let slot = 0; request !== null && failure === null; slot++) {
      const current: PageRequest = request;
      request = null;
      const linkedNext = await current.linkedNext;
      if (linkedNext !== null) request = source.request(linkedNext);
      const page = await current.page;
      while (storing.size >= source.slots) await Promise.race(storing);
      if (failure !== null) break;
      let heard: (cursor: PageCursor) => void = () => undefined;
      const cursor = new Promise<PageCursor>((resolve) => {
        heard = resolve;
      });
      const stored = source.store(page, slot, heard);
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
      if (request !== null) {
        pageCursor.then((next) => next && heardTotal(next));
        continue;
      }
      const next = await pageCursor;
      if (next === null) break;
      heardTotal(next);
      if (next.next !== null) request = source.request(next.next);
    }
  } catch (error) {
    failure ??= { error };
  } finally {
    // Pages under way are stored whole or not at all; none is left writing after the download answers.
    await Promise.all(storing);
  }
  if (failure !== null) throw failure.error;
  return progress;
}
