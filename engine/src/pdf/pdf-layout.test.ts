import { describe, expect, it } from 'vitest';
import { formatAmount } from '../report/format.ts';
import { PAGE, PdfCanvas } from './pdf-canvas.ts';
import { drawTable } from './pdf-tables.ts';
import { readPdfTables } from './testing/read-tables.ts';
import { RecordingDoc } from './testing/recording-doc.ts';

describe('page layout', () => {
  it('wraps Chinese anywhere but keeps Latin words whole', () => {
    const canvas = new PdfCanvas(new RecordingDoc(), 'wqy');
    const lines = canvas.wrap('自由现金流 = NOPAT + 非现金成本 − 营运资本变动 − 资本开支', 10, 30);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(canvas.textWidth(line, 10)).toBeLessThanOrEqual(30);
    expect(lines.some((line) => line.includes('NOPAT'))).toBe(true);
  });

  it('breaks a long table across pages, repeating the header and never writing below the content area', () => {
    const doc = new RecordingDoc();
    const canvas = new PdfCanvas(doc, 'wqy');
    drawTable(canvas, {
      caption: '长表',
      columns: [{ weight: 2, align: 'left' }, { weight: 1 }],
      header: ['项目', '数值'],
      rows: Array.from({ length: 90 }, (_, index) => ({ cells: [`第${index + 1}行`, formatAmount(index)] })),
    });
    const pages = doc.pageTexts();
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const page of pages) {
      expect(page.filter((entry) => entry.text === '项目')).toHaveLength(1);
      for (const entry of page) expect(entry.y).toBeLessThanOrEqual(PAGE.bottom);
    }
    // Read back as one table: the repeated headers are not rows.
    const [table, ...others] = readPdfTables(doc.ops);
    expect(others).toHaveLength(0);
    expect(table?.caption).toBe('长表');
    expect(table?.header).toEqual(['项目', '数值']);
    expect(table?.rows).toEqual(Array.from({ length: 90 }, (_, index) => [`第${index + 1}行`, formatAmount(index)]));
  });
});
