/**
 * Hostile workbooks for the limit tests, built in memory: an .xlsx whose one sheet repeats a cell
 * millions of times (a few hundred kilobytes that unpack to tens or hundreds of megabytes), the same
 * with its zip directory understating the unpacked sizes, and a sheet within every count limit whose
 * long texts take the parser seconds and a lot of memory.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { crc32 } from '../zip-archive.ts';

const PARTS: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="利润表" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

const NUMBER_CELL = '<c><v>1</v></c>';

/** Bytes of one repeated number cell in the sheet's XML. */
export const BYTES_PER_BOMB_CELL = NUMBER_CELL.length;

/** A cell of 200 characters of text: 198,000 of them stay under the cell and size limits. */
export const LONG_TEXT_CELL = `<c t="inlineStr"><is><t>${'营'.repeat(200)}</t></is></c>`;

/**
 * An .xlsx with one sheet ('利润表') of `rows` rows of `cellsPerRow` copies of `cellXml` (a number by
 * default), streamed so it never sits unpacked here.
 */
export function repeatedCellsWorkbook(rows: number, cellsPerRow: number, cellXml = NUMBER_CELL): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, text] of Object.entries(PARTS)) {
    const part = new ZipDeflate(name, { level: 9 });
    zip.add(part);
    part.push(strToU8(text), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 9 });
  zip.add(sheet);
  sheet.push(
    strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
  );
  const row = strToU8(`<row>${cellXml.repeat(cellsPerRow)}</row>`);
  for (let index = 0; index < rows; index++) sheet.push(row);
  sheet.push(strToU8('</sheetData></worksheet>'), true);
  zip.end();
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const UNPACKED_SIZE_OFFSET = 24;

/** The same zip with every entry's unpacked size in the central directory declared as 1 KB. */
export function understateUnpackedSizes(zip: Uint8Array): Uint8Array {
  const lying = zip.slice();
  const view = new DataView(lying.buffer);
  for (let offset = 0; offset + 46 <= lying.length; offset++) {
    if (view.getUint32(offset, true) === CENTRAL_DIRECTORY_ENTRY) {
      view.setUint32(offset + UNPACKED_SIZE_OFFSET, 1024, true);
    }
  }
  return lying;
}

/** One entry of a hand-written zip: what is stored, and what its headers may claim instead. */
export interface ZipPart {
  readonly name: string;
  /** 0 stored, 8 deflated. */
  readonly method: 0 | 8;
  /** The entry's bytes as stored (deflated for method 8). */
  readonly data: Uint8Array;
  readonly crc: number;
  /** What it really unpacks to. */
  readonly size: number;
  /** The unpacked size both headers declare; the real one by default. */
  readonly declaredSize?: number;
  /** The local header leaves its sizes to a data descriptor after the data (flag bit 3). */
  readonly dataDescriptor?: boolean;
  /** The four bytes where the local header's signature belongs; a local header's by default. */
  readonly localSignature?: number;
  /** The local header's name when it differs from the directory's. */
  readonly localName?: string;
  /** Bytes written before the local header that no entry accounts for. */
  readonly gapBefore?: Uint8Array;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const END_OF_DIRECTORY = 0x06054b50;
const UTF8_NAMES = 0x0800;

/** A zip of `parts` written field by field, so any header can say what the data does not. */
export function zipOf(parts: readonly ZipPart[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  const put = (chunk: Uint8Array) => {
    chunks.push(chunk);
    offset += chunk.length;
  };
  for (const part of parts) {
    if (part.gapBefore) put(part.gapBefore);
    const declared = part.declaredSize ?? part.size;
    const flags = UTF8_NAMES | (part.dataDescriptor ? 0x08 : 0);
    const localName = strToU8(part.localName ?? part.name);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, part.localSignature ?? LOCAL_HEADER, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, flags, true);
    local.setUint16(8, part.method, true);
    if (!part.dataDescriptor) {
      local.setUint32(14, part.crc, true);
      local.setUint32(18, part.data.length, true);
      local.setUint32(22, declared, true);
    }
    local.setUint16(26, localName.length, true);
    const headerOffset = offset;
    put(new Uint8Array(local.buffer));
    put(localName);
    put(part.data);
    if (part.dataDescriptor) {
      const descriptor = new DataView(new ArrayBuffer(16));
      descriptor.setUint32(0, DATA_DESCRIPTOR, true);
      descriptor.setUint32(4, part.crc, true);
      descriptor.setUint32(8, part.data.length, true);
      descriptor.setUint32(12, declared, true);
      put(new Uint8Array(descriptor.buffer));
    }
    const name = strToU8(part.name);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, CENTRAL_DIRECTORY_ENTRY, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, flags, true);
    entry.setUint16(10, part.method, true);
    entry.setUint32(16, part.crc, true);
    entry.setUint32(20, part.data.length, true);
    entry.setUint32(UNPACKED_SIZE_OFFSET, declared, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, headerOffset, true);
    central.push(new Uint8Array(entry.buffer), name);
  }
  const directoryOffset = offset;
  for (const chunk of central) put(chunk);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, END_OF_DIRECTORY, true);
  end.setUint16(8, parts.length, true);
  end.setUint16(10, parts.length, true);
  end.setUint32(12, offset - directoryOffset, true);
  end.setUint32(16, directoryOffset, true);
  put(new Uint8Array(end.buffer));
  return concat(chunks);
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** A deflated entry of `text`, honest in every header unless `claims` says otherwise. */
export function deflatedPart(name: string, text: string | Uint8Array, claims: Partial<ZipPart> = {}): ZipPart {
  const bytes = typeof text === 'string' ? strToU8(text) : text;
  return { name, method: 8, data: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length, ...claims };
}

/** The parts of a one-sheet workbook ('利润表') besides the sheet itself, honest. */
export function workbookFrameParts(): ZipPart[] {
  return Object.entries(PARTS).map(([name, text]) => deflatedPart(name, text));
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = '</sheetData></worksheet>';
/** About a megabyte of rows of 1,000 number cells: the block the bomb sheet repeats. */
const BOMB_BLOCK = `<row>${NUMBER_CELL.repeat(1000)}</row>`.repeat(70);

/**
 * The worksheet part of a decompression bomb: at least `unpackedBytes` of rows of number cells, deflated
 * to about a thousandth of that. Each piece is deflated on its own and ends on a full flush (byte-aligned,
 * no back-references across it), so copies of the block's deflated bytes join into one valid stream.
 * Its CRC is not computed (a gigabyte of hashing): no reader that refuses the bomb gets that far.
 */
export function bombSheet(unpackedBytes: number, claims: Partial<ZipPart> = {}): ZipPart {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level: 9 };
  const block = deflateRawSync(BOMB_BLOCK, flush);
  const copies = Math.ceil(unpackedBytes / BOMB_BLOCK.length);
  const data = concat([
    deflateRawSync(SHEET_HEAD, flush),
    ...Array.from({ length: copies }, () => block),
    deflateRawSync(SHEET_TAIL),
  ]);
  const size = SHEET_HEAD.length + copies * BOMB_BLOCK.length + SHEET_TAIL.length;
  return { name: 'xl/worksheets/sheet1.xml', method: 8, data, crc: 0, size, ...claims };
}

/** Bytes of a sheet the hostile-upload reproductions inflate to: past the longest string V8 can make. */
export const BOMB_SHEET_BYTES = 600 * 1024 * 1024;

/**
 * An .xlsx of about a megabyte whose directory and local header declare the sheet as 1 KB while it
 * inflates to 600 MB.
 */
export function understatedBomb(): Uint8Array {
  return zipOf([...workbookFrameParts(), bombSheet(BOMB_SHEET_BYTES, { declaredSize: 1024 })]);
}

/**
 * The same sheet, whose local header starts with a central-directory signature instead of its own and
 * leaves its sizes to a data descriptor: a reader that walks local headers never sees the sheet, one that
 * follows the directory to the local header inflates it with no size to stop at.
 */
export function bogusSignatureBomb(): Uint8Array {
  const sheet = bombSheet(BOMB_SHEET_BYTES, {
    declaredSize: 1024,
    dataDescriptor: true,
    localSignature: CENTRAL_DIRECTORY_ENTRY,
  });
  return zipOf([...workbookFrameParts(), sheet]);
}
