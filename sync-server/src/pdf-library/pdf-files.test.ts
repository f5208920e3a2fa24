import { describe, expect, it } from 'vitest';
import { isPdfBytes, PDF_LIMITS, servedName, sha256Hex, storedPdfName, uniqueName } from './pdf-files.ts';
import { contentDisposition, parseRange } from './pdf-response.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('isPdfBytes', () => {
  it('accepts the %PDF- signature with a version, at the start or within the first 1024 bytes', () => {
    expect(isPdfBytes(bytes('%PDF-1.7\n%âãÏÓ\n'))).toBe(true);
    expect(isPdfBytes(bytes('%PDF-2.0'))).toBe(true);
    expect(isPdfBytes(bytes(`${' '.repeat(1000)}%PDF-1.4\n`))).toBe(true);
  });

  it('refuses other content, whatever the file is called', () => {
    expect(isPdfBytes(bytes('hello'))).toBe(false);
    expect(isPdfBytes(bytes(''))).toBe(false);
    expect(isPdfBytes(bytes('%PDF-'))).toBe(false);
    expect(isPdfBytes(bytes('%PDF-x.y'))).toBe(false);
    expect(isPdfBytes(bytes('PK\u0003\u0004 a zip renamed to .pdf'))).toBe(false);
    expect(isPdfBytes(bytes(`${' '.repeat(PDF_LIMITS.headerWindow)}%PDF-1.4\n`))).toBe(false);
  });
});

describe('storedPdfName', () => {
  it.each([
    ['家电行业2024年度研究报告.pdf', '家电行业2024年度研究报告.pdf'],
    ['report.PDF', 'report.pdf'],
    ['report', 'report.pdf'],
    ['C:\\报告\\家电行业.pdf', '家电行业.pdf'],
    ['../../etc/passwd', 'passwd.pdf'],
    ['..', '未命名.pdf'],
    ['.hidden.pdf', 'hidden.pdf'],
    ['  a<b>:"c"|?*.pdf  ', 'a_b___c____.pdf'],
    ['line\nbreak\u0000.pdf', 'line_break_.pdf'],
    // A right-to-left override would list 'report\u202Egnp.pdf' as 'reportfdp.png'.
    ['report\u202Egnp.pdf', 'reportgnp.pdf'],
    ['\u2067年报\u2069\u200F.pdf', '年报.pdf'],
    ['', '未命名.pdf'],
  ])('%j → %j', (sent, stored) => {
    expect(storedPdfName(sent)).toBe(stored);
  });

  it('keeps at most 120 characters before .pdf', () => {
    const name = storedPdfName(`${'研'.repeat(300)}.pdf`);
    expect(name).toBe(`${'研'.repeat(PDF_LIMITS.maxNameLength)}.pdf`);
  });
});

describe('uniqueName', () => {
  it('numbers a taken name', () => {
    const taken = new Set(['a.pdf', 'a (2).pdf']);
    expect(uniqueName('b.pdf', (name) => taken.has(name))).toBe('b.pdf');
    expect(uniqueName('a.pdf', (name) => taken.has(name))).toBe('a (3).pdf');
  });
});

describe('servedName', () => {
  it.each([
    ['..%2F..%2Fpackage.json', null],
    ['%2Fetc%2Fpasswd', null],
    ['..', null],
    ['.hidden.pdf', null],
    ['a%5Cb.pdf', null],
    ['a%00.pdf', null],
    ['%E0%A4%A', null],
    ['', null],
    ['%E5%AE%B6%E7%94%B5.pdf', '家电.pdf'],
    ['report%20(2).pdf', 'report (2).pdf'],
  ])('%j → %j', (raw, name) => {
    expect(servedName(raw)).toBe(name);
  });
});

describe('sha256Hex', () => {
  it('is the hex SHA-256', () => {
    expect(sha256Hex(bytes('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, { kind: 'full' }],
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=900-5000', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'full' }],
    ['bytes=0-1,5-9', { kind: 'full' }],
    ['items=0-1', { kind: 'full' }],
    ['bytes=-', { kind: 'full' }],
  ])('%j of 1000 bytes → %j', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });
});

describe('contentDisposition', () => {
  it('gives the UTF-8 name and an ASCII stand-in', () => {
    expect(contentDisposition('家电(1).pdf', 7, 'inline')).toBe(
      `inline; filename="research-7.pdf"; filename*=UTF-8''%E5%AE%B6%E7%94%B5%281%29.pdf`,
    );
    expect(contentDisposition('report 2024.pdf', 3, 'attachment')).toBe(
      `attachment; filename="report 2024.pdf"; filename*=UTF-8''report%202024.pdf`,
    );
    expect(contentDisposition('a"b.pdf', 4, 'inline')).toContain('filename="research-4.pdf"');
  });
});
