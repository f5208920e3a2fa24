import { describe, expect, it } from 'vitest';
import { resolveCompany } from './company.ts';
import { parseCellValue } from './numbers.ts';
import { fixtureDirectory } from './testing/ingest-fixtures.ts';
import { findHeaderUnit, splitLabelUnit } from './units.ts';

/**
 * Cells of an uploaded file are request input: the patterns that read them must cost time linear in a
 * cell's length. Each case below took quadratic or cubic time before (hours for these lengths); there is no
 * timing assertion, the test's timeout is the bound.
 */
const RUN = 200_000;
const spaces = ' '.repeat(RUN);

describe('ingest patterns on hostile cells', () => {
  it('item labels: a bracket followed by a long run of spaces', () => {
    expect(splitLabelUnit(`(${spaces}x`).unit).toBeUndefined();
    expect(splitLabelUnit(`营业收入(万${spaces}x`).unit).toBeUndefined();
    expect(splitLabelUnit(`营业收入(单位:${spaces}人民币${spaces}x`).unit).toBeUndefined();
    expect(splitLabelUnit(`营业收入( 单位：人民币 万元 ) `)).toEqual({ name: '营业收入', unit: '万元' });
  });

  it('header cells: 单位 followed by a long run of spaces', () => {
    expect(findHeaderUnit([[`单位${spaces}x`], [`单位：${spaces}人民币${spaces}x`]])).toBeUndefined();
    expect(findHeaderUnit([['金额单位： 人民币 万元']])).toBe('万元');
  });

  it('numbers: a long run of digits that is not a number', () => {
    expect(parseCellValue(`${'1'.repeat(RUN)}x`)).toEqual({ kind: 'invalid' });
    expect(parseCellValue(`${'1'.repeat(RUN)}.${'2'.repeat(RUN)}x`)).toEqual({ kind: 'invalid' });
    expect(parseCellValue('12.')).toEqual({ kind: 'number', value: 12 });
    expect(parseCellValue('-1.5e3')).toEqual({ kind: 'number', value: -1500 });
  });

  it('title cells: a code or name key followed by a long run of spaces', () => {
    const directory = fixtureDirectory();
    expect(resolveCompany('报表.csv', [[`股票代码${spaces}x`], [`公司名称${spaces}`]], directory)).toBeUndefined();
    expect(resolveCompany('报表.csv', [['股票代码 ： 000333']], directory)).toEqual({
      code: '000333',
      name: '美的集团',
    });
  });
});
