import { periodEndDate, periodReportLabel, type ReportPeriod } from '@fcf/engine';
import { INGEST_LIMITS, MEGABYTE } from './limits.ts';
import type { AmountUnit } from './units.ts';

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
  noAnnualPeriods: '未找到报告期（如 2019-12-31、2019、2019年1-9月 或 2019三季报）',
  nothingRecognised: '未识别任何报表项目：请检查文件是否为利润表、资产负债表、现金流量表或财务摘要',
  unknownUnit: '无法确定金额单位：请在项目名或表头注明 元/万元/亿元，或上传时选择金额单位',
  unknownShareUnit: '无法确定总股本的单位：请在项目名注明 股/万股/亿股，或在表头注明金额单位',
  noValues: '未找到任何数值：已识别的报表项目在各报告期下均为空',
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
  period: ReportPeriod;
  raw: string;
}

/** Where in time a cell is: '2019 年' for an annual report, '2019 三季报' for an interim one. */
function cellPeriod(year: number, period: ReportPeriod): string {
  return period === 'FY' ? `${year} 年` : `${periodReportLabel(year, period)}`;
}

/** Figures no company reports (1e308, or 元 declared as 亿元): the file is refused, naming where they are. */
export function outOfRangeMessage(cells: readonly OutOfRangeCell[]): string {
  const shown = cells.slice(0, 3).map(({ sheet, line, label, year, period, raw }) => {
    const where = sheet ? `工作表“${sheet}”第 ${line} 行` : `第 ${line} 行`;
    return `${where}“${label}” ${cellPeriod(year, period)}为 ${raw}`;
  });
  const more = cells.length > shown.length ? ` 等 ${cells.length} 处` : '';
  return `数值超出范围：${shown.join('；')}${more}。数值的绝对值不得超过 ${INGEST_LIMITS.absoluteValue.toLocaleString('en-US')}（金额以亿元计），请检查数值与单位`;
}

export function malformedValuesMessage(example: {
  label: string;
  year: number;
  period: ReportPeriod;
  raw: string;
}): string {
  return `数据格式错误：多数数值无法识别为数字（例如“${example.label}” ${cellPeriod(example.year, example.period)}为“${example.raw}”），请确认数值单元格为数字`;
}

/** A report period named in a message: '2022 三季报（2022-09-30）'. */
export function periodText(year: number, period: ReportPeriod): string {
  return `${periodReportLabel(year, period)}（${periodEndDate(year, period)}）`;
}

/** One report period in two columns (or rows) of a sheet. */
export function duplicatePeriodMessage(cell: string, first: string, second: string): string {
  return `报告期重复：“${cell}”出现在${first}与${second}，无法确定以哪一列为准：请删除重复的报告期后重新上传`;
}

/** Amounts that state a unit beside amounts that state none, in one file. */
export function mixedUnitsMessage(units: readonly string[]): string {
  return `金额单位不一致：部分项目注明了单位（${units.join('、')}），部分项目未注明：请在表头统一注明单位，或为每个金额项目注明单位后重新上传`;
}

/** A unit chosen for this file that is not the one the file states. */
export function unitConflictMessage(stated: AmountUnit, chosen: AmountUnit): string {
  return `文件注明的金额单位为${stated}，与所选单位${chosen}不一致：请核对后重新上传（注明单位的文件无需选择单位）`;
}

/** A year-to-date figure smaller than the report before it in the same year, where that cannot be. */
export function yearToDateDropMessage(
  label: string,
  later: { year: number; period: ReportPeriod; value: number },
  earlier: { period: ReportPeriod; value: number },
): string {
  const amount = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 4 })} 亿元`;
  return (
    `${periodText(later.year, later.period)}的${label}（${amount(later.value)}）小于 ` +
    `${periodText(later.year, earlier.period)}的 ${amount(earlier.value)}：年初至今的累计数不应减少，请核对这两期的数据`
  );
}
