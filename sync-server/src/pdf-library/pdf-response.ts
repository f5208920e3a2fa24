import { matchesEtag } from '../answers/etag.ts';
import type { PdfFile } from './pdf-store.ts';

/**
 * HTTP serving of a stored PDF: `Content-Type: application/pdf`, `Content-Disposition` with the UTF-8
 * name, a strong ETag (the SHA-256), conditional GET (304) and single byte ranges (206 / 416), so pdf.js
 * and browsers can fetch pieces and revalidate cheaply.
 *
 * An uploaded PDF may carry JavaScript, which a browser's own PDF viewer runs when the raw URL is opened.
 * So raw bytes are an attachment (saved, not shown) unless the caller asks for `inline`, and every answer
 * carries `Content-Security-Policy: sandbox`. The app's viewer fetches the bytes and draws them with pdf.js,
 * which runs no document scripts, so it needs neither.
 */

/** The policy of every answer that carries PDF bytes: no scripts, no same-origin access. */
export const PDF_CONTENT_SECURITY_POLICY = 'sandbox';

export type ByteRange =
  | { readonly kind: 'full' }
  | { readonly kind: 'partial'; readonly start: number; readonly end: number }
  | { readonly kind: 'unsatisfiable' };

/**
 * Reads a `Range` header against a file of `size` bytes (RFC 9110 §14). Anything but one well-formed
 * byte range (absent, another unit, a list, bad syntax) is answered with the whole file, as the RFC
 * allows.
 *
 * @example
 * parseRange('bytes=0-99', 1000);   // { kind: 'partial', start: 0, end: 99 }
 * parseRange('bytes=-100', 1000);   // { kind: 'partial', start: 900, end: 999 }
 * parseRange('bytes=2000-', 1000);  // { kind: 'unsatisfiable' }
 */
export function parseRange(header: string | undefined | null, size: number): ByteRange {
  if (!header) return { kind: 'full' };
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Number(last);
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

function etagOf(file: Pick<PdfFile, 'sha256'>): string {
  return `"${file.sha256}"`;
}

/** The RFC 5987 encoding of a UTF-8 value: encodeURIComponent plus the few characters it leaves. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * `inline` (to view) or `attachment` (to save) with the UTF-8 name (`filename*`) and, for clients that
 * cannot read it, the name itself when it is plain ASCII, else `research-{id}.pdf`.
 *
 * @example
 * contentDisposition('家电行业.pdf', 7, 'inline');
 * // inline; filename="research-7.pdf"; filename*=UTF-8''%E5%AE%B6%E7%94%B5%E8%A1%8C%E4%B8%9A.pdf
 */
export function contentDisposition(filename: string, id: number, type: 'inline' | 'attachment'): string {
  const plain = /^[\x20-\x7e]+$/.test(filename) && !/["\\%;]/.test(filename);
  const fallback = plain ? filename : `research-${id}.pdf`;
  return `${type}; filename="${fallback}"; filename*=UTF-8''${rfc5987(filename)}`;
}

export interface PdfRequest {
  header(name: string): string | undefined;
  /** Shown in the browser (`?inline=1`) rather than saved. */
  readonly inline: boolean;
}

/** The answer to a GET (or HEAD) of a stored file; `read` fetches all bytes or a slice. */
export function pdfResponse(
  request: PdfRequest,
  file: PdfFile,
  read: (range?: { start: number; length: number }) => Uint8Array | null,
): Response | null {
  const etag = etagOf(file);
  const lastModified = new Date(file.upload_time).toUTCString();
  const headers = new Headers({
    'Content-Type': 'application/pdf',
    'Content-Disposition': contentDisposition(file.filename, file.id, request.inline ? 'inline' : 'attachment'),
    'Content-Security-Policy': PDF_CONTENT_SECURITY_POLICY,
    ETag: etag,
    'Last-Modified': lastModified,
    'Accept-Ranges': 'bytes',
    // Revalidate each time (a file can be deleted), which the ETag makes a cheap 304.
    'Cache-Control': 'no-cache',
  });
  if (matchesEtag(request.header('If-None-Match'), etag)) return new Response(null, { status: 304, headers });

  const ifRange = request.header('If-Range');
  const rangeApplies = !ifRange || ifRange === etag || ifRange === lastModified;
  const range = rangeApplies ? parseRange(request.header('Range'), file.size) : ({ kind: 'full' } as const);
  if (range.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${file.size}`);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    const body = { success: false, message: '请求的范围无效', detail: `文件大小 ${file.size} 字节` };
    return new Response(JSON.stringify(body), { status: 416, headers });
  }
  if (range.kind === 'partial') {
    const bytes = read({ start: range.start, length: range.end - range.start + 1 });
    if (!bytes) return null;
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    headers.set('Content-Length', String(bytes.length));
    return new Response(bytes, { status: 206, headers });
  }
  const bytes = read();
  if (!bytes) return null;
  headers.set('Content-Length', String(bytes.length));
  return new Response(bytes, { status: 200, headers });
}
