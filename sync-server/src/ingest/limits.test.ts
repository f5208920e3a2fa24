import { describe, expect, it } from 'vitest';
import { INGEST_ERRORS, sheetTooLargeMessage } from './errors.ts';
import { INGEST_LIMITS } from './limits.ts';
import { parseStatementFile } from './parse-statement-file.ts';
import { BYTES_PER_BOMB_CELL, repeatedCellsWorkbook, understateUnpackedSizes } from './testing/bomb-workbooks.ts';
import { fixtureDirectory, utf8Bytes, workbookBytes } from './testing/ingest-fixtures.ts';

function outcome(filename: string, bytes: Uint8Array) {
  return parseStatementFile(filename, bytes, fixtureDirectory());
}

function refuse(filename: string, bytes: Uint8Array): string {
  const result = outcome(filename, bytes);
  if (result.ok) throw new Error(`${filename} was accepted`);
  return result.error;
}

const CELLS_PER_ROW = 1000;
/** Rows of 1,000 repeated cells that unpack to just over the limit. */
const BOMB_ROWS = Math.ceil(INGEST_LIMITS.unpackedBytes / (CELLS_PER_ROW * BYTES_PER_BOMB_CELL)) + 10;

describe('decompression bombs', () => {
  const bomb = repeatedCellsWorkbook(BOMB_ROWS, CELLS_PER_ROW);

  it('are small files that unpack past the limit', () => {
    expect(bomb.length).toBeLessThan(INGEST_LIMITS.fileBytes / 10);
  });

  it('are refused by the sizes the zip declares, before anything is inflated', () => {
    expect(refuse('000333-利润表.xlsx', bomb)).toBe(INGEST_ERRORS.unpackedTooLarge);
    expect(INGEST_ERRORS.unpackedTooLarge).toContain('50 MB');
  });

  it('are refused as contradictions when the zip understates its sizes (zip-archive.test.ts has more)', () => {
    expect(refuse('000333-利润表.xlsx', understateUnpackedSizes(bomb))).toMatch(/^Excel 文件结构前后矛盾（/);
  });
});

describe('sheets, rows and cells', () => {
  it('refuses a workbook of more sheets than the limit', () => {
    const sheets = Array.from({ length: INGEST_LIMITS.sheets + 1 }, (_, index) => ({
      name: `利润表${index}`,
      rows: [
        ['报告日期', 2019],
        ['营业收入(万元)', 1],
      ],
    }));
    expect(refuse('000333.xlsx', workbookBytes(sheets))).toBe(INGEST_ERRORS.tooManySheets);
    expect(outcome('000333.xlsx', workbookBytes(sheets.slice(1))).ok).toBe(true);
  });

  it('refuses a sheet of more rows than the limit, naming the sheet', () => {
    const rows = repeatedCellsWorkbook(INGEST_LIMITS.rowsPerSheet + 1, 1);
    expect(refuse('000333.xlsx', rows)).toBe(sheetTooLargeMessage('利润表', 'rows'));
    expect(sheetTooLargeMessage('利润表', 'rows')).toBe('工作表“利润表”行数过多：每个工作表最多 10000 行');
    const csv = `报告日期,2019\n${'营业收入(万元),1\n'.repeat(INGEST_LIMITS.rowsPerSheet)}`;
    expect(refuse('lrb600298.csv', utf8Bytes(csv))).toBe('表格行数过多：每个工作表最多 10000 行');
    // Blank lines are not rows: the rows after them count, and are read.
    const spaced = `报告日期,2019\n${'\n'.repeat(INGEST_LIMITS.rowsPerSheet)}营业收入(万元),1\n`;
    expect(outcome('lrb600298.csv', utf8Bytes(spaced)).ok).toBe(true);
  });

  it('refuses a sheet of more cells than the limit before parsing it, counting exactly', () => {
    const rows = INGEST_LIMITS.cellsPerSheet / CELLS_PER_ROW;
    // Exactly at the limit: counted across the inflater's chunks without a miss or a double count, so
    // the file passes the count and is judged on its content (cells of 1, no report periods).
    expect(refuse('000333.xlsx', repeatedCellsWorkbook(rows, CELLS_PER_ROW))).toBe(INGEST_ERRORS.noAnnualPeriods);
    const oneRowMore = repeatedCellsWorkbook(rows + 1, CELLS_PER_ROW);
    expect(refuse('000333.xlsx', oneRowMore)).toBe('表格单元格过多：每个工作表最多 200000 个单元格');
    const csv = `报告日期,2019${',1'.repeat(INGEST_LIMITS.cellsPerSheet)}\n营业收入(万元),1\n`;
    expect(refuse('lrb600298.csv', utf8Bytes(csv))).toBe(sheetTooLargeMessage('', 'cells'));
  });

  it('counts the blanks up to the last cell of a row: one cell in column XFD per row is a huge grid', () => {
    const farRight: unknown[][] = [['报告日期', 2019]];
    for (let row = 0; row < 20; row++) {
      const cells: unknown[] = ['营业收入(万元)', 1];
      cells[16_383] = 'x';
      farRight.push(cells);
    }
    expect(refuse('000333.xlsx', workbookBytes([{ name: '利润表', rows: farRight }]))).toBe(
      sheetTooLargeMessage('利润表', 'cells'),
    );
  });
});

describe('figures beyond any company', () => {
  it('refuses the file, naming the line, item, year and value', () => {
    const csv = '报告日期,2019-12-31,2018-12-31\n营业成本(万元),5,4\n营业收入(万元),1e308,100\n';
    expect(refuse('lrb600298.csv', utf8Bytes(csv))).toBe(
      '数值超出范围：第 3 行“营业收入(万元)” 2019 年为 1e308。数值的绝对值不得超过 10,000,000（金额以亿元计），请检查数值与单位',
    );
  });

  it('judges amounts after conversion to 亿元, and reads overflowing numbers as out of range', () => {
    // 2e14 元 = 2e6 亿元: large but possible; 2e15 元 = 2e7 亿元: not.
    expect(outcome('lrb600298.csv', utf8Bytes('报告日期,2019\n营业收入(元),2e14\n')).ok).toBe(true);
    expect(refuse('lrb600298.csv', utf8Bytes('报告日期,2019\n营业收入(元),-2e15\n'))).toMatch(/^数值超出范围：第 2 行/);
    expect(refuse('lrb600298.csv', utf8Bytes('报告日期,2019\n营业收入(亿元),1e400\n'))).toMatch(/1e400/);
  });

  it('names the sheet and row in a workbook, and counts further lines', () => {
    const rows = [['单位：亿元'], ['项目', 2019, 2018], ['营业收入', 3e7, 4e7], ['营业成本', 5e7, 6e7]];
    const message = refuse('000333.xlsx', workbookBytes([{ name: '利润表', rows }]));
    expect(message).toMatch(
      /^数值超出范围：工作表“利润表”第 3 行“营业收入” 2019 年为 30000000；工作表“利润表”第 3 行“营业收入” 2018 年为 40000000；工作表“利润表”第 4 行“营业成本” 2019 年为 50000000 等 4 处。/,
    );
  });
});
