import { describe, expect, it } from 'vitest';
import { findHeaderUnit, shareUnitFor, splitLabelUnit, toYi, toYiGu } from './units.ts';

describe('splitLabelUnit', () => {
  it.each([
    ['营业收入(万元)', '营业收入', '万元'],
    ['营业收入（元）', '营业收入', '元'],
    ['营业收入(单位：亿元)', '营业收入', '亿元'],
    ['向中央银行借款净增加额(万元', '向中央银行借款净增加额', '万元'],
    ['基本每股收益(元/股)', '基本每股收益', '元/股'],
    ['净资产收益率加权(%)', '净资产收益率加权', '%'],
    ['实收资本(或股本)(百万元)', '实收资本(或股本)', '百万元'],
    ['实收资本(或股本)', '实收资本(或股本)', undefined],
    ['营业收入', '营业收入', undefined],
    ['总股本(股)', '总股本', '股'],
    ['期末总股本（万股）', '期末总股本', '万股'],
    ['总股本(亿股)', '总股本', '亿股'],
  ])('%s → %s in %s', (label, name, unit) => {
    expect(splitLabelUnit(label)).toEqual({ name, unit });
  });
});

describe('findHeaderUnit', () => {
  it('finds the unit stated in any title or header cell', () => {
    expect(findHeaderUnit([['美的集团 利润表'], ['', '单位：亿元']])).toBe('亿元');
    expect(findHeaderUnit([['金额单位:人民币万元']])).toBe('万元');
    expect(findHeaderUnit([['项目（单位：百万元）']])).toBe('百万元');
    expect(findHeaderUnit([['报告日期', '2019-12-31']])).toBeUndefined();
  });
});

describe('toYi', () => {
  it('converts each unit to 亿元 without binary noise', () => {
    expect(toYi(765275, '万元')).toBe(76.5275);
    expect(toYi(826990000, '元')).toBe(8.2699);
    expect(toYi(7652750, '千元')).toBe(76.5275);
    expect(toYi(7652.75, '百万元')).toBe(76.5275);
    expect(toYi(76.5275, '亿元')).toBe(76.5275);
  });
});

describe('share counts', () => {
  it('convert to 亿股 by the label’s unit, else by the sheet’s amount scale', () => {
    expect(toYiGu(14677880280, '股')).toBe(146.7788028);
    expect(toYiGu(1467788.028, '万股')).toBe(146.7788028);
    expect(shareUnitFor('万股', '元')).toBe('万股');
    expect(shareUnitFor(undefined, '万元')).toBe('万股');
    expect(shareUnitFor(undefined, undefined)).toBeUndefined();
    expect(shareUnitFor('万元', undefined)).toBeUndefined();
  });
});
