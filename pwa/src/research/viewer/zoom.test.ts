import { describe, expect, it } from 'vitest';
import { dispositionName } from '../../api/research-api.ts';
import { parseReportId } from './PdfViewerPage.tsx';
import { clampScale, fitWidthScale, MAX_AUTO_SCALE, MAX_SCALE, MIN_SCALE, percent, zoomIn, zoomOut } from './zoom.ts';

describe('zoom', () => {
  it('fits the page to the width, at most 125%', () => {
    expect(fitWidthScale(390, 595.28)).toBeCloseTo((390 - 16) / 595.28, 6);
    expect(fitWidthScale(1366, 595.28)).toBe(MAX_AUTO_SCALE);
    expect(fitWidthScale(0, 595.28)).toBe(1);
    expect(fitWidthScale(800, 0)).toBe(1);
    expect(fitWidthScale(20, 595.28)).toBe(MIN_SCALE);
  });

  it('steps by 20% within 25%…400%', () => {
    expect(zoomIn(1)).toBe(1.2);
    expect(zoomOut(1.2)).toBe(1);
    expect(zoomIn(MAX_SCALE)).toBe(MAX_SCALE);
    expect(zoomOut(MIN_SCALE)).toBe(MIN_SCALE);
    expect(clampScale(Number.NaN)).toBe(1);
    expect(percent(0.628)).toBe('63%');
  });
});

describe('the viewer address', () => {
  it.each([
    ['12', 12],
    ['0', null],
    ['-3', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [null, null],
    ['99999999999999999999', null],
  ])('id %j → %j', (raw, id) => {
    expect(parseReportId(raw)).toBe(id);
  });
});

describe('dispositionName', () => {
  it('reads the UTF-8 name, else the plain one', () => {
    expect(dispositionName(`inline; filename="research-7.pdf"; filename*=UTF-8''%E5%AE%B6%E7%94%B5%281%29.pdf`)).toBe(
      '家电(1).pdf',
    );
    expect(dispositionName('attachment; filename="a b.pdf"')).toBe('a b.pdf');
    expect(dispositionName(`inline; filename="x.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe('x.pdf');
    expect(dispositionName(null)).toBeNull();
  });
});
