import { resolve } from 'node:path';
import { isNotMeaningful, type ScreenerRow } from '@fcf/engine';
import {
  companyBundleAnswer,
  industryComparisonAnswer,
  peValuationAnswer,
  quoteAnswer,
  screenerAnswer,
} from '@fcf/engine/contract';
import { compareView } from '@fcf/engine/report';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { queryOne } from '../db/query.ts';
import { readData } from '../testing/answers.ts';
import {
  offendersOf,
  storedValues,
  type ValueAnswer,
  valueCounts,
  valueOfAnswer,
} from '../testing/market-model-check.ts';
import { MARKET_DIR, WHOLE_MARKET_TIMEOUT_MS, wholeMarket } from '../testing/market-seed.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { type MarketSeedOutcome, seedMarket, siblingQuotesDir } from './market-seed.ts';

/**
 * `npm run seed:market` over the sample data set's whole market (../shared/data/market: 3,969 financial
 * summaries) and its year-end quotes (../shared/data/quotes/market: 2016, 2017, 2019–2022), into a platform
 * seeded with the fixtures as `npm start` makes it. The seeding is the slow part: the run makes it once
 * (testing/market-seed.ts, with what it reported) and this file starts a platform on a copy.
 */
/** 华能国际: a company of the market set only (its financial summary, years up to 2019). */
const SUMMARY_ONLY = '600011';

let platform: TestPlatform;
let seeded: MarketSeedOutcome;
beforeAll(async () => {
  const market = await wholeMarket();
  seeded = market.outcome;
  platform = await startTestPlatform({}, { from: market.database });
}, WHOLE_MARKET_TIMEOUT_MS);
afterAll(() => platform.close());

/** Every row the screener lists with flagged companies shown, a page of 500 at a time. */
async function screenedRows(): Promise<ScreenerRow[]> {
  const rows: ScreenerRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await readData(
      platform,
      `/api/data/screener?hide_flagged=0&limit=500&offset=${offset}`,
      screenerAnswer,
    );
    rows.push(...page.rows);
    if (rows.length >= page.total || page.rows.length === 0) return rows;
  }
}

/** What a second run must leave as it is: the change sequence, the quote history, the file records. */
function databaseState() {
  const { db } = platform;
  return {
    changeSeq: currentChangeSeq(db),
    history: queryOne(db, 'SELECT count(*) AS n, max(uploaded_at) AS last FROM quote_history'),
    files: queryOne(db, 'SELECT count(*) AS n, max(id) AS last FROM uploaded_files'),
    results: queryOne(db, 'SELECT count(*) AS n, max(change_seq) AS last FROM valuation_results'),
  };
}

describe('npm run seed:market with the year-end quotes', () => {
  it('takes quotes/market beside the market folder: six year-end files, every summary, nothing refused', () => {
    expect(siblingQuotesDir(MARKET_DIR)).toBe(resolve(MARKET_DIR, '..', 'quotes', 'market'));
    expect(seeded.failures).toEqual([]);
    expect(seeded.statementFiles).toEqual({ imported: 3969, unchanged: 0, total: 3969 });
    expect(seeded.quoteFiles).toBe(6);
    // Codes listed after the market list was made have no statements: they are left out, not invented.
    expect(seeded.quoteRows).toBeGreaterThan(21_000);
    expect(seeded.revalued).toBeGreaterThan(3500);
  });

  it('the screener lists ≥ 3,500 companies, each with a price and a margin of safety or the warning that hides it', async () => {
    const rows = await screenedRows();
    expect(rows.length).toBeGreaterThanOrEqual(3500);
    expect(seeded.screened).toBe(rows.length);
    for (const row of rows) {
      expect(row.price, row.code).toBeGreaterThan(0);
      // A row without a margin is one whose value is not meaningful: hidden by default, counted.
      expect(row.margin_of_safety !== null || isNotMeaningful(row), row.code).toBe(true);
    }
    expect(rows.filter((row) => row.margin_of_safety !== null).length).toBeGreaterThanOrEqual(3000);
    const byDefault = await readData(platform, '/api/data/screener?limit=1', screenerAnswer);
    expect(byDefault.total + byDefault.hidden).toBe(rows.length);
    expect(byDefault.hidden).toBe(rows.filter(isNotMeaningful).length);
    // The latest year-end of the summary-only companies is 2022's.
    expect(rows.find((row) => row.code === SUMMARY_ONLY)).toMatchObject({
      date: '2022-12-30',
      latest_report_year: 2019,
    });
    // Every page of the whole market's screener, the first one built for it.
  }, 120_000);

  it('the industry statistics take the quoted market: P/E and P/B medians over hundreds of companies', async () => {
    const view = await readData(platform, `/api/home/industry_comparison/${SUMMARY_ONLY}`, industryComparisonAnswer);
    const covered = (metric: string) => view.metrics.find((entry) => entry.metric === metric)?.count ?? 0;
    expect(covered('pe')).toBeGreaterThan(50);
    expect(covered('pb')).toBeGreaterThan(50);
    const manufacturing = await readData(platform, '/api/home/industry_comparison/000333', industryComparisonAnswer);
    expect(manufacturing.metrics.find((entry) => entry.metric === 'margin_of_safety')?.count).toBeGreaterThan(1000);
  });

  it('PE估值 lists every year-end close, with P/E and P/B where that year’s report is stored', async () => {
    const view = await readData(platform, `/api/home/pe_valuation/${SUMMARY_ONLY}`, peValuationAnswer);
    expect(view.years.map((row) => [row.year, row.reported])).toEqual([
      [2016, true],
      [2017, true],
      [2019, true],
      [2020, false],
      [2021, false],
      [2022, false],
    ]);
    for (const row of view.years) {
      expect(row.market_cap).toBeCloseTo(row.price * (row.shares ?? 0), 0);
      if (!row.reported) expect([row.pe, row.pb]).toEqual([null, null]);
    }
    expect(view.years[2]?.pb).not.toBeNull();
    expect(view.industry_pe?.count).toBeGreaterThan(50);
  });

  it('the comparison prices every company it compares', async () => {
    const today = '2026-01-05';
    const entries = await Promise.all(
      [SUMMARY_ONLY, '600298', '000333'].map(async (code) => ({
        bundle: await readData(platform, `/api/data/company-bundle/${code}`, companyBundleAnswer),
        market: { quote: await readData(platform, `/api/data/quotes/${code}`, quoteAnswer), today },
      })),
    );
    for (const column of compareView(entries).columns) {
      expect(column.price?.value, column.code).toBeGreaterThan(0);
      expect(column.marginOfSafety.value, column.code).not.toBeNull();
    }
  });

  it('values every company by a named model or says why; a value that is not a result carries its code', async () => {
    const { values, unstored, screened } = storedValues(platform.db);
    // Without a stored run (the fixtures, seeded before the market), the API answers the value or says why.
    const reasons = new Map<string, string>();
    for (const company of unstored) {
      const response = await platform.call('GET', `/api/home/dcf_valuation/${company.code}`);
      const body = (await response.json()) as { code?: string; message: string; data?: ValueAnswer };
      if (response.status === 200 && body.data) {
        values.push(valueOfAnswer(company, body.data, screened.get(company.code)));
        continue;
      }
      expect(response.status, company.code).toBe(422);
      expect(body.message, company.code).not.toBe('');
      reasons.set(company.code, body.code ?? body.message);
    }
    expect(values.length + reasons.size).toBeGreaterThanOrEqual(3969);
    for (const value of values) expect(['fcff', 'excess_return'], value.code).toContain(value.model);
    console.info('whole market:', valueCounts(values), 'no value:', Object.fromEntries(reasons));
    const offenders = offendersOf(values);
    console.info(
      'values without a code that says why:',
      offenders.map(({ code, problem, valuePerShare, bookMultiple, warnings }) => ({
        code,
        problem,
        valuePerShare,
        bookMultiple,
        warnings,
      })),
    );
    expect(offenders.map((offender) => offender.code)).toEqual([]);
  });

  it('values every bank, insurer and broker by excess returns, with its P/B and justified P/B', () => {
    const financial = storedValues(platform.db).values.filter(
      (value) => value.industry === '金融业' || value.warnings.includes('financial_company'),
    );
    expect(financial.length).toBeGreaterThan(100);
    for (const value of financial) {
      expect(value.model, value.code).toBe('excess_return');
      expect(value.pb?.justified, value.code).toEqual(expect.any(Number));
      if (value.valuePerShare !== null) expect(value.pb?.implied, value.code).toBeGreaterThan(0);
    }
    expect(financial.find((value) => value.code === '601398')?.valuePerShare).toBeGreaterThan(0);
  });

  it(
    'running it again changes nothing',
    () => {
      const before = databaseState();
      const again = seedMarket(platform.db, { marketDir: MARKET_DIR, quotesDir: siblingQuotesDir(MARKET_DIR) });
      expect(again.statementFiles).toEqual({ imported: 0, unchanged: 3969, total: 3969 });
      expect(again.revalued).toBe(0);
      expect(again.failures).toEqual([]);
      expect(again.screened).toBe(seeded.screened);
      expect(databaseState()).toEqual(before);
    },
    WHOLE_MARKET_TIMEOUT_MS,
  );
});
