import { INGEST_LIMITS, MEGABYTE } from './limits.ts';

/**
 * Every reason a statement file is refused, worded for the admin who uploaded it: each says what is wrong
 * and what to change. Routes show these verbatim.
 */
export const INGEST_ERRORS = {
  empty: '文件为空',
  tooLarge: `文件过大：单个文件上限 ${INGEST_LIMITS.fileBytes / MEGABYTE} MB`,
  unpackedTooLarge: `文件解压后过大：Excel 文件解压后合计不得超过 ${INGEST_LIMITS.unpackedBytes / MEGABYTE} MB`,
  tooManySheets: `工作表过多：一个文件最多 ${INGEST_LIMITS.sheets} 个工作表`,
  unsupportedType: '不支持的文件类型：仅支持 .xls、.xlsx、.csv',
  corruptWorkbook: '无法读取 Excel 文件：文件已损坏或格式不正确',
  tooManyZipEntries: `Excel 文件内部条目过多：一个文件最多 ${INGEST_LIMITS.zipEntries} 个`,
  unknownCompany: '无法识别公司：请在文件名或表格中注明股票代码或公司名称',
  noAnnualPeriods: '未找到年度报告期（如 2019-12-31 或 2019）',
  nothingRecognised: '未识别任何报表项目：请检查文件是否为利润表、资产负债表、现金流量表或财务摘要',
  unknownUnit: '无法确定金额单位：请在项目名或表头注明 元/万元/亿元',
  unknownShareUnit: '无法确定总股本的单位：请在项目名注明 股/万股/亿股，或在表头注明金额单位',
  noValues: '未找到任何数值：已识别的报表项目在年度报告期下均为空',
} as const;

/** A refusal with a message for the uploader; anything else thrown during parsing is a defect. */
export class IngestError extends Error {
  override readonly name = 'IngestError';
}

/** A sheet over the row or cell limit, named so the uploader knows which one to trim. */
export function sheetTooLargeMessage(sheetName: string, limit: 'rows' | 'cells'): string {
  const sheet = sheetName ? `工作表“${sheetName}”` : '表格';
  return limit === 'rows'
    ? `${sheet}行数过多：每个工作表最多 ${INGEST_LIMITS.rowsPerSheet} 行`
    : `${sheet}单元格过多：每个工作表最多 ${INGEST_LIMITS.cellsPerSheet} 个单元格`;
}

/**
 * An .xlsx whose zip contradicts itself (one header says what another, or the data, does not): damaged,
 * or built to make one reader see what another does not. `detail` says which part.
 */
export function zipContradictionMessage(detail: string): string {
  return `Excel 文件结构前后矛盾（${detail}），文件可能已损坏或被篡改：请用 Excel 打开并另存为 .xlsx 后重新上传`;
}

export interface OutOfRangeCell {
  sheet: string;
  line: number;
  label: string;
  year: number;
  raw: string;
}

/** Figures no company reports (1e308, or 元 declared as 亿元): the file is refused, naming where they are. */
export function outOfRangeMessage(cells: readonly OutOfRangeCell[]): string {
  const shown = cells.slice(0, 3).map(({ sheet, line, label, year, raw }) => {
    const where = sheet ? `工作表“${sheet}”第 ${line} 行` : `第 ${line} 行`;
    return `${where}“${label}” ${year} 年为 ${raw}`;
  });
  const more = cells.length > shown.length ? ` 等 ${cells.length} 处` : '';
  return `数值超出范围：${shown.join('；')}${more}。数值的绝对值不得超过 ${INGEST_LIMITS.absoluteValue.toLocaleString('en-US')}（金额以亿元计），请检查数值与单位`;
}

export function malformedValuesMessage(example: { label: string; year: number; raw: string }): string {
  return `数据格式错误：多数数值无法识别为数字（例如“${example.label}” ${example.year} 年为“${example.raw}”），请确认数值单元格为数字`;
}
