import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { INGEST_ERRORS, IngestError, sheetTooLargeMessage } from './errors.ts';
import { INGEST_LIMITS } from './limits.ts';

/** A worksheet part of an .xlsx: `xl/worksheets/sheet1.xml`. */
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;
/** The start of a cell element, `<c r="A1">` or `<x:c>`, but not `<col>` or `<cfRule>`. */
const CELL_TAG = /<(?:[A-Za-z_][\w.-]*:)?c[\s/>]/g;
/** Longer than any cell tag's start, so one cut by a chunk boundary is seen whole in the next scan. */
const TAG_OVERLAP = 64;

/**
 * Refuses an .xlsx (a zip) over the unpacked-size or the cells-per-sheet limit before the spreadsheet
 * parser sees it, so a few hundred kilobytes that unpack into millions of cells cost little memory.
 * First by the sizes its central directory declares (nothing inflated); then by inflating every entry
 * and counting, stopping at the limit (a zip may declare small sizes and inflate to gigabytes), while
 * counting the cell elements of each worksheet. A damaged zip is refused as a damaged workbook.
 */
export function refuseOversizedZip(bytes: Uint8Array): void {
  const limit = INGEST_LIMITS.unpackedBytes;
  let declared = 0;
  let inflated = 0;
  let overfullSheet = false;
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        declared += entry.originalSize;
        return false;
      },
    });
    if (declared > limit) throw new IngestError(INGEST_ERRORS.unpackedTooLarge);
    const unzip = new Unzip((entry) => {
      if (inflated > limit || overfullSheet) return;
      const cells = WORKSHEET_PART.test(entry.name) ? new CellCounter() : undefined;
      entry.ondata = (error, chunk, final) => {
        if (error) throw error;
        inflated += chunk.length;
        cells?.add(chunk, final);
        overfullSheet ||= (cells?.count ?? 0) > INGEST_LIMITS.cellsPerSheet;
        if (inflated > limit || overfullSheet) entry.terminate();
      };
      entry.start();
    });
    unzip.register(UnzipInflate);
    unzip.push(bytes, true);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(INGEST_ERRORS.corruptWorkbook);
  }
  if (inflated > limit) throw new IngestError(INGEST_ERRORS.unpackedTooLarge);
  // The parser would name the sheet; from the zip alone only its part is known.
  if (overfullSheet) throw new IngestError(sheetTooLargeMessage('', 'cells'));
}

/** Counts cell elements in a worksheet's XML as it inflates, chunk by chunk. */
class CellCounter {
  count = 0;
  private carry = '';
  private readonly decoder = new TextDecoder('latin1');

  add(chunk: Uint8Array, final: boolean): void {
    const text = this.carry + this.decoder.decode(chunk, { stream: !final });
    // Tags starting in the last TAG_OVERLAP characters are counted with the next chunk.
    const countable = final ? text.length : text.length - TAG_OVERLAP;
    for (const match of text.matchAll(CELL_TAG)) {
      if (match.index < countable) this.count++;
    }
    this.carry = final ? '' : text.slice(Math.max(countable, 0));
  }
}
