import { createHash } from 'node:crypto';
import { withoutInvisibleCharacters } from '@fcf/engine/contract';

/** The research-PDF limits (docs/api.md#notes-on-particular-endpoints). */
export const PDF_LIMITS = {
  /** One PDF: 20 MiB. */
  maxFileBytes: 20 * 1024 * 1024,
  /** One upload request: the file plus room for the multipart framing. */
  maxRequestBytes: 20 * 1024 * 1024 + 64 * 1024,
  /** The stored name, without `.pdf`, in characters. */
  maxNameLength: 120,
  /** The `%PDF-` header must start within the first 1024 bytes (as ISO 32000 readers allow). */
  headerWindow: 1024,
} as const;

export const PDF_SIZE_LIMIT_TEXT = '20 MB';

const SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/**
 * Whether the bytes are a PDF: the `%PDF-` signature followed by a version digit, within the first 1024
 * bytes. The file's name and declared type are not evidence; the content is.
 *
 * @example
 * isPdfBytes(new TextEncoder().encode('%PDF-1.7\n…')); // true
 * isPdfBytes(new TextEncoder().encode('hello'));       // false
 */
export function isPdfBytes(bytes: Uint8Array): boolean {
  const last = Math.min(bytes.length - SIGNATURE.length - 1, PDF_LIMITS.headerWindow - SIGNATURE.length);
  for (let start = 0; start <= last; start += 1) {
    if (SIGNATURE.every((byte, offset) => bytes[start + offset] === byte)) {
      const digit = bytes[start + SIGNATURE.length] ?? 0;
      if (digit >= 0x30 && digit <= 0x39) return true;
    }
  }
  return false;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Characters a file name may not hold on common systems, and control characters. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f<>:"|?*]/g;

/**
 * The name a PDF is stored and served under, from the name the browser sent: its last path component,
 * without control, reserved and invisible characters and leading dots, at most 120 characters,
 * ending in `.pdf`. It is only ever a key in the database, never a path on disk.
 *
 * @example
 * storedPdfName('C:\\报告\\家电行业.PDF'); // '家电行业.pdf'
 * storedPdfName('../../etc/passwd');        // 'passwd.pdf'
 */
export function storedPdfName(sent: string): string {
  const last = sent.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutInvisibleCharacters(last.normalize('NFC'))
    .replace(UNSAFE_CHARACTERS, '_')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  const base = cleaned.replace(/\.pdf$/i, '').trim();
  const short = Array.from(base).slice(0, PDF_LIMITS.maxNameLength).join('').trim();
  return `${short || '未命名'}.pdf`;
}

/** `name.pdf`, `name (2).pdf`, `name (3).pdf`, … : the first that `taken` does not hold. */
export function uniqueName(name: string, taken: (candidate: string) => boolean): string {
  if (!taken(name)) return name;
  const base = name.replace(/\.pdf$/, '');
  for (let n = 2; ; n += 1) {
    const candidate = `${base} (${n}).pdf`;
    if (!taken(candidate)) return candidate;
  }
}

/**
 * A served name as the URL gave it, or null when it cannot name a stored file: undecodable, empty, with a
 * path separator, a NUL or a leading dot (`..`, `.hidden`). Stored names never have those.
 */
export function servedName(raw: string): string | null {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!name || name.startsWith('.') || /[\\/\0]/.test(name)) return null;
  return name.normalize('NFC');
}
