import { Inflate, zipSync } from 'fflate';
import { INGEST_ERRORS, IngestError, sheetTooLargeMessage, zipContradictionMessage } from './errors.ts';
import { INGEST_LIMITS } from './limits.ts';
import { crc32, readZipEntries, type ZipEntry } from './zip-archive.ts';

/** A worksheet part of an .xlsx: `xl/worksheets/sheet1.xml`. */
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
/**
 * Compressed bytes handed to the inflater at a time. Deflate expands at most about 1,032 times, so one
 * step yields at most about 17 MB, and the budgets are checked after every step.
 */
const INFLATE_STEP = 16 * 1024;

/**
 * An .xlsx (a zip) unpacked within the ingest limits, returned as a new archive of the same parts stored
 * uncompressed, for the spreadsheet parser: it then reads exactly the bytes counted here, never the
 * uploaded archive (whose headers it would believe). The uploaded zip must agree with itself
 * (zip-archive.ts); its declared sizes must fit the unpacked limit (refused before anything inflates);
 * then each entry is inflated in small steps into a buffer of its declared size, and is refused the
 * moment it inflates past that size (or stops short of it, or fails its CRC), or a worksheet passes the
 * cell limit. So memory never exceeds the declared sizes, which are within the limit, plus one step.
 */
export function unpackWorkbookZip(bytes: Uint8Array): Uint8Array {
  const entries = readZipEntries(bytes, INGEST_LIMITS.zipEntries);
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > INGEST_LIMITS.unpackedBytes) throw new IngestError(INGEST_ERRORS.unpackedTooLarge);
  const parts: Record<string, Uint8Array> = {};
  for (const entry of entries) parts[entry.name] = unpackEntry(bytes, entry);
  return zipSync(parts, { level: 0 });
}

function unpackEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const stored = bytes.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  const output = new Uint8Array(entry.size);
  const cells = WORKSHEET_PART.test(entry.name) ? new CellCounter() : undefined;
  let filled = 0;
  const take = (chunk: Uint8Array) => {
    if (filled + chunk.length > entry.size) throw contradicts(entry, '解压后大于所记大小');
    output.set(chunk, filled);
    filled += chunk.length;
    cells?.add(chunk);
    if ((cells?.count ?? 0) > INGEST_LIMITS.cellsPerSheet) {
      // The parser would name the sheet; from the zip alone only its part is known.
      throw new IngestError(sheetTooLargeMessage('', 'cells'));
    }
  };
  if (entry.method === 0) {
    take(stored);
  } else {
    const inflater = new Inflate((chunk) => take(chunk));
    try {
      for (let at = 0; at < stored.length; at += INFLATE_STEP) {
        const end = Math.min(at + INFLATE_STEP, stored.length);
        inflater.push(stored.subarray(at, end), end === stored.length);
      }
      if (stored.length === 0) inflater.push(new Uint8Array(0), true);
    } catch (error) {
      if (error instanceof IngestError) throw error;
      throw contradicts(entry, '压缩数据已损坏');
    }
  }
  if (filled !== entry.size) throw contradicts(entry, '解压后小于所记大小');
  if (crc32(output) !== entry.crc) throw contradicts(entry, '校验和不符');
  return output;
}

function contradicts(entry: ZipEntry, what: string): IngestError {
  return new IngestError(zipContradictionMessage(`条目“${entry.name}”${what}`));
}

const LESS_THAN = 0x3c;
const COLON = 0x3a;
const LOWER_C = 0x63;

/** Characters of an XML name as cell tags use them: letters, digits, `_`, `.`, `-`. */
function isNameByte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x30 && byte <= 0x39) ||
    byte === 0x5f ||
    byte === 0x2e ||
    byte === 0x2d
  );
}

/** What may follow a tag's name: white space, `/` or `>`. */
function endsName(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x2f || byte === 0x3e;
}

/**
 * Counts the cell elements of a worksheet's XML — `<c …>` or `<x:c …>`, not `<col>` or `<cfRule>` — as
 * it inflates, whatever the chunk boundaries. No text is decoded (a tag is ASCII): it jumps from `<` to
 * `<` and reads only the tag names.
 */
export class CellCounter {
  count = 0;
  /** A tag name cut by the end of the last chunk: its bytes so far (since `<` or the prefix's colon). */
  private cut: { length: number; isC: boolean; prefixed: boolean } | undefined;

  add(chunk: Uint8Array): void {
    let at = 0;
    if (this.cut) at = this.readName(chunk, 0, this.cut);
    for (;;) {
      at = chunk.indexOf(LESS_THAN, at);
      if (at < 0) return;
      at = this.readName(chunk, at + 1, { length: 0, isC: false, prefixed: false });
    }
  }

  /** Reads a tag name from `at`, counts it if it is a cell's, and answers where it ended. */
  private readName(chunk: Uint8Array, at: number, name: { length: number; isC: boolean; prefixed: boolean }): number {
    this.cut = undefined;
    let { length, isC, prefixed } = name;
    for (let index = at; index < chunk.length; index++) {
      const byte = chunk[index] ?? 0;
      if (isNameByte(byte)) {
        length++;
        isC = length === 1 && byte === LOWER_C;
      } else if (byte === COLON && !prefixed && length > 0) {
        prefixed = true;
        length = 0;
        isC = false;
      } else {
        if (isC && endsName(byte)) this.count++;
        return index;
      }
    }
    this.cut = { length, isC, prefixed };
    return chunk.length;
  }
}
