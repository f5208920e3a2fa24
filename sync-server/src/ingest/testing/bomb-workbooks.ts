/**
 * Hostile workbooks for the limit tests, built in memory: an .xlsx whose one sheet repeats a cell
 * millions of times (a few hundred kilobytes that unpack to tens or hundreds of megabytes), the same
 * with its zip directory understating the unpacked sizes, and a sheet within every count limit whose
 * long texts take the parser seconds and a lot of memory.
 */
import { strToU8, Zip, ZipDeflate } from 'fflate';

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
