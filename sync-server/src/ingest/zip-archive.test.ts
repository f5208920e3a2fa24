import { describe, expect, it } from 'vitest';
import { INGEST_ERRORS, zipContradictionMessage } from './errors.ts';
import { INGEST_LIMITS } from './limits.ts';
import { parseStatementFile } from './parse-statement-file.ts';
import {
  BOMB_SHEET_BYTES,
  bogusSignatureBomb,
  bombSheet,
  deflatedPart,
  repeatedCellsWorkbook,
  understatedBomb,
  understateUnpackedSizes,
  workbookFrameParts,
  type ZipPart,
  zipOf,
} from './testing/bomb-workbooks.ts';
import { fixtureDirectory, workbookBytes } from './testing/ingest-fixtures.ts';
import { crc32, readZipEntries } from './zip-archive.ts';
import { CellCounter, unpackWorkbookZip } from './zip-limits.ts';

const SHEET = 'xl/worksheets/sheet1.xml';
const SHEET_XML =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>';

function workbook(sheet: Partial<ZipPart> = {}, frame: ZipPart[] = workbookFrameParts()): Uint8Array {
  return zipOf([...frame, deflatedPart(SHEET, SHEET_XML, sheet)]);
}

/** The refusal of `bytes` as an upload would get it. */
function refusal(bytes: Uint8Array): string {
  const outcome = parseStatementFile('000333-利润表.xlsx', bytes, fixtureDirectory());
  if (outcome.ok) throw new Error('the file was accepted');
  return outcome.error;
}

function contradiction(detail: string): string {
  return zipContradictionMessage(detail);
}

describe('an honest zip', () => {
  it('is read entry by entry and handed on as the same parts', () => {
    const bytes = workbook();
    expect(readZipEntries(bytes, INGEST_LIMITS.zipEntries).map((entry) => entry.name)).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      SHEET,
    ]);
    // Its one cell of 1 is read: refused only for what it says, not for how it is packed.
    expect(refusal(bytes)).toBe(INGEST_ERRORS.noAnnualPeriods);
  });

  it('may be stored, streamed with data descriptors, or written by SheetJS', () => {
    const stored: ZipPart = { name: SHEET, method: 0, data: new TextEncoder().encode(SHEET_XML), crc: 0, size: 0 };
    const storedSheet = { ...stored, crc: crc32(stored.data), size: stored.data.length };
    expect(refusal(zipOf([...workbookFrameParts(), storedSheet]))).toBe(INGEST_ERRORS.noAnnualPeriods);
    expect(refusal(workbook({ dataDescriptor: true }))).toBe(INGEST_ERRORS.noAnnualPeriods);
    expect(refusal(repeatedCellsWorkbook(3, 3))).toBe(INGEST_ERRORS.noAnnualPeriods);
    const sheetjs = workbookBytes([
      {
        name: '利润表',
        rows: [
          ['报告日期', 2019],
          ['营业收入(万元)', 1],
        ],
      },
    ]);
    expect(parseStatementFile('000333.xlsx', sheetjs, fixtureDirectory()).ok).toBe(true);
  });
});

describe('a zip that contradicts itself is refused before the spreadsheet parser sees it', () => {
  it('an entry inflating past the size it declares: stopped there, not inflated to its 600 MB', () => {
    const before = process.memoryUsage().arrayBuffers;
    expect(refusal(understatedBomb())).toBe(contradiction(`条目“${SHEET}”解压后大于所记大小`));
    // At most one inflater step past the 1 KB it declares was ever held.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(BOMB_SHEET_BYTES / 10);
  });

  it('an entry inflating to less than it declares, or to other bytes than its CRC says', () => {
    const size = new TextEncoder().encode(SHEET_XML).length;
    expect(refusal(workbook({ declaredSize: size + 1 }))).toBe(contradiction(`条目“${SHEET}”解压后小于所记大小`));
    expect(refusal(workbook({ crc: 12345 }))).toBe(contradiction(`条目“${SHEET}”校验和不符`));
  });

  it('a local header whose signature is not one (a reader walking local headers would miss the entry)', () => {
    expect(refusal(bogusSignatureBomb())).toBe(contradiction(`条目“${SHEET}”的本地文件头签名错误`));
  });

  it('a local header naming another entry than the directory does', () => {
    expect(refusal(workbook({ localName: 'xl/worksheets/sheet2.xml' }))).toBe(
      contradiction(`条目“${SHEET}”的本地文件名与目录不一致`),
    );
  });

  it('a data descriptor other than the directory (the directory understating sizes)', () => {
    const lying = understateUnpackedSizes(repeatedCellsWorkbook(10, 10));
    expect(refusal(lying)).toBe(contradiction('条目“[Content_Types].xml”的数据描述符与目录不一致'));
  });

  it('bytes no entry accounts for, such as a fake directory signature between entries', () => {
    const fake = new Uint8Array([0x50, 0x4b, 0x01, 0x02, 0, 0, 0, 0]);
    expect(refusal(workbook({ gapBefore: fake }))).toBe(contradiction('压缩包中有目录未记录的数据'));
  });

  it('two entries of one name', () => {
    const [first, ...rest] = workbookFrameParts();
    if (!first) throw new Error('no frame parts');
    expect(refusal(workbook({}, [first, ...rest, { ...first }]))).toBe(
      contradiction('条目“[Content_Types].xml”重复出现'),
    );
  });

  it('two directory records sharing one entry’s data', () => {
    const bytes = workbook();
    const view = new DataView(bytes.buffer);
    // Point the sheet's directory record at the first entry's local header.
    const records = [...bytes.keys()].filter((at) => at + 4 <= bytes.length && view.getUint32(at, true) === 0x02014b50);
    const last = records.at(-1) ?? 0;
    view.setUint32(last + 42, 0, true);
    expect(refusal(bytes)).toBe(contradiction('条目相互重叠'));
  });

  it('an end record whose comment does not reach the end of the file, or a file cut short', () => {
    const bytes = workbook();
    const trailing = new Uint8Array(bytes.length + 3);
    trailing.set(bytes);
    expect(refusal(trailing)).toBe(contradiction('目录结尾记录与文件长度不符'));
    expect(refusal(bytes.subarray(0, bytes.length - 30))).toBe(INGEST_ERRORS.corruptWorkbook);
  });

  it('a file the spreadsheet parser would read as a zip though it starts with a directory record', () => {
    const bytes = workbook();
    const disguised = new Uint8Array(bytes);
    new DataView(disguised.buffer).setUint32(0, 0x02014b50, true);
    expect(refusal(disguised)).toMatch(/^Excel 文件结构前后矛盾/);
  });

  it('more entries than a workbook has', () => {
    const parts = Array.from({ length: INGEST_LIMITS.zipEntries + 1 }, (_, index) => deflatedPart(`x/${index}`, ''));
    expect(refusal(zipOf(parts))).toBe(INGEST_ERRORS.tooManyZipEntries);
  });
});

describe('the budgets', () => {
  it('refuse declared sizes over the unpacked limit before anything inflates', () => {
    const honest = zipOf([...workbookFrameParts(), bombSheet(INGEST_LIMITS.unpackedBytes + 1)]);
    expect(() => unpackWorkbookZip(honest)).toThrow(INGEST_ERRORS.unpackedTooLarge);
  });
});

describe('CellCounter', () => {
  function count(xml: string, chunkSize: number): number {
    const counter = new CellCounter();
    const bytes = new TextEncoder().encode(xml);
    for (let at = 0; at < bytes.length; at += chunkSize) counter.add(bytes.subarray(at, at + chunkSize));
    return counter.count;
  }

  it('counts cell elements, prefixed or not, and nothing else, wherever the chunks are cut', () => {
    const xml =
      '<row><c r="A1"><v>1</v></c><c/><x:c r="B1">2</x:c><col min="1"/><cfRule/><c\n t="s"><v>0</v></c><cell/><a:b:c/></row>';
    for (const size of [1, 2, 3, 5, 7, 64, xml.length]) expect(count(xml, size), `chunks of ${size}`).toBe(4);
  });
});
