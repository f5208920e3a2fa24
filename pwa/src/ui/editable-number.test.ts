import { describe, expect, it } from 'vitest';
import { editableText, parseEditableNumber, parseNumberText } from './editable-number.ts';

describe('parseNumberText', () => {
  it.each([
    ['10', 10],
    ['  7.5 ', 7.5],
    ['-3', -3],
    ['+2', 2],
    ['.5', 0.5],
    ['5.', 5],
    ['1,234.5', 1234.5],
    ['12%', 12],
    ['１２．５', 12.5],
    ['－４', -4],
    ['−2.5', -2.5],
    ['1e2', 100],
  ])('reads %j as %d', (text, expected) => {
    expect(parseNumberText(text)).toBe(expected);
  });

  it.each(['abc', '1.2.3', '12abc', '--1', '%', '.', '0x10', 'Infinity', 'NaN', '1e999', '1 2 a'])(
    'refuses %j',
    (text) => {
      expect(parseNumberText(text)).toBeNull();
    },
  );
});

describe('parseEditableNumber', () => {
  it('holds a typed percent as a fraction, rounded to what was typed', () => {
    expect(parseEditableNumber('7.1', true)).toBe(0.071);
    expect(parseEditableNumber('7.1%', true)).toBe(0.071);
    expect(parseEditableNumber('1.2', false)).toBe(1.2);
    expect(parseEditableNumber('七', true)).toBeNull();
  });
});

describe('editableText', () => {
  it('shows 2 to 4 decimals by default, without separators', () => {
    expect(editableText(1234.5)).toBe('1234.50');
    expect(editableText(6.125)).toBe('6.125');
    expect(editableText(0.0712345, { percent: true })).toBe('7.1235');
  });

  it('takes other decimal bounds, and never shows a negative zero', () => {
    expect(editableText(0.15, { percent: true, minDecimals: 0 })).toBe('15');
    expect(editableText(0.125, { percent: true, minDecimals: 0 })).toBe('12.5');
    expect(editableText(-0.000001, { percent: true, maxDecimals: 2 })).toBe('0.00');
    expect(editableText(-0.00000001, { minDecimals: 0 })).toBe('0');
  });
});
