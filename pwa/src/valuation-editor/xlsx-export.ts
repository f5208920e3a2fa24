import type { WhatIfView } from '@fcf/engine/report';
import { datedFileName, saveBlob } from '../lib/save-file.ts';
import type { RangeSnapshot } from './scenario-sheet.ts';

export const XLSX_FAILED_MESSAGE = 'Excel 导出失败';
const NO_VALUATION_MESSAGE = '当前参数无法估值，无法导出模型';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A failure with the message to show the reader. */
export class XlsxExportError extends Error {
  override readonly name = 'XlsxExportError';
}

/**
 * Downloads the model as `{company}_DCF估值模型_{date}.xlsx`. SheetJS and the workbook builder load only
 * now, on the first export: they stay out of the app's first download.
 */
export async function exportModelWorkbook(
  view: WhatIfView,
  date = new Date(),
  range: RangeSnapshot | null = null,
): Promise<string> {
  if (!view.dcf) throw new XlsxExportError(NO_VALUATION_MESSAGE);
  try {
    const [{ modelWorkbook }, { write }] = await Promise.all([import('./model-workbook.ts'), import('@e965/xlsx')]);
    const bytes = write(modelWorkbook(view, range), {
      type: 'array',
      bookType: 'xlsx',
      compression: true,
    }) as ArrayBuffer;
    const fileName = datedFileName(view.company.name, 'DCF估值模型', date, 'xlsx');
    saveBlob(new Blob([bytes], { type: XLSX_TYPE }), fileName);
    return fileName;
  } catch (error) {
    console.error('xlsx export failed', error);
    throw new XlsxExportError(XLSX_FAILED_MESSAGE);
  }
}
