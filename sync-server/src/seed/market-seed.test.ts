import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScreenerRow } from '@fcf/engine';
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
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { type MarketSeedOutcome, seedMarket, siblingQuotesDir } from './market-seed.ts';

/**
 * `npm run seed:market` over the sample data set's whole market (../shared/data/market: 3,969 financial
 * summaries) and its year-end quotes (../shared/data/quotes/market: 2016, 2017, 2019–2022), into a platform
 * seeded with the fixtures as `npm start` makes it. One seeding for the file: it is the slow part.
 */
const MARKET_DIR = fileURLToPath(new URL('../../../../shared/data/market/', import.meta.url));
const SEED_TIMEOUT_MS = 900_000;
/** 华能国际: a company of the market set only (its financial summary, years up to 2019). */
const SUMMARY_ONLY = '600011';

let platform: TestPlatform;
let seeded: MarketSeedOutcome;
beforeAll(async () => {
  platform = await startTestPlatform();
  seeded = seedMarket(platform.db, { marketDir: MARKET_DIR, quotesDir: siblingQuotesDir(MARKET_DIR) });
}, SEED_TIMEOUT_MS);
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
    const hidden = (row: ScreenerRow) =>
      row.flags.some((flag) => flag.startsWith('negative_') || flag === 'financial_company');
    for (const row of rows) {
      expect(row.price, row.code).toBeGreaterThan(0);
      expect(row.margin_of_safety !== null || hidden(row), row.code).toBe(true);
    }
    expect(rows.filter((row) => row.margin_of_safety !== null).length).toBeGreaterThanOrEqual(3000);
    // The latest year-end of the summary-only companies is 2022's.
    expect(rows.find((row) => row.code === SUMMARY_ONLY)).toMatchObject({
      date: '2022-12-30',
      latest_report_year: 2019,
    });
  });

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
    SEED_TIMEOUT_MS,
  );
});
