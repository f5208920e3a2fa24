import type { Effort } from '../answers/content-encoding.ts';
import { CachedView } from './cached-view.ts';

/** What a cache may hold (docs/operations.md, "Caching and request limits"). */
export interface ViewCacheLimits {
  /** Bytes of every kept view together (their JSON and compressed forms). */
  readonly bytes: number;
  /** Views kept, whatever their size. */
  readonly entries: number;
  /** Request texts remembered as naming a kept view (`keepForRequest`). */
  readonly requestTexts: number;
}

export const VIEW_CACHE_LIMITS: ViewCacheLimits = { bytes: 64 * 1024 * 1024, entries: 2048, requestTexts: 256 };

/** What an asynchronous build gives: the answer's JSON and whether it may be kept. */
export interface BuiltView {
  readonly json: string | Uint8Array<ArrayBuffer>;
  /** False: answer this request (and those waiting for the same build) only, keep nothing. */
  readonly keep: boolean;
  /** Headers of the answer beyond the view's own (a page's `Link` to the next one). */
  readonly headers?: Readonly<Record<string, string>>;
  /** How hard a kept view is compressed (`encodeBody`; default 'cached'); one not kept is always 'fast'. */
  readonly effort?: Effort;
}

interface Entry {
  readonly seq: number;
  readonly view: CachedView;
  /** The view's byte length as last counted in the cache's total. */
  bytes: number;
}

/**
 * Serialised answers by key (a route and its company, say), each valid for one value of the database's
 * global change sequence: every write that changes synced data takes a new sequence number in its own
 * transaction (uploads, forecast edits, valuation runs, deletes), so an entry made at another sequence is
 * stale and is rebuilt. The sequence is read from the database per request, so several instances on one
 * database never serve each other's stale answers.
 *
 * Bounded by bytes, not only by count: past `limits.bytes` (or `limits.entries`) the least recently used
 * views go. A large view is kept compressed only (`CachedView.compact`); a view larger than an eighth of the
 * budget is answered and not kept.
 *
 * A route whose answer depends on the query (a page) also remembers the request's own text as naming its
 * view, so the same request is answered next time before routing (`cached-reads-first.ts`). Those texts
 * have a small pool of their own, and hold no bytes: however many distinct query texts a client sends, they
 * cannot push the routes' views out.
 */
export class ViewCache {
  readonly limits: ViewCacheLimits;
  private readonly entries = new Map<string, Entry>();
  private readonly texts = new Map<string, { key: string; seq: number }>();
  private readonly building = new Map<string, Promise<CachedView>>();
  private total = 0;

  constructor(limits: Partial<ViewCacheLimits> = {}) {
    this.limits = { ...VIEW_CACHE_LIMITS, ...limits };
  }

  /** The view of `key` at sequence `seq`, built with `build` when missing or stale (`build` may throw). */
  view(key: string, seq: number, build: () => string): CachedView {
    const kept = this.kept(key, seq);
    if (kept) return kept;
    const view = new CachedView(build());
    this.keep(key, seq, view);
    // A large view built here is compacted after it is kept (its compression runs off the event loop).
    view.compact().catch(() => this.drop(key, view));
    return view;
  }

  /**
   * The view of `key` at `seq`, built by `build` when missing: requests for the same key and sequence while
   * it is built wait for that one build. Kept (compacted first when large) only when the build says so.
   */
  built(key: string, seq: number, build: () => Promise<BuiltView>): Promise<CachedView> {
    const kept = this.kept(key, seq);
    if (kept) return Promise.resolve(kept);
    const id = `${seq}\u0000${key}`;
    const pending = this.building.get(id);
    if (pending) return pending;
    const made = (async () => {
      const { json, keep, headers, effort = 'cached' } = await build();
      const view = new CachedView(json, keep ? effort : 'fast', headers);
      if (keep) {
        await view.compact();
        this.keep(key, seq, view);
      }
      return view;
    })();
    this.building.set(id, made);
    const forget = () => this.building.delete(id);
    made.then(forget, forget);
    return made;
  }

  /** The view of `key` if one was built at sequence `seq`, else undefined (nothing is built). */
  kept(key: string, seq: number): CachedView | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.seq !== seq) return undefined;
    // Map order is insertion order: move it to the end (most recently used).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.view;
  }

  /** Remembers that a request of this text (see `requestText`) is answered by the view of `key` at `seq`. */
  keepForRequest(text: string, key: string, seq: number): void {
    this.texts.delete(text);
    this.texts.set(text, { key, seq });
    if (this.texts.size > this.limits.requestTexts) {
      const oldest = this.texts.keys().next().value;
      if (oldest !== undefined) this.texts.delete(oldest);
    }
  }

  /** The view kept at `seq` for a request of this text, else undefined. */
  keptForRequest(text: string, seq: number): CachedView | undefined {
    const named = this.texts.get(text);
    return named && named.seq === seq ? this.kept(named.key, seq) : undefined;
  }

  /** Views kept. */
  get size(): number {
    return this.entries.size;
  }

  /** Bytes of the views kept. */
  get byteLength(): number {
    return this.total;
  }

  private keep(key: string, seq: number, view: CachedView): void {
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    // One view may take an eighth of the budget at most, so no single answer empties the cache.
    if (view.byteLength > this.limits.bytes / 8) return;
    const entry: Entry = { seq, view, bytes: view.byteLength };
    this.entries.set(key, entry);
    this.total += entry.bytes;
    view.onResize((resized) => {
      if (this.entries.get(key) !== entry) return;
      this.total += resized.byteLength - entry.bytes;
      entry.bytes = resized.byteLength;
      this.evict();
    });
    this.evict();
  }

  /** Drops the least recently used views until the cache is within its limits (the newest included). */
  private evict(): void {
    while (this.total > this.limits.bytes || this.entries.size > this.limits.entries) {
      const oldest = this.entries.entries().next().value;
      if (oldest === undefined) break;
      this.remove(...oldest);
    }
  }

  private drop(key: string, view: CachedView): void {
    const entry = this.entries.get(key);
    if (entry?.view === view) this.remove(key, entry);
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
    entry.view.onResize(null);
  }
}

/**
 * A request's text as its cached view is found by: the path as the router reads it and the query as the
 * client wrote it. Null without a query, and for a URL with a fragment (`#`): the router reads no query
 * after one, so its text would name another request than the one answered.
 */
export function requestText(path: string, url: string): string | null {
  if (url.includes('#')) return null;
  const query = url.indexOf('?');
  return query < 0 ? null : `${path}?${url.slice(query + 1)}`;
}
