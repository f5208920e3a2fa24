import { strFromU8 } from 'fflate';
import { INGEST_ERRORS, IngestError, zipContradictionMessage } from './errors.ts';

/**
 * The structure of a zip (an .xlsx) read without trusting any of it. A zip says most things twice — each
 * entry's name, method and sizes in its local header and again in the central directory, where the
 * directory starts in its end record — and readers differ in which copy they believe: the spreadsheet
 * parser follows the directory and then the local header's sizes, a streaming reader walks local headers.
 * So every copy must agree, the entries must fill the file from its first byte to the directory with
 * nothing between or overlapping, and whatever does not is refused as a contradiction before anything is
 * inflated. The sizes that agree are still only claims: zip-limits.ts inflates against them.
 */

/** One entry whose headers agree with each other. */
export interface ZipEntry {
  /** Its name as stored (UTF-8). */
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: 0 | 8;
  /** Where its stored bytes start in the file, and how many there are. */
  readonly dataStart: number;
  readonly compressedSize: number;
  /** The unpacked size and CRC-32 every header claims. */
  readonly size: number;
  readonly crc: number;
}

const SIGNATURE = {
  local: 0x04034b50,
  central: 0x02014b50,
  descriptor: 0x08074b50,
  end: 0x06054b50,
  end64: 0x06064b50,
  end64Locator: 0x07064b50,
} as const;

const END_RECORD_BYTES = 22;
const END64_LOCATOR_BYTES = 20;
const CENTRAL_HEADER_BYTES = 46;
const LOCAL_HEADER_BYTES = 30;
const MAX_COMMENT = 0xffff;
/** A 32-bit field of this value (a 16-bit one of 0xffff) defers to the ZIP64 record or extra field. */
const ZIP64_MARK = 0xffffffff;
const ZIP64_COUNT_MARK = 0xffff;
const ZIP64_EXTRA = 0x0001;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_DATA_DESCRIPTOR = 0x0008;
const FLAG_STRONG_ENCRYPTION = 0x0040;

function contradiction(detail: string): IngestError {
  return new IngestError(zipContradictionMessage(detail));
}

/** Little-endian reads that refuse to look past the end of the file (a header cut short). */
class Fields {
  private readonly view: DataView;
  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  u16(at: number): number {
    this.within(at, 2);
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    this.within(at, 4);
    return this.view.getUint32(at, true);
  }
  /** A 64-bit size or offset; one beyond 2^53 cannot describe anything in this file anyway. */
  u64(at: number): number {
    this.within(at, 8);
    const value = this.view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw contradiction('ZIP64 字段超出范围');
    return Number(value);
  }
  slice(at: number, length: number): Uint8Array {
    this.within(at, length);
    return this.bytes.subarray(at, at + length);
  }
  private within(at: number, length: number): void {
    if (at < 0 || at + length > this.bytes.length) throw contradiction('记录超出文件末尾');
  }
}

interface EndRecord {
  readonly entries: number;
  readonly directoryStart: number;
  /** Where the directory must end: the (ZIP64) end record. */
  readonly directoryEnd: number;
}

/**
 * The end of central directory record: the last one in the file, whose comment must reach exactly to
 * the file's end (one that does not is a signature inside a comment, or a file cut short).
 */
function readEndRecord(fields: Fields): EndRecord {
  const { bytes } = fields;
  const lowest = Math.max(0, bytes.length - END_RECORD_BYTES - MAX_COMMENT);
  let at = bytes.length - END_RECORD_BYTES;
  while (at >= lowest && fields.u32(at) !== SIGNATURE.end) at--;
  if (at < lowest) throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  if (at + END_RECORD_BYTES + fields.u16(at + 20) !== bytes.length) {
    throw contradiction('目录结尾记录与文件长度不符');
  }
  if (fields.u16(at + 4) !== 0 || fields.u16(at + 6) !== 0) throw contradiction('分卷压缩包');
  let entries = fields.u16(at + 10);
  if (fields.u16(at + 8) !== entries) throw contradiction('目录条目数前后不一');
  let size = fields.u32(at + 12);
  let directoryStart = fields.u32(at + 16);
  let directoryEnd = at;
  const locator = at - END64_LOCATOR_BYTES;
  if (locator >= 0 && fields.u32(locator) === SIGNATURE.end64Locator) {
    const record = fields.u64(locator + 8);
    if (fields.u32(record) !== SIGNATURE.end64) throw contradiction('ZIP64 结尾记录签名错误');
    if (record + 56 > locator) throw contradiction('ZIP64 结尾记录长度不符');
    const count = fields.u64(record + 32);
    if (fields.u64(record + 24) !== count) throw contradiction('目录条目数前后不一');
    if (entries !== ZIP64_COUNT_MARK && entries !== count) throw contradiction('目录条目数前后不一');
    entries = count;
    size = fields.u64(record + 40);
    directoryStart = fields.u64(record + 48);
    directoryEnd = record;
  } else if (entries === ZIP64_COUNT_MARK || size === ZIP64_MARK || directoryStart === ZIP64_MARK) {
    throw contradiction('缺少 ZIP64 结尾记录');
  }
  if (directoryStart + size !== directoryEnd) throw contradiction('目录位置或长度与结尾记录不符');
  return { entries, directoryStart, directoryEnd };
}

/** The fields a header may defer to its ZIP64 extra field, in the order that field stores them. */
interface Sizes {
  size: number;
  compressedSize: number;
  offset?: number;
}

/** Replaces each field marked 0xffffffff by the next value of the ZIP64 extra field (APPNOTE 4.5.3). */
function applyZip64(fields: Fields, extraStart: number, extraLength: number, sizes: Sizes): boolean {
  const keys = (['size', 'compressedSize', 'offset'] as const).filter((key) => sizes[key] === ZIP64_MARK);
  let at = extraStart;
  const end = extraStart + extraLength;
  while (at + 4 <= end) {
    const id = fields.u16(at);
    const length = fields.u16(at + 2);
    if (at + 4 + length > end) throw contradiction('扩展字段长度不符');
    if (id === ZIP64_EXTRA) {
      if (length < keys.length * 8) throw contradiction('ZIP64 扩展字段过短');
      keys.forEach((key, index) => {
        sizes[key] = fields.u64(at + 4 + index * 8);
      });
      return true;
    }
    at += 4 + length;
  }
  if (keys.length > 0) throw contradiction('缺少 ZIP64 扩展字段');
  return false;
}

interface CentralEntry extends ZipEntry {
  readonly rawName: Uint8Array;
  readonly flags: number;
  readonly localOffset: number;
}

function readCentralEntry(fields: Fields, at: number): { entry: CentralEntry; next: number } {
  if (fields.u32(at) !== SIGNATURE.central) throw contradiction('目录记录签名错误');
  const flags = fields.u16(at + 8);
  const method = fields.u16(at + 10);
  const nameLength = fields.u16(at + 28);
  const extraLength = fields.u16(at + 30);
  const commentLength = fields.u16(at + 32);
  const rawName = fields.slice(at + CENTRAL_HEADER_BYTES, nameLength);
  const name = strFromU8(rawName);
  if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) throw contradiction(`条目“${name}”已加密`);
  if (method !== 0 && method !== 8) throw contradiction(`条目“${name}”的压缩方式不受支持`);
  const storedOrDeflated: 0 | 8 = method === 0 ? 0 : 8;
  if (fields.u16(at + 34) !== 0 && fields.u16(at + 34) !== ZIP64_COUNT_MARK) throw contradiction('分卷压缩包');
  const sizes: Sizes = { size: fields.u32(at + 24), compressedSize: fields.u32(at + 20), offset: fields.u32(at + 42) };
  applyZip64(fields, at + CENTRAL_HEADER_BYTES + nameLength, extraLength, sizes);
  const entry: CentralEntry = {
    name,
    rawName,
    flags,
    method: storedOrDeflated,
    crc: fields.u32(at + 16),
    size: sizes.size,
    compressedSize: sizes.compressedSize,
    localOffset: sizes.offset ?? 0,
    // Known once its local header is read.
    dataStart: -1,
  };
  return { entry, next: at + CENTRAL_HEADER_BYTES + nameLength + extraLength + commentLength };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * Checks an entry's local header (and its data descriptor) against its directory record; answers where
 * its data starts and where the entry ends.
 */
function checkLocalHeader(fields: Fields, entry: CentralEntry): { dataStart: number; end: number } {
  const at = entry.localOffset;
  if (fields.u32(at) !== SIGNATURE.local) throw contradiction(`条目“${entry.name}”的本地文件头签名错误`);
  const flags = fields.u16(at + 6);
  const nameLength = fields.u16(at + 26);
  const extraLength = fields.u16(at + 28);
  if (flags !== entry.flags) throw contradiction(`条目“${entry.name}”的标志与目录不一致`);
  if (fields.u16(at + 8) !== entry.method) throw contradiction(`条目“${entry.name}”的压缩方式与目录不一致`);
  if (!sameBytes(fields.slice(at + LOCAL_HEADER_BYTES, nameLength), entry.rawName)) {
    throw contradiction(`条目“${entry.name}”的本地文件名与目录不一致`);
  }
  const local: Sizes = { size: fields.u32(at + 22), compressedSize: fields.u32(at + 18) };
  const zip64 = applyZip64(fields, at + LOCAL_HEADER_BYTES + nameLength, extraLength, local);
  const localCrc = fields.u32(at + 14);
  const deferred = (flags & FLAG_DATA_DESCRIPTOR) !== 0;
  // With a data descriptor the local header may leave its sizes and CRC as 0; what it does state must agree.
  const agrees = (stated: number, actual: number) => stated === actual || (deferred && stated === 0);
  if (
    !agrees(localCrc, entry.crc) ||
    !agrees(local.size, entry.size) ||
    !agrees(local.compressedSize, entry.compressedSize)
  ) {
    throw contradiction(`条目“${entry.name}”的本地文件头与目录所记大小不一致`);
  }
  const dataStart = at + LOCAL_HEADER_BYTES + nameLength + extraLength;
  let end = dataStart + entry.compressedSize;
  if (deferred) {
    if (end + 4 <= fields.bytes.length && fields.u32(end) === SIGNATURE.descriptor) end += 4;
    const width = zip64 ? 8 : 4;
    const read = (offset: number) => (width === 8 ? fields.u64(offset) : fields.u32(offset));
    const described = { crc: fields.u32(end), compressedSize: read(end + 4), size: read(end + 4 + width) };
    if (
      described.crc !== entry.crc ||
      described.compressedSize !== entry.compressedSize ||
      described.size !== entry.size
    ) {
      throw contradiction(`条目“${entry.name}”的数据描述符与目录不一致`);
    }
    end += 4 + 2 * width;
  }
  return { dataStart, end };
}

/**
 * The entries of a zip whose every header agrees, in file order; refuses (IngestError) a zip that is not
 * one, one of more than `maxEntries` entries, and any contradiction. Nothing is inflated.
 */
export function readZipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const fields = new Fields(bytes);
  const end = readEndRecord(fields);
  if (end.entries > maxEntries) throw new IngestError(INGEST_ERRORS.tooManyZipEntries);
  const entries: CentralEntry[] = [];
  const names = new Set<string>();
  let at = end.directoryStart;
  for (let index = 0; index < end.entries; index++) {
    const { entry, next } = readCentralEntry(fields, at);
    if (next > end.directoryEnd) throw contradiction('目录条目超出目录范围');
    if (names.has(entry.name)) throw contradiction(`条目“${entry.name}”重复出现`);
    names.add(entry.name);
    entries.push(entry);
    at = next;
  }
  if (at !== end.directoryEnd) throw contradiction('目录长度与条目数不符');
  // In file order, each entry must begin where the one before it ended: no bytes that no entry accounts
  // for (a second archive, a fake signature), no entry sharing another's data.
  entries.sort((a, b) => a.localOffset - b.localOffset);
  let expected = 0;
  const checked = entries.map((entry) => {
    if (entry.localOffset !== expected) {
      throw contradiction(entry.localOffset < expected ? '条目相互重叠' : '压缩包中有目录未记录的数据');
    }
    const { dataStart, end: entryEnd } = checkLocalHeader(fields, entry);
    expected = entryEnd;
    return { ...entry, dataStart };
  });
  if (expected !== end.directoryStart) throw contradiction('压缩包中有目录未记录的数据');
  return checked.map(({ name, method, dataStart, compressedSize, size, crc }) => ({
    name,
    method,
    dataStart,
    compressedSize,
    size,
    crc,
  }));
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc;
});

/** The zip format's CRC-32, continued from `crc` over `bytes` (start from 0). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let value = ~crc;
  for (let index = 0; index < bytes.length; index++) {
    value = (CRC_TABLE[(value ^ (bytes[index] ?? 0)) & 0xff] ?? 0) ^ (value >>> 8);
  }
  return ~value >>> 0;
}
