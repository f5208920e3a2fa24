import { readFileSync } from 'node:fs';
import { companyBundlesAnswer, envelope, quoteAnswer, quoteUploadAnswer, screenerAnswer } from '@fcf/engine/contract';
import { pullResponseSchema } from '@fcf/engine/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import { gbkBytes, utf8Bytes } from '../ingest/testing/ingest-fixtures.ts';
import { answerOf, readData, refusalOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { loadListedShares } from '../valuation/stored-inputs.ts';

const MARKET_QUOTES = new URL('../../../../shared/data/quotes/market/', import.meta.url);

function quoteForm(files: readonly File[], date?: string): FormData {
  const form = new FormData();
  for (const file of files) form.append('files', file);
  if (date !== undefined) form.append('date', date);
  return form;
}

function file(name: string, bytes: Uint8Array): File {
  return new File([bytes], name);
}

describe('quotes: upload, history, the latest quote, sync', () => {
  let platform: TestPlatform;
  let admin: string;

  beforeAll(async () => {
    platform = await startTestPlatform();
    admin = await platform.adminToken();
  });
  afterAll(() => platform.close());

  const uploadQuotes = (files: readonly File[], options: { token?: string; date?: string } = {}) =>
    platform.app.request('/api/upload_quotes', {
      method: 'POST',
      body: quoteForm(files, options.date),
      headers: options.token ? { Authorization: `Bearer ${options.token}` } : {},
    });
  const quoteOf = (company: string) => readData(platform, `/api/data/quotes/${company}`, quoteAnswer);
  const historyCount = () => queryAll<{ n: number }>(platform.db, 'SELECT count(*) AS n FROM quote_history')[0]?.n;

  it('a fresh install has the sample snapshot: each sample company at its latest annual report date', async () => {
    expect(await quoteOf('000333')).toEqual({
      company: '000333',
      date: '2024-12-31',
      price: 75.22,
      market_cap: 575881001519.26 / 1e8,
      float_market_cap: 518318902235.98 / 1e8,
      shares: 7655955883 / 1e8,
      float_shares: 6890705959 / 1e8,
      pe: null,
      pb: null,
      dividend_yield: null,
    });
    expect((await quoteOf('分众传媒')).shares).toBeCloseTo(146.78, 2);
    expect((await quoteOf('002352')).date).toBe('2018-12-28');
    // 海尔智家's latest report is 2024; the year-end file has no 2024 close for it, and none is invented.
    const missing = await refusalOf(await platform.call('GET', '/api/data/quotes/600690'), 404);
    expect(missing.message).toBe('暂无“海尔智家”的行情数据');
    await refusalOf(await platform.call('GET', '/api/data/quotes/不存在的公司'), 404);
  });

  it('the listed share count: the latest snapshot’s 总股本 with its date', () => {
    expect(loadListedShares(platform.db, '000333')).toMatchObject({ count: 76.55955883, date: '2024-12-31' });
    expect(loadListedShares(platform.db, '600690')).toBeNull();
  });

  it('only an admin uploads: 401 anonymous, 403 an ordinary user, nothing written', async () => {
    const before = historyCount();
    const bytes = utf8Bytes('代码,最新价\n000333,80\n');
    await refusalOf(await uploadQuotes([file('q.csv', bytes)]), 401);
    await refusalOf(await uploadQuotes([file('q.csv', bytes)], { token: await platform.userToken() }), 403);
    expect(historyCount()).toBe(before);
  });

  it('a GBK file with prefixed codes: rows imported, rows refused with row and reason, unknown companies', async () => {
    const text = [
      '代码,名称,最新价,总市值(亿),市盈率(动),市净率',
      'SZ000333,美的集团,80.10,6101.2,14.1,3.0',
      '000651.SZ,格力电器,46.00,2576.6,8.2,2.1',
      'sh600690,海尔智家,27.50,2579.0,12.9,2.3',
      'SZ300750,宁德时代,250.00,11000,25,5',
      '002027,分众传媒,停牌,,,',
      'SZ000333,美的集团,80.20,6102,14.1,3.0',
    ].join('\r\n');
    const response = await uploadQuotes([file('行情.csv', gbkBytes(text))], { token: admin, date: '2025-01-10' });
    const answer = await answerOf(response, quoteUploadAnswer);
    expect(answer.files).toEqual([
      {
        filename: '行情.csv',
        success: true,
        error: null,
        dates: ['2025-01-10'],
        imported: 3,
        refused: [
          { row: 6, code: '002027', reason: '价格不是数字：“停牌”' },
          { row: 7, code: '000333', reason: '代码重复：与第 2 行同为 000333（2025-01-10）' },
        ],
        unknown_companies: ['300750'],
        units: '总市值：亿元（表头注明）',
      },
    ]);
    expect(answer.affected_companies.sort()).toEqual(['格力电器', '海尔智家', '美的集团'].sort());
    expect(await quoteOf('000333')).toMatchObject({ date: '2025-01-10', price: 80.1, pe: 14.1, pb: 3, shares: null });
    expect(await quoteOf('600690')).toMatchObject({ date: '2025-01-10', price: 27.5, market_cap: 2579 });
    // Without a 总股本 in the latest quote, the count is the newest earlier year-end snapshot’s.
    expect(loadListedShares(platform.db, '000333')).toMatchObject({ count: 76.55955883, date: '2024-12-31' });
  });

  it('history is kept: an older snapshot is stored but the latest stays the screens’ quote', async () => {
    const before = historyCount() ?? 0;
    // The download's page of 美的集团, kept before the upload.
    const yearEnds = async () =>
      (await readData(platform, '/api/data/company-bundles?limit=250', companyBundlesAnswer)).bundles
        .find((bundle) => bundle.company.code === '000333')
        ?.year_end_quotes?.map((quote) => quote.date);
    expect(await yearEnds()).not.toContain('2023-12-29');
    const older = utf8Bytes('代码,收盘价,总股本(股)\n000333,54.63,7024597408\n');
    const answer = await answerOf(
      await uploadQuotes([file('2023-12-29.csv', older)], { token: admin }),
      quoteUploadAnswer,
    );
    expect(answer.files[0]).toMatchObject({ success: true, dates: ['2023-12-29'], imported: 1 });
    expect(historyCount()).toBe(before + 1);
    expect((await quoteOf('000333')).date).toBe('2025-01-10');
    const dates = queryAll<{ date: string }>(
      platform.db,
      "SELECT date FROM quote_history WHERE company_code = '000333' ORDER BY date",
    ).map((row) => row.date);
    expect(dates).toEqual(['2023-12-29', '2024-12-31', '2025-01-10']);
    // The year-end close moved the company's data though its latest quote stands: the page is not kept stale.
    expect(await yearEnds()).toContain('2023-12-29');
  });

  it('a whole-market year-end file as it is (4,641 rows, empty 流通 columns); the same file again changes nothing', async () => {
    const bytes = readFileSync(new URL('2022.csv', MARKET_QUOTES));
    const answer = await answerOf(await uploadQuotes([file('2022.csv', bytes)], { token: admin }), quoteUploadAnswer);
    const [result] = answer.files;
    expect(result).toMatchObject({ success: true, dates: ['2022-12-30'], refused: [] });
    expect(result?.units).toBe('总市值：元（表头注明）；总股本：股（表头注明）');
    // The platform holds the sample companies only: the rest of the market is named, not stored.
    expect((result?.imported ?? 0) + (result?.unknown_companies.length ?? 0)).toBe(4641);
    expect(result?.imported).toBeGreaterThanOrEqual(7);
    expect(answer.affected_companies).toContain('美的集团');
    const midea2022 = queryAll<{ price: number; shares: number }>(
      platform.db,
      "SELECT price, shares FROM quote_history WHERE company_code = '000333' AND date = '2022-12-30'",
    );
    expect(midea2022).toEqual([{ price: 51.8, shares: 69.96668891 }]);
    // An older year-end: the screens' quote stays the latest snapshot.
    expect((await quoteOf('000333')).date).toBe('2025-01-10');

    const before = { seq: currentChangeSeq(platform.db), history: historyCount() };
    const again = await answerOf(await uploadQuotes([file('2022.csv', bytes)], { token: admin }), quoteUploadAnswer);
    expect(again.files[0]).toMatchObject({ success: true, imported: result?.imported });
    expect(again.affected_companies).toEqual([]);
    expect({ seq: currentChangeSeq(platform.db), history: historyCount() }).toEqual(before);
  });

  it('a file with no good row, or a date that is not one: 400 and nothing written', async () => {
    const before = { seq: currentChangeSeq(platform.db), history: historyCount() };
    const bad = utf8Bytes('代码,最新价\n000333,0\nabc,1\n');
    const answer = await answerOf(await uploadQuotes([file('bad.csv', bad)], { token: admin }), quoteUploadAnswer, 400);
    expect(answer.files[0]).toMatchObject({ success: false, imported: 0 });
    expect(answer.files[0]?.refused.map((row) => row.row)).toEqual([2, 3]);
    expect(answer.detail).toMatch(/^bad\.csv：/);
    const noHeader = await answerOf(
      await uploadQuotes([file('x.csv', utf8Bytes('a,b\n1,2\n'))], { token: admin }),
      quoteUploadAnswer,
      400,
    );
    expect(noHeader.files[0]?.error).toMatch(/^未找到行情表头/);
    const badDate = await refusalOf(
      await uploadQuotes([file('q.csv', utf8Bytes('代码,最新价\n000333,80\n'))], { token: admin, date: '明天' }),
      400,
    );
    expect(badDate.message).toMatch(/^行情日期无法识别/);
    expect({ seq: currentChangeSeq(platform.db), history: historyCount() }).toEqual(before);
  });

  it('quotes are a public sync table: one row per company, its latest quote', async () => {
    const page = await readData(
      platform,
      '/api/sync/pull?cursor=0&tables=quotes&limit=1000',
      envelope(pullResponseSchema),
    );
    const midea = page.changes.find((row) => row.key === '000333');
    expect(midea?.table).toBe('quotes');
    expect(midea?.data).toMatchObject({ company_code: '000333', date: '2025-01-10', price: 80.1 });
    expect(new Set(page.changes.map((row) => row.key)).size).toBe(page.changes.length);
  });
});

describe('the screener API', () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  it('a fresh install screens the quoted sample companies, sorted by margin of safety', async () => {
    const page = await readData(
      platform,
      '/api/data/screener?sort=margin_of_safety&order=desc&hide_flagged=0',
      screenerAnswer,
    );
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.rows.map((row) => row.code)).toContain('000333');
    const margins = page.rows.map((row) => row.margin_of_safety ?? Number.NEGATIVE_INFINITY);
    expect(margins).toEqual([...margins].sort((a, b) => b - a));
    const midea = page.rows.find((row) => row.code === '000333');
    expect(midea).toMatchObject({ price: 75.22, date: '2024-12-31', stale: true });
    expect(midea?.margin_of_safety).toBeCloseTo((midea?.value_per_share ?? 0) / 75.22 - 1, 12);
    const one = await readData(platform, '/api/data/screener?sort=pe&order=asc&limit=1&offset=1', screenerAnswer);
    expect(one.rows).toHaveLength(1);
  });

  it('screener models are a public sync table', async () => {
    const pulled = await readData(
      platform,
      '/api/sync/pull?cursor=0&tables=screener_models&limit=1000',
      envelope(pullResponseSchema),
    );
    expect(pulled.changes.some((row) => row.key === '000333')).toBe(true);
  });

  it('rows carry the warnings and the data date; a bank valued by excess returns is flagged and listed', async () => {
    const all = await readData(platform, '/api/data/screener?hide_flagged=0&limit=500', screenerAnswer);
    const midea = all.rows.find((row) => row.code === '000333');
    expect(midea?.latest_report_year).toBe(2024);
    expect(midea?.flags).toEqual([...new Set(midea?.warnings.map((warning) => warning.code))]);
    expect(midea?.warnings.every((warning) => warning.message.length > 0)).toBe(true);

    // 格力电器 refiled under 金融业: valued by excess returns, never an FCFF DCF, its row flagged with the reason.
    transaction(platform.db, () =>
      execute(platform.db, `UPDATE companies SET industry = '金融业' WHERE code = '000651'`),
    );
    const token = await platform.adminToken();
    const run = await platform.call('POST', '/api/valuation/company/000651', { token, body: {} });
    expect(run.status).toBe(200);
    const shown = await readData(platform, '/api/data/screener?hide_flagged=0&limit=500', screenerAnswer);
    const gree = shown.rows.find((row) => row.code === '000651');
    expect(gree?.model).toBe('excess_return');
    expect(gree?.value_per_share).toBeGreaterThan(0);
    expect(gree?.flags).toContain('financial_company');
    expect(gree?.warnings.find((warning) => warning.code === 'financial_company')?.message).toContain('超额收益');
    // Its value is meaningful: the default screen lists it; only values that are not meaningful are hidden.
    const shownByDefault = await readData(platform, '/api/data/screener?limit=500', screenerAnswer);
    expect(shownByDefault.rows.map((row) => row.code)).toContain('000651');
    expect(shownByDefault.rows.map((row) => row.code)).toContain('000333');
    expect(shownByDefault.rows.every((row) => row.value_per_share !== null)).toBe(true);
    const banks = await readData(platform, '/api/data/screener?limit=500&model=excess_return', screenerAnswer);
    expect(banks.rows.map((row) => row.code)).toEqual(['000651']);
  });

  it('bad parameters: 400 naming the parameter', async () => {
    for (const query of [
      'sort=price',
      'order=up',
      'limit=0',
      'limit=501',
      'offset=-1',
      'min_market_cap=abc',
      'hide_flagged=yes',
    ]) {
      const refusal = await refusalOf(await platform.call('GET', `/api/data/screener?${query}`), 400);
      expect(refusal.message).toMatch(/^筛选参数有误：/);
      expect(refusal.message).toContain(query.split('=')[0]);
    }
  });
});
