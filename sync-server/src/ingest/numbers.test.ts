import { describe, expect, it } from 'vitest';
import { parseCellValue } from './numbers.ts';

describe('parseCellValue', () => {
  it.each([
    ['765275', 765275],
    ['-655', -655],
    ['1,234,567.89', 1234567.89],
    [' 12 345 ', 12345],
    ['(123)', -123],
    ['（1,234.5）', -1234.5],
    ['26.43%', 26.43],
    ['1.5e3', 1500],
    ['+7', 7],
  ])('reads %s as %d', (raw, value) => {
    expect(parseCellValue(raw)).toEqual({ kind: 'number', value });
  });

  it.each(['', '--', ' -- ', '-', '—', 'N/A', 'n/a', 'null'])('reads %j as missing', (raw) => {
    expect(parseCellValue(raw)).toEqual({ kind: 'missing' });
  });

  it.each(['见附注', '12元', '1.2.3', '()', 'abc'])('reads %j as invalid', (raw) => {
    expect(parseCellValue(raw)).toEqual({ kind: 'invalid' });
  });
});
