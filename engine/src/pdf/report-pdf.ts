import type { CompanyReport } from '../report/company-bundle.ts';
import { REPORT_MODULE_TITLES } from '../report/report-sections.ts';
import { fcfValuationSpec } from '../report/specs/fcf-valuation-spec.ts';
import { modelValuationSpec } from '../report/specs/model-valuation-spec.ts';
import { HISTORY_MODULE_ORDER, historyModuleSpec, MODULES_AFTER_VALUATION } from '../report/specs/report-specs.ts';
import { sensitivitySectionSpec } from '../report/specs/sensitivity-section.ts';
import { COLORS, PAGE, PdfCanvas } from './pdf-canvas.ts';
import type { ReportPdfDeps } from './pdf-doc.ts';
import { REPORT_FONT_FILE, REPORT_FONT_NAME, REPORT_VERSION } from './report-constants.ts';
import { drawCover, PLATFORM_NAME, REPORT_TITLE } from './report-cover.ts';
import { drawDcf, drawModelValuation, drawSensitivitySection } from './report-dcf.ts';
import { drawPriceAgainstValue } from './report-market.ts';
import { drawNotes } from './report-notes.ts';
import { drawHistoryModule, numberedTitle } from './report-sections.ts';

export type { JsPdfConstructor, JsPdfDocument, JsPdfOptions, ReportPdfDeps } from './pdf-doc.ts';
export * from './report-constants.ts';
export { PLATFORM_NAME, REPORT_TITLE } from './report-cover.ts';

export interface ReportPdfOptions {
  readonly generatedAt: Date;
  /** Printed on the cover; REPORT_VERSION unless told otherwise. */
  readonly version?: string;
}

/** Running header (not on the cover) and footer with page numbers, drawn once every page exists. */
function drawPageFurniture(canvas: PdfCanvas, report: CompanyReport): void {
  const pages = canvas.doc.getNumberOfPages();
  const { company } = report;
  const who = company.code ? `${company.name}（${company.code}）` : company.name;
  for (let page = 1; page <= pages; page++) {
    canvas.doc.setPage(page);
    if (page > 1) {
      canvas.text(REPORT_TITLE, PAGE.marginX, 12, { size: 8, color: COLORS.muted });
      canvas.text(who, PAGE.width - PAGE.marginX, 12, { size: 8, color: COLORS.muted, align: 'right' });
      canvas.line(PAGE.marginX, 14.5, PAGE.width - PAGE.marginX, 14.5, COLORS.border, 0.2);
    }
    const footerY = PAGE.height - 10;
    canvas.line(PAGE.marginX, footerY - 4, PAGE.width - PAGE.marginX, footerY - 4, COLORS.border, 0.2);
    canvas.text(`${PLATFORM_NAME} · ${who} · 仅供研究参考，不构成投资建议`, PAGE.marginX, footerY, {
      size: 7.5,
      color: COLORS.muted,
    });
    canvas.text(`第 ${page} 页 / 共 ${pages} 页`, PAGE.width - PAGE.marginX, footerY, {
      size: 7.5,
      color: COLORS.muted,
      align: 'right',
    });
  }
}

/**
 * The analysis page as a PDF (A4 portrait): a cover, the report modules with their tables and
 * charts in menu order, and '数据来源与说明'; a header, footer and page number on every page. Pure: the
 * caller passes jspdf's `jsPDF` class and the TrueType font (base64), so the engine needs neither.
 *
 * @example
 * import { jsPDF } from 'jspdf';
 * const pdf = buildReportPdf({ jsPDF, fontBase64 }, buildCompanyReport(bundle), { generatedAt: new Date() });
 * new Blob([pdf], { type: 'application/pdf' });
 */
export function buildReportPdf(deps: ReportPdfDeps, report: CompanyReport, options: ReportPdfOptions): ArrayBuffer {
  const doc = new deps.jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(REPORT_FONT_FILE, deps.fontBase64);
  doc.addFont(REPORT_FONT_FILE, REPORT_FONT_NAME, 'normal');
  doc.setFont(REPORT_FONT_NAME, 'normal');
  doc.setProperties({
    title: `${report.company.name} ${REPORT_TITLE}`,
    subject: REPORT_TITLE,
    author: PLATFORM_NAME,
    creator: `${PLATFORM_NAME} ${options.version ?? REPORT_VERSION}`,
  });
  const canvas = new PdfCanvas(doc, REPORT_FONT_NAME);

  drawCover(canvas, report, { generatedAt: options.generatedAt, version: options.version ?? REPORT_VERSION });
  canvas.newPage();
  HISTORY_MODULE_ORDER.forEach((path, index) => {
    drawHistoryModule(canvas, numberedTitle(index + 1, REPORT_MODULE_TITLES[path]), historyModuleSpec(report, path));
  });
  // The valuation itself starts on a page of its own; its grid is the section after it, not drawn twice.
  canvas.newPage();
  drawPriceAgainstValue(canvas, report);
  let number = HISTORY_MODULE_ORDER.length + 1;
  const dcfTitle = numberedTitle(number++, REPORT_MODULE_TITLES['fcf-valuation']);
  if (report.model) drawModelValuation(canvas, dcfTitle, modelValuationSpec(report.model, report.company.name));
  else drawDcf(canvas, dcfTitle, { ...fcfValuationSpec(report.dcf, report.dcfError), sensitivity: null });
  drawSensitivitySection(
    canvas,
    numberedTitle(number++, REPORT_MODULE_TITLES.sensitivity),
    sensitivitySectionSpec(report),
  );
  for (const path of MODULES_AFTER_VALUATION) {
    drawHistoryModule(canvas, numberedTitle(number++, REPORT_MODULE_TITLES[path]), historyModuleSpec(report, path));
  }
  drawNotes(canvas, numberedTitle(number, '数据来源与说明'), report);
  drawPageFurniture(canvas, report);
  return doc.output('arraybuffer');
}
