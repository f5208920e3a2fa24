import { describe, expect, it } from 'vitest';
import { namePinyin } from './company-pinyin.ts';

describe('company name pinyin', () => {
  it('full pinyin and initials, the reading in context first and a brand’s other reading too', () => {
    expect(namePinyin('美的集团')).toEqual({ pinyin: 'meidejituan meidijituan', initials: 'mdjt' });
    expect(namePinyin('格力电器')).toEqual({ pinyin: 'gelidianqi', initials: 'gldq' });
    expect(namePinyin('重庆啤酒').pinyin.split(' ')[0]).toBe('chongqingpijiu');
    expect(namePinyin('绿景控股').initials.split(' ')[0]).toBe('ljkg');
  });

  it('Latin runs are kept whole, marks dropped', () => {
    expect(namePinyin('*ST康美')).toEqual({ pinyin: 'stkangmei', initials: 'stkm' });
    expect(namePinyin('TCL科技').initials).toBe('tclkj');
  });

  it('every name of the whole market gets initials', async () => {
    const { readFileSync } = await import('node:fs');
    const text = new TextDecoder('gb18030').decode(
      readFileSync(new URL('../../../fixtures/market/fullStockList.csv', import.meta.url)),
    );
    const names = text
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[1] ?? '')
      .filter((name) => name !== '');
    expect(names.length).toBeGreaterThan(3900);
    const missing = names.filter((name) => namePinyin(name).initials === '');
    expect(missing).toEqual([]);
  });
});
