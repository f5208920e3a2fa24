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
  ])('reads %s as the 2019 annual report', (cell) => {
    expect(parsePeriod(cell)).toEqual({ year: 2019, annual: true });
  });

  it.each(['2019-09-30', '2019/6/30', '20190331', '2019Q3', '2019年三季报', '2019中报', '2020E'])(
    'reads %s as a period that is not an annual report',
    (cell) => {
      expect(parsePeriod(cell)?.annual).toBe(false);
    },
  );

  it.each(['', '报告日期', '765275', '2019-13-31', '2019-12-32', '1850', '2019年营业收入', '43830'])(
    'does not read %s as a period',
    (cell) => {
      expect(parsePeriod(cell)).toBeUndefined();
    },
  );
});
