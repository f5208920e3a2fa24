import { describe, expect, it } from 'vitest';
import { normalizeStockCode } from './stock-code.ts';

describe('normalizeStockCode', () => {
  it('pads a code that lost its leading zeros to six digits and keeps a whole one', () => {
    expect(normalizeStockCode('333')).toBe('000333');
    expect(normalizeStockCode('600690')).toBe('600690');
  });

  it('answers null for what is not a code', () => {
    for (const text of ['', '美的集团', '6006900', ' 333', '33a', '-1']) expect(normalizeStockCode(text)).toBeNull();
  });
});
