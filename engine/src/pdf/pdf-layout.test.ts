import { describe, expect, it } from 'vitest';
import { formatTick, niceAxis } from './pdf-axis.ts';
import { PAGE, PdfCanvas } from './pdf-canvas.ts';
import type { JsPdfDocument } from './pdf-doc.ts';
import { beijingParts, formatAmount, formatGeneratedAt, formatPercent, formatTimes } from './pdf-format.ts';
import { drawTable } from './pdf-tables.ts';

/** A jsPDF stand-in that records the text drawn on each page; glyphs are 0.35 mm per pt wide. */
class RecordingDoc implements JsPdfDocument {
  pages: { text: string; x: number; y: number }[][] = [[]];
  current = 0;
  size = 10;
  addFileToVFS() {}
  addFont() {}
  setFont() {}
  setFontSize(size: number) {
    this.size = size;
  }
  setTextColor() {}
  setDrawColor() {}
  setFillColor() {}
  setLineWidth() {}
  setLineDashPattern() {}
  getTextWidth(text: string) {
    return [...text].length * this.size * 0.35;
  }
  text(text: string, x: number, y: number) {
    this.pages[this.current]?.push({ text, x, y });
  }
  line() {}
  rect() {}
  circle() {}
  addPage() {
    this.pages.push([]);
    this.current = this.pages.length - 1;
  }
  setPage(page: number) {
    this.current = page - 1;
  }
  getNumberOfPages() {
    return this.pages.length;
  }
  setProperties() {}
  output(): ArrayBuffer {
    return new ArrayBuffer(0);
  }
}

describe('report number formats', () => {
  it('formats amounts, percents and multiples as the web report does', () => {
    expect(formatAmount(12345.678)).toBe('12,345.68');
    expect(formatAmount(null)).toBe('-');
    expect(formatPercent(0.0523)).toBe('5.23%');
    expect(formatPercent(Number.NaN)).toBe('-');
    expect(formatTimes(1.5)).toBe('1.50倍');
  });

  it('prints the generation time in Beijing time whatever the machine’s zone', () => {
    expect(formatGeneratedAt(new Date('2026-01-31T18:04:05Z'))).toBe('2026-02-01 02:04:05（北京时间）');
    expect(beijingParts(new Date('2026-06-30T23:59:59+08:00')).hour).toBe('23');
  });
});

describe('chart axes', () => {
  it('starts all-positive data at 0 and keeps an 8% margin above it', () => {
    const axis = niceAxis([51.2, 64, 80, 100]);
    expect(axis.min).toBe(0);
    expect(axis.max).toBeGreaterThanOrEqual(108);
    expect(axis.ticks[0]).toBe(0);
    expect(axis.ticks.at(-1)).toBe(axis.max);
    expect(axis.ticks.length).toBeGreaterThanOrEqual(4);
    expect(axis.ticks.length).toBeLessThanOrEqual(7);
  });

  it('spans negative values with a margin below, and 0 to 100 when there is nothing', () => {
    const axis = niceAxis([-3, 2, null]);
    expect(axis.min).toBeLessThanOrEqual(-3.4);
    expect(axis.max).toBeGreaterThanOrEqual(2.4);
    expect(axis.ticks).toContain(0);
    expect(niceAxis([null, Number.NaN])).toMatchObject({ min: 0, max: 100 });
    expect(niceAxis([0, 0]).max).toBeGreaterThan(0);
  });

  it('labels ticks with the decimals the step needs', () => {
    expect(formatTick(0.05, 0.05, 'percent')).toBe('5%');
    expect(formatTick(0.025, 0.005, 'percent')).toBe('2.5%');
    expect(formatTick(1000, 500, 'amount')).toBe('1,000');
    expect(formatTick(0.5, 0.25, 'times')).toBe('0.50');
  });
});

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
      columns: [{ weight: 2, align: 'left' }, { weight: 1 }],
      header: ['项目', '数值'],
      rows: Array.from({ length: 90 }, (_, index) => ({ cells: [`第${index + 1}行`, formatAmount(index)] })),
    });
    expect(doc.pages.length).toBeGreaterThanOrEqual(3);
    for (const page of doc.pages) {
      expect(page.filter((entry) => entry.text === '项目')).toHaveLength(1);
      for (const entry of page) expect(entry.y).toBeLessThanOrEqual(PAGE.bottom);
    }
    const rows = doc.pages.flat().filter((entry) => entry.text.startsWith('第'));
    expect(rows.map((entry) => entry.text)).toEqual(Array.from({ length: 90 }, (_, index) => `第${index + 1}行`));
  });
});
