/**
 * Every reason a statement file is refused, worded for the admin who uploaded it: each says what is wrong
 * and what to change. Routes show these verbatim.
 */
export const INGEST_ERRORS = {
  empty: '文件为空',
  tooLarge: '文件过大：单个文件上限 10 MB',
  unsupportedType: '不支持的文件类型：仅支持 .xls、.xlsx、.csv',
  corruptWorkbook: '无法读取 Excel 文件：文件已损坏或格式不正确',
  unknownCompany: '无法识别公司：请在文件名或表格中注明股票代码或公司名称',
  noAnnualPeriods: '未找到年度报告期（如 2019-12-31 或 2019）',
  nothingRecognised: '未识别任何报表项目：请检查文件是否为利润表、资产负债表、现金流量表或财务摘要',
  unknownUnit: '无法确定金额单位：请在项目名或表头注明 元/万元/亿元',
  noValues: '未找到任何数值：已识别的报表项目在年度报告期下均为空',
} as const;

/** A refusal with a message for the uploader; anything else thrown during parsing is a defect. */
export class IngestError extends Error {
  override readonly name = 'IngestError';
}

export function malformedValuesMessage(example: { label: string; year: number; raw: string }): string {
  return `数据格式错误：多数数值无法识别为数字（例如“${example.label}” ${example.year} 年为“${example.raw}”），请确认数值单元格为数字`;
}
