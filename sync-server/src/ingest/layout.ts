import type { ReportPeriod } from '@fcf/engine';
import { duplicatePeriodMessage, IngestError } from './errors.ts';
import { parsePeriod } from './periods.ts';

/** A report a column (or row) holds: a fiscal year's annual or interim report. */
export interface ReportColumn {
  year: number;
  period: ReportPeriod;
}

/** One source item across the report periods of a sheet, as raw cell text. */
interface LabelledSeries {
  label: string;
  /** `line`: the cell's row in the sheet, counted from 1 as spreadsheets show it. */
  cells: { year: number; period: ReportPeriod; raw: string; line: number }[];
}

export interface SheetTable {
  orientation: 'items-in-rows' | 'items-in-columns';
  /** Rows above the header ('美的集团 利润表', '单位：万元', '股票代码：000333'). */
  titleRows: string[][];
  /** The row of periods (items in rows) or of item labels (items in columns). */
  headerRow: string[];
  series: LabelledSeries[];
  /**
   * The Sina Finance layout (its header reads 报表日期, ../shared/data/README.md) writes 0.0 for every line a
   * report does not carry: there a zero is read as not reported.
   */
  zeroIsMissing: boolean;
}

/** The header word of the Sina Finance exports, whose zeros mean "not reported". */
const SINA_HEADER = '报表日期';

/** Title rows above the header are a handful at most; a period found further down is data, not a header. */
const HEADER_SCAN_ROWS = 30;

interface PeriodCell {
  row: number;
  column: number;
}

/**
 * Finds the table in a sheet: the first cell that reads as a report period anchors the header. When
 * more periods follow it along its row, items run down the rows (the NetEase layout); when more follow
 * it down its column, items run across the columns. A single period decides by position: only the
 * items-in-columns layout puts a period in the first column. Returns undefined without a report period
 * (annual or interim); refuses a sheet that names one report period twice.
 */
export function locateTable(rows: string[][]): SheetTable | undefined {
  const anchor = firstPeriodCell(rows);
  if (!anchor) return undefined;
  const header = rows[anchor.row] ?? [];
  const periodsAlongRow = header.filter((cell) => parsePeriod(cell)).length;
  const periodsDownColumn = rows.slice(anchor.row).filter((row) => parsePeriod(row[anchor.column] ?? '')).length;
  const itemsInRows = periodsAlongRow === periodsDownColumn ? anchor.column > 0 : periodsAlongRow > periodsDownColumn;
  return itemsInRows ? itemsInRowsTable(rows, anchor) : itemsInColumnsTable(rows, anchor);
}

function firstPeriodCell(rows: string[][]): PeriodCell | undefined {
  for (const [row, cells] of rows.slice(0, HEADER_SCAN_ROWS).entries()) {
    const column = cells.findIndex((cell) => parsePeriod(cell));
    if (column >= 0) return { row, column };
  }
  return undefined;
}

function reportOf(cell: string): ReportColumn | undefined {
  const period = parsePeriod(cell);
  return period?.period ? { year: period.year, period: period.period } : undefined;
}

/** Two columns (or rows) of one report would leave it to chance which figure counts: the sheet is refused. */
function refuseDuplicates(reports: readonly { report: ReportColumn; where: string; cell: string }[]): void {
  const seen = new Map<string, { where: string; cell: string }>();
  for (const { report, where, cell } of reports) {
    const key = `${report.year}${report.period}`;
    const first = seen.get(key);
    if (first) throw new IngestError(duplicatePeriodMessage(first.cell, first.where, where));
    seen.set(key, { where, cell });
  }
}

/** 'A', …, 'Z', 'AA': a column as spreadsheets name it. */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function itemsInRowsTable(rows: string[][], anchor: PeriodCell): SheetTable | undefined {
  const header = rows[anchor.row] ?? [];
  const yearColumns = header.flatMap((cell, column) => {
    const report = reportOf(cell);
    return report === undefined ? [] : [{ column, ...report, cell }];
  });
  if (yearColumns.length === 0) return undefined;
  refuseDuplicates(
    yearColumns.map(({ column, year, period, cell }) => ({
      report: { year, period },
      where: `第 ${columnName(column)} 列`,
      cell,
    })),
  );
  const firstDataRow = anchor.row + 1;
  const dataRows = rows.slice(firstDataRow);
  const labelColumn = mostLabelledColumn(dataRows, anchor.column);
  const series =
    labelColumn === undefined
      ? []
      : dataRows.flatMap((row, index) => {
          const label = row[labelColumn] ?? '';
          if (label === '') return [];
          const line = firstDataRow + index + 1;
          const cells = yearColumns.map(({ column, year, period }) => ({ year, period, raw: row[column] ?? '', line }));
          return [{ label, cells }];
        });
  const headerLabel = labelColumn === undefined ? '' : (header[labelColumn] ?? '');
  return {
    orientation: 'items-in-rows',
    titleRows: rows.slice(0, anchor.row),
    headerRow: header,
    series,
    zeroIsMissing: headerLabel === SINA_HEADER,
  };
}

/**
 * Official statements put a line-number column (行次) or notes column beside the item names; the item
 * names are the column, left of the periods, with the most text in it.
 */
function mostLabelledColumn(dataRows: string[][], firstPeriodColumn: number): number | undefined {
  let best: { column: number; count: number } | undefined;
  for (let column = 0; column < firstPeriodColumn; column++) {
    const count = dataRows.filter((row) => isText(row[column] ?? '')).length;
    if (count > 0 && (!best || count > best.count)) best = { column, count };
  }
  return best?.column;
}

function isText(cell: string): boolean {
  return cell !== '' && !/^[-+\d.,()%\s]+$/.test(cell);
}

function itemsInColumnsTable(rows: string[][], anchor: PeriodCell): SheetTable | undefined {
  const yearRows = rows.slice(anchor.row).flatMap((row, index) => {
    const cell = row[anchor.column] ?? '';
    const report = reportOf(cell);
    return report === undefined ? [] : [{ row, ...report, cell, line: anchor.row + index + 1 }];
  });
  if (yearRows.length === 0) return undefined;
  refuseDuplicates(
    yearRows.map(({ year, period, cell, line }) => ({ report: { year, period }, where: `第 ${line} 行`, cell })),
  );
  const labelRowIndex = rows.slice(0, anchor.row).findLastIndex((row) => row.some((cell) => cell !== ''));
  const labelRow = rows[labelRowIndex] ?? [];
  const series = labelRow.flatMap((label, column) => {
    if (column === anchor.column || label === '') return [];
    const cells = yearRows.map(({ row, year, period, line }) => ({ year, period, raw: row[column] ?? '', line }));
    return [{ label, cells }];
  });
  return {
    orientation: 'items-in-columns',
    titleRows: rows.slice(0, Math.max(labelRowIndex, 0)),
    headerRow: labelRow,
    series,
    zeroIsMissing: false,
  };
}
