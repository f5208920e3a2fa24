import { describe, expect, it } from 'vitest';
import { parsePeriod } from './periods.ts';

describe('parsePeriod', () => {
  it.each([
    '2019-12-31',
    '2019/12/31',
    '2019.12.31',
    '2019年12月31日',
    '20191231',
    '2019',
    '2019年',
    '2019A',
    '2019年报',
    '2019年度',
    ' 2019 ',
    '2019年1-12月',
    '2019Q4',
  ])('reads %s as the 2019 annual report', (cell) => {
    expect(parsePeriod(cell)).toEqual({ year: 2019, period: 'FY' });
  });

  it.each([
    ['2019-09-30', 'Q3'],
    ['2019/6/30', 'H1'],
    ['20190331', 'Q1'],
    ['2019Q3', 'Q3'],
    ['2019Q2', 'H1'],
    ['2019年三季报', 'Q3'],
    ['2019中报', 'H1'],
    ['2019半年报', 'H1'],
    ['2019年一季报', 'Q1'],
    ['2019H1', 'H1'],
    ['2019年1-9月', 'Q3'],
    ['2019年1-3月', 'Q1'],
    ['2019年01-06月', 'H1'],
  ])('reads %s as the year-to-date report %s', (cell, period) => {
    expect(parsePeriod(cell)).toEqual({ year: 2019, period });
  });

  it.each(['2020E', '2019-10-31', '2019年第三季度', '2019H2', '2019年1-8月'])(
    'recognises %s as a period no report is read from',
    (cell) => {
      expect(parsePeriod(cell)?.period).toBeNull();
    },
  );

  it.each(['', '报告日期', '765275', '2019-13-31', '2019-12-32', '1850', '2019年营业收入', '43830'])(
    'does not read %s as a period',
    (cell) => {
      expect(parsePeriod(cell)).toBeUndefined();
    },
  );
});
