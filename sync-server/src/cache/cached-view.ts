import { createHash } from 'node:crypto';
import {
  COMPRESS_MIN_BYTES,
  type ContentEncoding,
  decodeBrotliOffLoop,
  type Effort,
  ENCODE_OFF_LOOP_BYTES,
  encodeBody,
  encodeBodyOffLoop,
} from '../answers/content-encoding.ts';
import { SECURITY_HEADERS } from '../answers/security-headers.ts';

/** A form of a view ready to send: its bytes and every header of the answer but the request's own. */
export interface ViewAnswer {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Views at least this long are kept as brotli only once a cache keeps them: a page of 250 companies'
 * bundles is up to ~1.4 MB of JSON and up to ~0.5 MB as brotli. The rare client that takes no brotli gets
 * the bytes decompressed (or recompressed as gzip) off the event loop.
 */
export const COMPACT_VIEW_BYTES = 256 * 1024;

/**
 * One serialised answer and its compressed forms, made once and sent many times, each with its headers
 * (a plain object the Node adapter writes as it is). The ETag is a hash of the bytes, so every instance
 * behind a load balancer gives the same answer the same tag. `no-cache`: a browser may keep the answer
 * but asks again each time (a 304 costs a few bytes), so a change of the data shows at once.
 *
 * A small view is compressed on first use, on the event loop (a millisecond or two); a large one on zlib's
 * thread pool (`answer`), so it is not `ready` until that is done.
 */
export class CachedView {
  readonly etag: string;
  /** The headers of a `304 Not Modified`. */
  readonly notModifiedHeaders: Readonly<Record<string, string>>;
  /** The length of the JSON, whatever forms are kept. */
  readonly plainLength: number;
  private readonly plainHeaders: Readonly<Record<string, string>>;
  private plain: Uint8Array<ArrayBuffer> | null;
  private readonly encoded = new Map<ContentEncoding, ViewAnswer>();
  private readonly encoding = new Map<ContentEncoding, Promise<ViewAnswer>>();
  private resized: ((view: CachedView) => void) | null = null;

  /**
   * `effort`: 'fast' for a view answered once and not kept (see `encodeBody`); `headers`: the answer's own
   * beyond the usual ones (a page's `Link` to the next), sent with every form and with a 304.
   */
  constructor(
    json: string | Uint8Array<ArrayBuffer>,
    private readonly effort: Effort = 'cached',
    headers: Readonly<Record<string, string>> = {},
  ) {
    const body = typeof json === 'string' ? new TextEncoder().encode(json) : json;
    this.etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
    this.notModifiedHeaders = {
      ...SECURITY_HEADERS,
      ...headers,
      etag: this.etag,
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
    };
    this.plainHeaders = { ...this.notModifiedHeaders, 'content-type': 'application/json' };
    this.plain = body;
    this.plainLength = body.byteLength;
  }

  /** Bytes this view holds now (the JSON unless compacted, and every compressed form made). */
  get byteLength(): number {
    let total = this.plain?.byteLength ?? 0;
    for (const answer of this.encoded.values()) total += answer.bytes.byteLength;
    return total;
  }

  /** Called with the view whenever its byte length changes (a cache's accounting); null: no one. */
  onResize(listener: ((view: CachedView) => void) | null): void {
    this.resized = listener;
  }

  /**
   * The answer for an encoding (null: the bytes as they are) if it can be given at once: made before, or
   * small enough to compress here and now. Undefined: `answer` makes it off the event loop.
   */
  ready(encoding: ContentEncoding | null): ViewAnswer | undefined {
    if (!encoding || this.plainLength < COMPRESS_MIN_BYTES) {
      return this.plain ? { bytes: this.plain, headers: this.plainHeaders } : undefined;
    }
    const made = this.encoded.get(encoding);
    if (made || !this.plain || this.plainLength >= ENCODE_OFF_LOOP_BYTES) return made;
    return this.keepForm(encoding, new Uint8Array(encodeBody(this.plain, encoding, this.effort)));
  }

  /** The answer for an encoding: `ready`, else compressed (or decompressed) on zlib's thread pool. */
  answer(encoding: ContentEncoding | null): Promise<ViewAnswer> {
    const ready = this.ready(encoding);
    if (ready) return Promise.resolve(ready);
    if (!encoding || this.plainLength < COMPRESS_MIN_BYTES) {
      // Compacted: the JSON is decompressed for this answer only.
      return this.json().then((bytes) => ({ bytes, headers: this.plainHeaders }));
    }
    let pending = this.encoding.get(encoding);
    if (!pending) {
      const made = this.json()
        .then((plain) => encodeBodyOffLoop(plain, encoding, this.effort))
        .then((bytes) => this.keepForm(encoding, new Uint8Array(bytes)));
      pending = made;
      this.encoding.set(encoding, made);
      const forget = () => this.encoding.delete(encoding);
      made.then(forget, forget);
    }
    return pending;
  }

  /** Drops the JSON of a large view once its brotli form exists (made first when missing). */
  async compact(): Promise<void> {
    if (!this.plain || this.plainLength < COMPACT_VIEW_BYTES) return;
    await this.answer('br');
    this.plain = null;
    this.resized?.(this);
  }

  /** The JSON: kept, or decompressed from the brotli form. */
  private async json(): Promise<Uint8Array<ArrayBuffer>> {
    if (this.plain) return this.plain;
    const brotli = this.encoded.get('br');
    if (!brotli) throw new Error('a compacted view keeps its brotli form');
    return new Uint8Array(await decodeBrotliOffLoop(brotli.bytes));
  }

  private keepForm(encoding: ContentEncoding, bytes: Uint8Array<ArrayBuffer>): ViewAnswer {
    const answer = { bytes, headers: { ...this.plainHeaders, 'content-encoding': encoding } };
    this.encoded.set(encoding, answer);
    this.resized?.(this);
    return answer;
  }
}
