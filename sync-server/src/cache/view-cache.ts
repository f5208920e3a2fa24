import { createHash } from 'node:crypto';
import { COMPRESS_MIN_BYTES, type ContentEncoding, encodeBody } from '../http/content-encoding.ts';

/**
 * One serialised answer and its compressed forms, made once and sent many times. The ETag is a hash of
 * the bytes, so every instance behind a load balancer gives the same answer the same tag.
 */
export class CachedView {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  private readonly encoded = new Map<ContentEncoding, Uint8Array<ArrayBuffer>>();

  constructor(json: string) {
    this.body = new TextEncoder().encode(json);
    this.etag = `W/"${createHash('sha1').update(this.body).digest('base64url').slice(0, 22)}"`;
  }

  /** The bytes to send for an encoding (null: as they are); compressed on first use, then kept. */
  bytes(encoding: ContentEncoding | null): { bytes: Uint8Array<ArrayBuffer>; encoding: ContentEncoding | null } {
    if (!encoding || this.body.byteLength < COMPRESS_MIN_BYTES) return { bytes: this.body, encoding: null };
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = new Uint8Array(encodeBody(this.body, encoding, 'cached'));
      this.encoded.set(encoding, bytes);
    }
    return { bytes, encoding };
  }
}

/**
 * Serialised answers by key (a route and its company, say), each valid for one value of the database's
 * global change sequence: every write that changes synced data takes a new sequence number in its own
 * transaction (uploads, forecast edits, valuation runs, deletes), so an entry made at another sequence is
 * stale and is rebuilt. The sequence is read from the database per request, so several instances on one
 * database never serve each other's stale answers. Least recently used entries go past `limit`.
 */
export class ViewCache {
  private readonly entries = new Map<string, { seq: number; view: CachedView }>();

  constructor(private readonly limit = 2048) {}

  /** The view of `key` at sequence `seq`, built with `build` when missing or stale (`build` may throw). */
  view(key: string, seq: number, build: () => string): CachedView {
    const entry = this.entries.get(key);
    if (entry && entry.seq === seq) {
      // Map order is insertion order: move it to the end (most recently used).
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.view;
    }
    const view = new CachedView(build());
    this.entries.delete(key);
    this.entries.set(key, { seq, view });
    while (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return view;
  }

  get size(): number {
    return this.entries.size;
  }
}
