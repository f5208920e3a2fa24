import { buildModelPdf } from '@fcf/engine/pdf';
import type { ModelWhatIfView } from '@fcf/engine/report';
import { loadJsPdf, loadReportFont } from '../lib/pdf-resources.ts';

/**
 * The model's PDF made in the browser. Loaded only on a click (dynamic import), so the engine's PDF layout,
 * jspdf and the font stay out of the app's first download.
 */
export async function modelPdfBlob(view: ModelWhatIfView, date: Date): Promise<Blob> {
  const [jsPDF, fontBase64] = await Promise.all([loadJsPdf(), loadReportFont()]);
  const bytes = buildModelPdf({ jsPDF, fontBase64 }, view, { generatedAt: date });
  return new Blob([bytes], { type: 'application/pdf' });
}
