import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { gbkBytes, utf8Bytes, workbookBytes } from '../testing/ingest-fixtures.ts';
import { type ParsedQuoteFile, parseQuoteFile, QUOTE_ERRORS } from './parse-quote-file.ts';

const TODAY = '2026-03-02';

function parsed(filename: string, bytes: Uint8Array, date?: string): ParsedQuoteFile {
  const outcome = parseQuoteFile(filename, bytes, { today: TODAY, date });
  if (!outcome.success) throw new Error(outcome.error);
  return outcome.file;
}

const SHARED_QUOTES = new URL('../../../../../shared/data/quotes/year-end-quotes.csv', import.meta.url);
const MARKET_QUOTES = new URL('../../../../../shared/data/quotes/market/', import.meta.url);
const SAMPLE_QUOTES = new URL('../../../../fixtures/quotes/sample-quotes.csv', import.meta.url);

describe('quote file layouts', () => {
  it('reads the year-end file (UTF-8, units in the headers, a date per row): every row, in 亿元 and 亿股', () => {
    const file = parsed('year-end-quotes.csv', readFileSync(SHARED_QUOTES));
    expect(file.refused).toEqual([]);
    expect(file.quotes).toHaveLength(30);
    const midea2024 = file.quotes.find((quote) => quote.code === '000333' && quote.date === '2024-12-31');
    expect(midea2024).toMatchObject({ price: 75.22, pe: null, pb: null, dividend_yield: null });
    expect(midea2024?.market_cap).toBeCloseTo(5758.8100151926, 10);
    expect(midea2024?.shares).toBeCloseTo(76.55955883, 10);
    expect(midea2024?.float_shares).toBeCloseTo(68.90705959, 10);
    expect(file.units).toBe(
      '总市值：元（表头注明）；流通市值：元（表头注明）；总股本：股（表头注明）；流通股本：股（表头注明）',
    );
  });

  it('the shipped sample snapshot is the year-end file at each sample company’s latest annual report date', () => {
    const file = parsed('sample-quotes.csv', readFileSync(SAMPLE_QUOTES));
    expect(file.refused).toEqual([]);
    expect(file.quotes.map((quote) => `${quote.code} ${quote.date} ${quote.price}`)).toEqual([
      '000333 2024-12-31 75.22',
      '000651 2024-12-31 45.45',
      '002027 2019-12-31 6.26',
      '002202 2019-12-31 11.95',
      '002352 2018-12-28 32.75',
      '600298 2019-12-31 30.67',
      '600340 2019-12-31 28.7',
    ]);
    // 分众传媒's share register, not its 股本 line (3.34 亿).
    expect(file.quotes[2]?.shares).toBeCloseTo(146.7788028, 8);
  });

  it('reads the whole market’s year-end files as they are (empty 流通 columns, up to 4,641 rows)', () => {
    const file = parsed('2022.csv', readFileSync(new URL('2022.csv', MARKET_QUOTES)));
    expect(file.refused).toEqual([]);
    expect(file.quotes).toHaveLength(4641);
    expect(new Set(file.quotes.map((quote) => quote.date))).toEqual(new Set(['2022-12-30']));
    const vanke = file.quotes.find((quote) => quote.code === '000002');
    expect(vanke).toMatchObject({ price: 18.2, float_market_cap: null, float_shares: null });
    expect(vanke?.market_cap).toBeCloseTo(2116.7120756418, 8);
    expect(vanke?.shares).toBeCloseTo(116.30537278, 8);
    // An empty column has no unit to report.
    expect(file.units).toBe('总市值：元（表头注明）；总股本：股（表头注明）');
  });

  it('a GBK export with prefixed and suffixed codes, 亿元 market values by header, 市盈率(动), 股息率 in percent', () => {
    const text = [
      '代码,名称,最新价,涨跌幅,总市值(亿),流通市值(亿),市盈率(动),市净率,股息率',
      'SZ000333,美的集团,75.22,1.2%,5758.81,5183.19,13.5,2.9,4.1%',
      '000651.SZ,格力电器,45.45,-0.3%,2545.84,2506.54,8.1,2.1,6.6',
      'sh600690,海尔智家,26.09,0.1%,2446.62,1631.41,12.4,2.2,--',
      '600298,安琪酵母,30.67,0,252.75,252.75,亏损,4.3,',
    ].join('\r\n');
    const file = parsed('沪深A股_20241231.csv', gbkBytes(text));
    expect(file.refused).toEqual([]);
    expect(file.quotes.map((quote) => quote.code)).toEqual(['000333', '000651', '600690', '600298']);
    expect(file.quotes.every((quote) => quote.date === '2024-12-31')).toBe(true);
    expect(file.quotes[0]).toMatchObject({ market_cap: 5758.81, pe: 13.5, pb: 2.9, dividend_yield: 0.041 });
    expect(file.quotes[1]?.dividend_yield).toBeCloseTo(0.066, 12);
    expect(file.quotes[2]?.dividend_yield).toBeNull();
    expect(file.quotes[3]?.pe).toBeNull();
    expect(file.units).toBe('总市值：亿元（表头注明）；流通市值：亿元（表头注明）');
  });

  it('market values in 元 without a unit are found by size; 总股本 in 股 checked against 总市值 ÷ price', () => {
    const text = [
      '证券代码\t证券简称\t收盘价\t总股本\t总市值',
      '000333.SZ\t美的集团\t75.22\t7655955883\t575881001519.26',
    ].join('\n');
    const file = parsed('quotes.csv', utf8Bytes(text), '2024-12-31');
    expect(file.quotes[0]?.market_cap).toBeCloseTo(5758.81, 2);
    expect(file.quotes[0]?.shares).toBeCloseTo(76.56, 2);
    expect(file.units).toBe('总市值：元（按数值大小判断）；总股本：股（按总市值 ÷ 价格核对）');
  });

  it('cells that carry their unit ("5758.81亿", "76.56亿") are read by it', () => {
    const text = ['代码,名称,现价,总市值,总股本', '000333,美的集团,75.22,5758.81亿,76.56亿'].join('\n');
    const [quote] = parsed('quotes.csv', utf8Bytes(text)).quotes;
    expect(quote?.market_cap).toBeCloseTo(5758.81, 8);
    expect(quote?.shares).toBeCloseTo(76.56, 8);
  });

  it('万元 and 万股 by size', () => {
    const text = ['代码,最新价,总市值,总股本', '000333,75.22,57588100,765596'].join('\n');
    const [quote] = parsed('q.csv', utf8Bytes(text)).quotes;
    expect(quote?.market_cap).toBeCloseTo(5758.81, 8);
    expect(quote?.shares).toBeCloseTo(76.5596, 8);
  });

  it('an xlsx with a title, the date in the title and 单位 above the header; codes Excel turned into numbers', () => {
    const bytes = workbookBytes([
      {
        name: '行情',
        rows: [
          ['沪深A股行情 2024年12月31日'],
          ['单位：亿元'],
          [],
          ['股票代码', '股票简称', '收盘价', '总市值', '市净率'],
          [333, '美的集团', 75.22, 5758.81, 2.9],
          ['600690.SH', '海尔智家', 26.09, 2446.62, 2.2],
          ['数据来源：示例'],
        ],
      },
    ]);
    const file = parsed('行情.xlsx', bytes);
    expect(file.refused).toEqual([]);
    expect(file.quotes.map((quote) => [quote.code, quote.date, quote.market_cap, quote.pb])).toEqual([
      ['000333', '2024-12-31', 5758.81, 2.9],
      ['600690', '2024-12-31', 2446.62, 2.2],
    ]);
    expect(file.units).toBe('总市值：亿元（表格注明单位）');
  });

  it('the date: the form’s, else the row’s, else the title’s or the file name’s, else today', () => {
    const withoutDate = utf8Bytes('代码,最新价\n000333,75.22\n');
    expect(parsed('quotes.csv', withoutDate).quotes[0]?.date).toBe(TODAY);
    expect(parsed('quotes 2025-06-30.csv', withoutDate).quotes[0]?.date).toBe('2025-06-30');
    expect(parsed('quotes 2025-06-30.csv', withoutDate, '2025-07-01').quotes[0]?.date).toBe('2025-07-01');
    const withDates = utf8Bytes('代码,日期,最新价\n000333,2024/12/31,75.22\n000333,20231229,54.63\n');
    expect(parsed('quotes.csv', withDates).quotes.map((quote) => quote.date)).toEqual(['2024-12-31', '2023-12-29']);
  });
});

describe('bad rows are refused with their row number; the good rows stay', () => {
  const text = [
    '代码,名称,最新价,总市值(亿元),日期',
    '000333,美的集团,75.22,5758.81,2024-12-31',
    '000651,格力电器,abc,2545.84,2024-12-31',
    '600690,海尔智家,0,2446.62,2024-12-31',
    '600298,安琪酵母,-3.1,252.75,2024-12-31',
    '12345678,不是代码,10,1,2024-12-31',
    'HK00700,腾讯控股,400,1,2024-12-31',
    '000333,美的集团,75.30,5760,2024-12-31',
    '002027,分众传媒,,920,2024-12-31',
    '002202,金风科技,11.95,很多,2024-12-31',
    '002352,顺丰控股,32.75,-1,2024-12-31',
    '600340,华夏幸福,28.70,860,2024-13-45',
    ',,12.3,,',
    '600340,华夏幸福,28.70,860,2024-12-31',
  ].join('\n');

  it('non-numeric, zero, negative or missing price; unparseable code; duplicate; bad market value or date', () => {
    const file = parsed('bad.csv', utf8Bytes(text));
    expect(file.quotes.map((quote) => [quote.row, quote.code])).toEqual([
      [2, '000333'],
      [14, '600340'],
    ]);
    expect(file.refused).toEqual([
      { row: 3, code: '000651', reason: '价格不是数字：“abc”' },
      { row: 4, code: '600690', reason: '价格须大于 0：0' },
      { row: 5, code: '600298', reason: '价格须大于 0：-3.1' },
      { row: 6, code: '12345678', reason: '代码无法识别：“12345678”' },
      { row: 7, code: 'HK00700', reason: '代码无法识别：“HK00700”' },
      { row: 8, code: '000333', reason: '代码重复：与第 2 行同为 000333（2024-12-31）' },
      { row: 9, code: '002027', reason: '缺少价格（停牌或未交易？）' },
      { row: 10, code: '002202', reason: '总市值不是数字：“很多”' },
      { row: 11, code: '002352', reason: '总市值须大于 0：-1' },
      { row: 12, code: '600340', reason: '日期无法识别：“2024-13-45”' },
      { row: 13, code: null, reason: '缺少代码' },
    ]);
  });

  it('names the line of the file, blank lines counted (a CSV drops them as rows)', () => {
    const spaced = [
      '代码,名称,最新价,总市值(亿),日期',
      '',
      '000333,美的集团,75.30,5760,2024-12-31',
      ' , ,',
      '000651,格力电器,abc,,2024-12-31',
    ];
    const file = parsed('spaced.csv', utf8Bytes(spaced.join('\n')));
    expect(file.quotes.map((quote) => [quote.row, quote.code])).toEqual([[3, '000333']]);
    expect(file.refused).toEqual([{ row: 5, code: '000651', reason: '价格不是数字：“abc”' }]);
    // Tab-separated, blank lines first: the delimiter is still recognised.
    const tabbed = parsed('tabbed.csv', utf8Bytes(['', '', ...spaced].join('\n').replaceAll(',', '\t')));
    expect(tabbed.quotes.map((quote) => [quote.row, quote.code])).toEqual([[5, '000333']]);
  });

  it('a file without a code and a price column, an empty file, a wrong type: the file is refused', () => {
    expect(parseQuoteFile('x.csv', utf8Bytes('名称,最新价\n美的集团,75.22\n'), { today: TODAY })).toEqual({
      success: false,
      error: QUOTE_ERRORS.noHeader,
    });
    expect(parseQuoteFile('x.csv', new Uint8Array(), { today: TODAY }).success).toBe(false);
    expect(parseQuoteFile('x.csv', utf8Bytes('代码,最新价\n'), { today: TODAY })).toEqual({
      success: false,
      error: QUOTE_ERRORS.noRows,
    });
    expect(parseQuoteFile('x.txt', utf8Bytes('代码,最新价\n000333,1\n'), { today: TODAY }).success).toBe(false);
  });
});
