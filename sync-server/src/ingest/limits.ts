/**
 * How much a statement file may hold. Checked before and while a file is parsed, so a small file that
 * unpacks into gigabytes (a decompression bomb) is refused before it is unpacked; the worker thread that
 * parses uploads adds a time and a memory limit on top (docs/data.md#limits). Real statement files stay far
 * below each: a few hundred rows and columns, a few hundred kilobytes unpacked.
 */
export const INGEST_LIMITS = {
  /** The file as uploaded. */
  fileBytes: 10 * 1024 * 1024,
  /** An .xlsx (a zip) unpacked: every entry together, by the sizes it declares and by what inflates. */
  unpackedBytes: 50 * 1024 * 1024,
  /** Parts inside an .xlsx (a real workbook has a few per sheet). */
  zipEntries: 1000,
  sheets: 50,
  rowsPerSheet: 10_000,
  /** Stored cells of one sheet, blank ones included. */
  cellsPerSheet: 200_000,
  /** The largest magnitude a figure may have once in 亿元 (1e7 亿元 = 1e15 元, far beyond any company). */
  absoluteValue: 1e7,
} as const;

export const MEGABYTE = 1024 * 1024;
