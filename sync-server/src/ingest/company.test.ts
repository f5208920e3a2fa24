import { describe, expect, it } from 'vitest';
import { resolveCompany } from './company.ts';
import { fixtureDirectory } from './testing/ingest-fixtures.ts';

const directory = fixtureDirectory();
const MIDEA = { code: '000333', name: '美的集团' };

describe('resolveCompany', () => {
  it.each([
    'lrb000333.csv',
    '000333.csv',
    '000333 美的集团.xlsx',
    '000333.SZ_利润表.xlsx',
    'lrb333.csv',
    '333.csv',
    '美的集团2019年报.xlsx',
    'uploads/美的集团 资产负债表.xls',
  ])('finds 美的集团 in the file name %s', (filename) => {
    expect(resolveCompany(filename, [], directory)).toEqual(MIDEA);
  });

  it('prefers the longest name the file name contains: 东方通信 holds 东方通', () => {
    expect(resolveCompany('东方通信 利润表.xlsx', [], directory)).toEqual({ code: '600776', name: '东方通信' });
    expect(resolveCompany('东方通 利润表.xlsx', [], directory)).toEqual({ code: '300379', name: '东方通' });
  });

  it.each([
    [[['公司名称：美的集团']]],
    [[['公司名称', '', '美的集团']]],
    [[['股票代码：000333']]],
    [[['证券代码 333']]],
    [[['股票代码', '333']]],
    [[['美的集团 利润表']]],
    [[['美的集团(000333) 利润表']]],
  ])('finds 美的集团 in the title rows %j', (titleRows) => {
    expect(resolveCompany('利润表.xlsx', titleRows, directory)).toEqual(MIDEA);
  });

  it('does not read a year or a date in the file name as a code', () => {
    expect(resolveCompany('利润表_20191231.csv', [], directory)).toBeUndefined();
    expect(resolveCompany('2019.csv', [], directory)).toEqual({ code: '002019', name: '亿帆医药' });
  });

  it('keeps a code the directory does not know, named by the file or by itself', () => {
    expect(resolveCompany('688999 新公司.xlsx', [], directory)).toEqual({ code: '688999', name: '新公司' });
    expect(resolveCompany('688999.xlsx', [['公司名称：新公司']], directory)).toEqual({
      code: '688999',
      name: '新公司',
    });
    expect(resolveCompany('lrb688999.csv', [], directory)).toEqual({ code: '688999', name: '688999' });
  });

  it('cannot identify a company from nothing', () => {
    expect(resolveCompany('利润表.csv', [['单位：万元']], directory)).toBeUndefined();
    expect(resolveCompany('利润表.csv', [['公司名称：不存在的公司']], directory)).toBeUndefined();
  });
});
