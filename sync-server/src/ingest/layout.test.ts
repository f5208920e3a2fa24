import { describe, expect, it } from 'vitest';
import { locateTable } from './layout.ts';

describe('locateTable', () => {
  it("reads items in rows under title rows, quarterly columns as interim reports, with each cell's sheet row", () => {
    const table = locateTable([
      ['美的集团 利润表'],
      ['单位：亿元'],
      ['项目', '2019-12-31', '2019-09-30', '2018-12-31'],
      ['营业收入', '2782', '2070', '2597'],
      ['', '', '', ''],
      ['净利润', '253', '', '216'],
    ]);
    expect(table).toEqual({
      orientation: 'items-in-rows',
      titleRows: [['美的集团 利润表'], ['单位：亿元']],
      headerRow: ['项目', '2019-12-31', '2019-09-30', '2018-12-31'],
      series: [
        {
          label: '营业收入',
          cells: [
            { year: 2019, period: 'FY', raw: '2782', line: 4 },
            { year: 2019, period: 'Q3', raw: '2070', line: 4 },
            { year: 2018, period: 'FY', raw: '2597', line: 4 },
          ],
        },
        {
          label: '净利润',
          cells: [
            { year: 2019, period: 'FY', raw: '253', line: 6 },
            { year: 2019, period: 'Q3', raw: '', line: 6 },
            { year: 2018, period: 'FY', raw: '216', line: 6 },
          ],
        },
      ],
      zeroIsMissing: false,
    });
  });

  it('takes item names from the most labelled column left of the periods, not a 行次 column', () => {
    const table = locateTable([
      ['项目', '行次', '2019年', '2018年'],
      ['营业收入', '1', '10', '9'],
      ['营业成本', '2', '6', '5'],
    ]);
    expect(table?.series.map(({ label }) => label)).toEqual(['营业收入', '营业成本']);
  });

  it('reads items in columns with years down the first column', () => {
    const table = locateTable([
      ['单位：万元'],
      ['年度', '营业收入', '净利润'],
      ['2019', '100', '10'],
      ['2019Q3', '70', '7'],
      ['2018', '90', '9'],
    ]);
    expect(table).toEqual({
      orientation: 'items-in-columns',
      titleRows: [['单位：万元']],
      headerRow: ['年度', '营业收入', '净利润'],
      series: [
        {
          label: '营业收入',
          cells: [
            { year: 2019, period: 'FY', raw: '100', line: 3 },
            { year: 2019, period: 'Q3', raw: '70', line: 4 },
            { year: 2018, period: 'FY', raw: '90', line: 5 },
          ],
        },
        {
          label: '净利润',
          cells: [
            { year: 2019, period: 'FY', raw: '10', line: 3 },
            { year: 2019, period: 'Q3', raw: '7', line: 4 },
            { year: 2018, period: 'FY', raw: '9', line: 5 },
          ],
        },
      ],
      zeroIsMissing: false,
    });
  });

  it('tells a single year apart by where it sits', () => {
    expect(
      locateTable([
        ['报告日期', '2019'],
        ['营业收入', '1'],
      ])?.orientation,
    ).toBe('items-in-rows');
    expect(
      locateTable([
        ['年份', '营业收入'],
        ['2019', '1'],
      ])?.orientation,
    ).toBe('items-in-columns');
  });

  it('finds no table without a report period', () => {
    expect(
      locateTable([
        ['项目', '本期'],
        ['营业收入', '1'],
      ]),
    ).toBeUndefined();
    expect(
      locateTable([
        ['报告日期', '2020E', '2019年第三季度'],
        ['营业收入', '1', '2'],
      ]),
    ).toBeUndefined();
    expect(locateTable([])).toBeUndefined();
  });

  it('reads a table of interim reports only', () => {
    expect(
      locateTable([
        ['报告日期', '2019-06-30'],
        ['营业收入', '1'],
      ])?.series[0]?.cells,
    ).toEqual([{ year: 2019, period: 'H1', raw: '1', line: 2 }]);
  });

  it('refuses a report period named twice, saying where', () => {
    expect(() =>
      locateTable([
        ['报告日期', '2022-09-30', '2022年1-9月'],
        ['营业收入', '1', '2'],
      ]),
    ).toThrow('报告期重复：“2022-09-30”出现在第 B 列与第 C 列');
    expect(() =>
      locateTable([
        ['年度', '营业收入'],
        ['2022', '1'],
        ['2022年度', '2'],
      ]),
    ).toThrow('出现在第 2 行与第 3 行');
  });

  it('marks the Sina layout, whose zeros mean not reported', () => {
    const table = locateTable([
      ['报表日期', '2022-03-31', '2022-06-30'],
      ['营业收入', '0.0', '5'],
    ]);
    expect(table?.zeroIsMissing).toBe(true);
  });
});
