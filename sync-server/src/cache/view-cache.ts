import { createHash } from 'node:crypto';
import { SECURITY_HEADERS } from '../http/answer-headers.ts';
import { COMPRESS_MIN_BYTES, type ContentEncoding, encodeBody } from '../http/content-encoding.ts';

/** A form of a view ready to send: its bytes and every header of the answer but the request's own. */
export interface ViewAnswer {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * One serialised answer and its compressed forms, made once and sent many times, each with its headers
 * (a plain object the Node adapter writes as it is). The ETag is a hash of the bytes, so every instance
 * behind a load balancer gives the same answer the same tag. `no-cache`: a browser may keep the answer
 * but asks again each time (a 304 costs a few bytes), so a change of the data shows at once.
 */
export class CachedView {
  readonly etag: string;
  /** The headers of a `304 Not Modified`. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  private readonly plain: ViewAnswer;
  private readonly encoded = new Map<ContentEncoding, ViewAnswer>();

  constructor(json: string) {
    const body = new TextEncoder().encode(json);
    this.etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    this.notModifiedHeaders = {
      ...SECURITY_HEADERS,
      etag: this.etag,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
    };
    this.plain = { bytes: body, headers: { ...this.notModifiedHeaders, 'content-type': 'application/json' } };
  }

  get body(): Uint8Array<ArrayBuffer> {
    return this.plain.bytes;
  }

  /** The answer for an encoding (null: the bytes as they are); compressed on first use, then kept. */
  answer(encoding: ContentEncoding | null): ViewAnswer {
    if (!encoding || this.plain.bytes.byteLength < COMPRESS_MIN_BYTES) return this.plain;
    let answer = this.encoded.get(encoding);
    if (!answer) {
      answer = {
        bytes: new Uint8Array(encodeBody(this.plain.bytes, encoding, 'cached')),
        headers: { ...this.plain.headers, 'content-encoding': encoding },
      };
      this.encoded.set(encoding, answer);
    }
    return answer;
  }
}

/** Views by key, each valid at one change sequence; the least recently used go past `limit`. */
class KeptViews {
  private readonly entries = new Map<string, { seq: number; view: CachedView }>();

  constructor(private readonly limit: number) {}

  keep(key: string, seq: number, view: CachedView): void {
    this.entries.delete(key);
    this.entries.set(key, { seq, view });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  kept(key: string, seq: number): CachedView | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.seq !== seq) return undefined;
    // Map order is insertion order: move it to the end (most recently used).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.view;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Serialised answers by key (a route and its company, say), each valid for one value of the database's
 * global change sequence: every write that changes synced data takes a new sequence number in its own
 * transaction (uploads, forecast edits, valuation runs, deletes), so an entry made at another sequence is
 * stale and is rebuilt. The sequence is read from the database per request, so several instances on one
 * database never serve each other's stale answers. Least recently used entries go past `limit`.
 *
 * A route whose answer depends on the query (a page) also keeps its view under the request's own text, so
 * the same request is answered next time before routing (`cached-reads-first.ts`). Those entries have a
 * small pool of their own: however many distinct query texts a client sends, they cannot push the routes'
 * views out.
 */
export class ViewCache {
  private readonly byKey: KeptViews;
  private readonly byRequest: KeptViews;

  constructor(limit = 2048, requestLimit = 256) {
    this.byKey = new KeptViews(limit);
    this.byRequest = new KeptViews(requestLimit);
  }

  /** The view of `key` at sequence `seq`, built with `build` when missing or stale (`build` may throw). */
  view(key: string, seq: number, build: () => string): CachedView {
    const kept = this.byKey.kept(key, seq);
    if (kept) return kept;
    const view = new CachedView(build());
    this.byKey.keep(key, seq, view);
    return view;
  }

  /** The view of `key` if one was built at sequence `seq`, else undefined (nothing is built). */
  kept(key: string, seq: number): CachedView | undefined {
    return this.byKey.kept(key, seq);
  }

  /** Keeps a view, built at `seq`, under the text of the request it answered (see `requestText`). */
  keepForRequest(text: string, seq: number, view: CachedView): void {
    this.byRequest.keep(text, seq, view);
  }

  /** The view kept at `seq` for a request of this text, else undefined. */
  keptForRequest(text: string, seq: number): CachedView | undefined {
    return this.byRequest.kept(text, seq);
  }

  get size(): number {
    return this.byKey.size;
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
