import { describe, expect, it } from 'vitest';
import { locateTable } from './layout.ts';

describe('locateTable', () => {
  it("reads items in rows under title rows, skipping quarterly columns, with each cell's sheet row", () => {
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
            { year: 2019, raw: '2782', line: 4 },
            { year: 2018, raw: '2597', line: 4 },
          ],
        },
        {
          label: '净利润',
          cells: [
            { year: 2019, raw: '253', line: 6 },
            { year: 2018, raw: '216', line: 6 },
          ],
        },
      ],
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
            { year: 2019, raw: '100', line: 3 },
            { year: 2018, raw: '90', line: 5 },
          ],
        },
        {
          label: '净利润',
          cells: [
            { year: 2019, raw: '10', line: 3 },
            { year: 2018, raw: '9', line: 5 },
          ],
        },
      ],
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

  it('finds no table without an annual period', () => {
    expect(
      locateTable([
        ['项目', '本期'],
        ['营业收入', '1'],
      ]),
    ).toBeUndefined();
    expect(
      locateTable([
        ['报告日期', '2019-06-30'],
        ['营业收入', '1'],
      ]),
    ).toBeUndefined();
    expect(locateTable([])).toBeUndefined();
  });
});
