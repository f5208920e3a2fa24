import type { ModelWhatIfView } from '@fcf/engine/report';
import { datedFileName, saveBlob } from '../lib/save-file.ts';

/**
 * The story model or excess returns taken away: a workbook with live formulas, or a PDF. SheetJS, jspdf,
 * the font and the builders load only on the first export; both work offline once the app is cached.
 */

export const MODEL_EXPORT_FAILED = { xlsx: 'Excel 导出失败', pdf: 'PDF 生成失败' } as const;
const NO_VALUATION_MESSAGE = '当前参数无法估值，无法导出模型';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A failure with the message to show the reader. */
export class ModelExportError extends Error {
  override readonly name = 'ModelExportError';
}

async function exported(kind: 'xlsx' | 'pdf', view: ModelWhatIfView, make: () => Promise<Blob>, date: Date) {
  if (!view.result) throw new ModelExportError(NO_VALUATION_MESSAGE);
  try {
    const fileName = datedFileName(view.company.name, view.name, date, kind);
    saveBlob(await make(), fileName);
    return fileName;
  } catch (error) {
    console.error(`${kind} export failed`, error);
    throw new ModelExportError(MODEL_EXPORT_FAILED[kind]);
  }
}

/** Downloads `{company}_{model}_{date}.xlsx`; returns its name. */
export function exportModelXlsx(view: ModelWhatIfView, date = new Date()): Promise<string> {
  return exported(
    'xlsx',
    view,
    async () => {
      const [{ leverModelWorkbook }, { write }] = await Promise.all([
        import('./model-lever-workbook.ts'),
        import('@e965/xlsx'),
      ]);
      const bytes = write(leverModelWorkbook(view), { type: 'array', bookType: 'xlsx', compression: true });
      return new Blob([bytes as ArrayBuffer], { type: XLSX_TYPE });
    },
    date,
  );
}

/** Downloads `{company}_{model}_{date}.pdf`; returns its name. */
export function exportModelPdf(view: ModelWhatIfView, date = new Date()): Promise<string> {
  return exported('pdf', view, async () => (await import('./model-pdf-file.ts')).modelPdfBlob(view, date), date);
}
