/** @fcf/engine/pdf — the company report as a PDF (jspdf passed in), drawn the same in a browser and on the server. */

export * from './model-pdf.ts';
export * from './report-pdf.ts';
