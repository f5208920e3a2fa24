import { describe, expect, it } from 'vitest';
import { INGEST_ERRORS, mixedUnitsMessage } from './errors.ts';
import { INGEST_LIMITS } from './limits.ts';
import { type IngestOutcome, parseStatementFile } from './parse-statement-file.ts';
import { fixtureDirectory, gbkBytes, utf8Bytes, workbookBytes } from './testing/ingest-fixtures.ts';

function parse(filename: string, bytes: Uint8Array) {
  const outcome = parseStatementFile(filename, bytes, fixtureDirectory());
  if (!outcome.ok) throw new Error(`${filename}: ${outcome.error}`);
  return outcome.file;
}

function refusal(outcome: IngestOutcome): string {
  if (outcome.ok) throw new Error(`${outcome.file.filename} was accepted`);
  return outcome.error;
}

function refuse(filename: string, bytes: Uint8Array): string {
  return refusal(parseStatementFile(filename, bytes, fixtureDirectory()));
}

describe('Excel workbooks', () => {
  it('reads items in rows under title rows, a 单位 header cell, date-typed periods, the quarter as an interim report', () => {
    const bytes = workbookBytes([
      {
        name: 'Sheet1',
        rows: [
          ['美的集团 利润表'],
          ['单位：亿元'],
          ['项目', new Date(2019, 11, 31), new Date(2019, 8, 30), new Date(2018, 11, 31)],
          ['一、营业总收入', 2793.81, 2080.15, 2618.2],
          ['其中：营业收入', 2782.16, 2070.2, 2596.65],
          ['加：投资收益', '(1.5)', 1, 9.07],
          ['基本每股收益（元/股）', 3.6, 2.91, 3.08],
          ['营业收入增长率', '6.7%', '', ''],
        ],
      },
    ]);
    const file = parse('statement.xlsx', bytes);
    expect(file.company).toEqual({ code: '000333', name: '美的集团' });
    expect(file.reports).toEqual([
      {
        reportType: 'income_statement',
        interims: {
          '2019-09-30': {
            total_operating_revenue: 2080.15,
            operating_revenue: 2070.2,
            investment_income: 1,
            eps_basic: 2.91,
          },
        },
        years: {
          2018: {
            total_operating_revenue: 2618.2,
            operating_revenue: 2596.65,
            investment_income: 9.07,
            eps_basic: 3.08,
          },
          2019: {
            total_operating_revenue: 2793.81,
            operating_revenue: 2782.16,
            investment_income: -1.5,
            eps_basic: 3.6,
          },
        },
      },
    ]);
    expect(file.unrecognised).toEqual(['营业收入增长率']);
  });

  it('reads items in columns with years down the first column, as numbers and as 2019年', () => {
    const bytes = workbookBytes([
      {
        name: 'Sheet1',
        rows: [
          ['年份', '营业收入(万元)', '净利润(万元)', '货币资金(万元)'],
          [2019, 765275, 93988, 66369],
          ['2018年', 668560, 89971, 37402],
        ],
      },
    ]);
    const file = parse('600298 安琪酵母.xlsx', bytes);
    expect(file.company).toEqual({ code: '600298', name: '安琪酵母' });
    expect(file.reports).toEqual([
      {
        reportType: 'income_statement',
        years: {
          2018: { operating_revenue: 66.856, net_profit: 8.9971 },
          2019: { operating_revenue: 76.5275, net_profit: 9.3988 },
        },
      },
    ]);
    // 货币资金 is a balance-sheet item: on a sheet read as an income statement it is reported, not guessed.
    expect(file.unrecognised).toEqual(['货币资金(万元)']);
  });

  it('reads one report per sheet: 利润表 and 资产负债表 in one workbook', () => {
    const header = ['报告日期', '2019-12-31', '2018-12-31'];
    const bytes = workbookBytes([
      { name: '利润表', rows: [['单位：万元'], header, ['营业收入', 765275, 668560]] },
      { name: '资产负债表', rows: [['单位：万元'], header, ['货币资金', 66369, 37402], ['存货', 199205, 186956]] },
      { name: '说明', rows: [['数据来源：公司年报']] },
    ]);
    const file = parse('安琪酵母.xlsx', bytes);
    expect(file.company.code).toBe('600298');
    expect(file.reports).toEqual([
      {
        reportType: 'income_statement',
        years: { 2018: { operating_revenue: 66.856 }, 2019: { operating_revenue: 76.5275 } },
      },
      {
        reportType: 'balance_sheet',
        years: { 2018: { cash: 3.7402, Inventories: 18.6956 }, 2019: { cash: 6.6369, Inventories: 19.9205 } },
      },
    ]);
  });

  it('reads a date cell formatted to show only its year as that fiscal year', () => {
    const bytes = workbookBytes([
      {
        name: '利润表',
        rows: [
          ['报告日期', new Date(2019, 0, 1)],
          ['营业收入(万元)', 765275],
        ],
        formats: { B1: 'yyyy"年"' },
      },
    ]);
    expect(parse('600298.xlsx', bytes).reports[0]?.years).toEqual({ 2019: { operating_revenue: 76.5275 } });
  });

  it('reads legacy .xls (BIFF8) workbooks', () => {
    const bytes = workbookBytes(
      [
        {
          name: '现金流量表',
          rows: [
            ['报告日期', '2019年报'],
            ['购建固定资产、无形资产和其他长期资产支付的现金(元)', 826990000],
          ],
        },
      ],
      'biff8',
    );
    const file = parse('xjllb600298.xls', bytes);
    expect(file.reports).toEqual([
      { reportType: 'cash_flow', years: { 2019: { Cash_Paid_For_Acquisition_Assets: 8.2699 } } },
    ]);
  });

  it('reads ".xls" downloads that are really GBK tab-separated text', () => {
    const bytes = gbkBytes('报告日期\t2019-12-31\r\n营业收入(万元)\t765275\r\n');
    expect(parse('lrb600298.xls', bytes).reports[0]?.years[2019]).toEqual({ operating_revenue: 76.5275 });
  });

  it('reads a 主要财务指标 sheet with ROE as a percentage-formatted cell', () => {
    const bytes = workbookBytes([
      {
        name: '主要财务指标',
        rows: [
          ['报告日期', '2019-12-31'],
          ['基本每股收益(元)', 3.6],
          ['主营业务收入(万元)', 27821602],
          ['净资产收益率加权', 0.2643],
        ],
        formats: { B4: '0.00%' },
      },
    ]);
    expect(parse('000333.xlsx', bytes).reports).toEqual([
      {
        reportType: 'financial_summary',
        years: { 2019: { eps_basic: 3.6, operating_revenue: 2782.1602, weighted_roe_percent: 26.43 } },
      },
    ]);
  });

  it('takes the company from a 公司名称 or 股票代码 cell, padding short codes', () => {
    const rows = (title: string) => [[title], ['单位：元'], ['报告日期', '2019'], ['营业收入', 100000000]];
    const byName = parse('利润表.xlsx', workbookBytes([{ name: 'Sheet1', rows: rows('公司名称：美的集团') }]));
    const byCode = parse('利润表.xlsx', workbookBytes([{ name: 'Sheet1', rows: rows('证券代码 333') }]));
    expect(byName.company).toEqual({ code: '000333', name: '美的集团' });
    expect(byCode.company).toEqual({ code: '000333', name: '美的集团' });
    expect(byCode.reports[0]?.years[2019]).toEqual({ operating_revenue: 1 });
  });
});

describe('CSV files', () => {
  it('decodes GBK and finds the company by a name in the file name', () => {
    const bytes = gbkBytes(
      '报告日期,2019-12-31,2019-09-30,\r\n营业收入(万元),"765,275",--,\r\n基本每股收益,1.09,0.8,\r\n',
    );
    const file = parse('安琪酵母 利润表.csv', bytes);
    expect(file.company).toEqual({ code: '600298', name: '安琪酵母' });
    expect(file.reports).toEqual([
      {
        reportType: 'income_statement',
        years: { 2019: { operating_revenue: 76.5275, eps_basic: 1.09 } },
        interims: { '2019-09-30': { eps_basic: 0.8 } },
      },
    ]);
  });

  it('reads UTF-8 without a BOM, 千元 and 百万元 labels and an unlisted code', () => {
    const text = '报告日期,2019-12-31\n营业收入(千元),7652750\n净利润（百万元）,939.88\n';
    const file = parse('lrb688999.csv', utf8Bytes(text));
    expect(file.company).toEqual({ code: '688999', name: '688999' });
    expect(file.reports[0]?.years[2019]).toEqual({ operating_revenue: 76.5275, net_profit: 9.3988 });
  });

  it('names an unlisted code by the rest of the file name', () => {
    const file = parse('688999 新公司 利润表.csv', utf8Bytes('报告日期,2019\n营业收入(亿元),1\n'));
    expect(file.company).toEqual({ code: '688999', name: '新公司' });
  });

  it('applies a unit on the label column header to the labels without one', () => {
    const text = '项目（万元）,2019年,2018年\n营业收入,765275,668560\n净利润(亿元),9.3988,8.9971\n';
    expect(parse('lrb600298.csv', utf8Bytes(text)).reports[0]?.years).toEqual({
      2018: { operating_revenue: 66.856, net_profit: 8.9971 },
      2019: { operating_revenue: 76.5275, net_profit: 9.3988 },
    });
  });

  it('treats a few stray notes as missing but refuses a file that is mostly not numbers', () => {
    const fewNotes = '报告日期,2019,2018,2017\n营业收入(万元),100,见附注,300\n';
    expect(parse('lrb600298.csv', utf8Bytes(fewNotes)).reports[0]?.years).toEqual({
      2017: { operating_revenue: 0.03 },
      2019: { operating_revenue: 0.01 },
    });
    const mostlyNotes = '报告日期,2019,2018,2017\n营业收入(万元),100,见附注,未披露\n';
    expect(refuse('lrb600298.csv', utf8Bytes(mostlyNotes))).toMatch(
      /^数据格式错误：.*“营业收入\(万元\)” 2018 年为“见附注”/,
    );
  });
});

describe('refusals', () => {
  const netEase = '报告日期,2019-12-31\n营业收入(万元),765275\n';

  it.each([
    ['empty file', 'lrb600298.csv', new Uint8Array(0), INGEST_ERRORS.empty],
    ['file of blank lines', 'lrb600298.csv', utf8Bytes('\uFEFF\n,,\n'), INGEST_ERRORS.empty],
    ['oversized file', 'lrb600298.csv', new Uint8Array(INGEST_LIMITS.fileBytes + 1), INGEST_ERRORS.tooLarge],
    ['other extension', 'lrb600298.pdf', utf8Bytes(netEase), INGEST_ERRORS.unsupportedType],
    ['no extension', 'lrb600298', utf8Bytes(netEase), INGEST_ERRORS.unsupportedType],
    ['corrupt xlsx', 'lrb600298.xlsx', Uint8Array.of(1, 2, 3, 4, 5, 0, 0, 9, 8, 7), INGEST_ERRORS.corruptWorkbook],
    ['binary .xls', 'lrb600298.xls', Uint8Array.of(0, 1, 2, 3, 0xff, 0xfe), INGEST_ERRORS.corruptWorkbook],
    ['no company', '利润表.csv', utf8Bytes(netEase), INGEST_ERRORS.unknownCompany],
    ['no years', 'lrb600298.csv', utf8Bytes('项目,本期\n营业收入(万元),765275\n'), INGEST_ERRORS.noAnnualPeriods],
    ['only forecasts', 'lrb600298.csv', utf8Bytes('报告日期,2020E\n营业收入(万元),5\n'), INGEST_ERRORS.noAnnualPeriods],
    [
      'nothing recognised',
      'lrb600298.csv',
      utf8Bytes('报告日期,2019\n员工人数,100\n'),
      INGEST_ERRORS.nothingRecognised,
    ],
    ['no unit', 'lrb600298.csv', utf8Bytes('报告日期,2019\n营业收入,765275\n'), INGEST_ERRORS.unknownUnit],
    ['only blanks', 'lrb600298.csv', utf8Bytes('报告日期,2019\n营业收入(万元),--\n'), INGEST_ERRORS.noValues],
  ])('%s', (_, filename, bytes, message) => {
    expect(refuse(filename, bytes)).toBe(message);
  });

  it('refuses a truncated xlsx', () => {
    const bytes = workbookBytes([
      {
        name: '利润表',
        rows: [
          ['报告日期', 2019],
          ['营业收入(万元)', 1],
        ],
      },
    ]);
    expect(refuse('lrb600298.xlsx', bytes.subarray(0, 400))).toBe(INGEST_ERRORS.corruptWorkbook);
  });

  it('refuses the whole workbook when one statement sheet lacks a unit', () => {
    const bytes = workbookBytes([
      {
        name: '利润表',
        rows: [
          ['报告日期', 2019],
          ['营业收入(万元)', 1],
        ],
      },
      {
        name: '资产负债表',
        rows: [
          ['报告日期', 2019],
          ['货币资金', 1],
        ],
      },
    ]);
    expect(refuse('600298.xlsx', bytes)).toBe(mixedUnitsMessage(['万元']));
  });
});
