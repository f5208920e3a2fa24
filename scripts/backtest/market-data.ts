/**
 * The whole market's sample data as the platform reads it: each financial summary through the upload's
 * parser (`parseStatementFile`) and merged as the server hands statements to the engine
 * (`statementsFromRows`), each company's 国标 section from the market lists, each year-end quote through the
 * quote upload's parser, and the β of each section as the server seeds them.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type IndustryEntry,
  loadCompanyDirectory,
  loadIndustryCoding,
} from '../../sync-server/src/ingest/market-lists.ts';
import { parseStatementFile } from '../../sync-server/src/ingest/parse-statement-file.ts';
import { parseQuoteFile } from '../../sync-server/src/ingest/quotes/parse-quote-file.ts';
import { type StatementValueRow, statementsFromRows } from '../../sync-server/src/store/statements.ts';
import type { BacktestCompany, YearEndQuote } from './company-backtest.ts';

export const REPO_ROOT = new URL('../../', import.meta.url).pathname;
/** ../shared/data beside the repository (its README describes each folder). */
export const SHARED_DATA_DIR = join(REPO_ROOT, '..', 'shared', 'data');

/** One summary file read as an upload reads it; null with the parser's message when it refuses the file. */
export function readSummaryFile(
  filename: string,
  bytes: Uint8Array,
  directory: ReturnType<typeof loadCompanyDirectory>,
  industries: ReadonlyMap<string, IndustryEntry>,
): BacktestCompany | { readonly refused: string } {
  const outcome = parseStatementFile(filename, bytes, directory);
  if (!outcome.ok) return { refused: `${filename}: ${outcome.error}` };
  const { company, reports } = outcome.file;
  const rows: StatementValueRow[] = [];
  for (const report of reports) {
    for (const [year, figures] of Object.entries(report.years)) {
      for (const [item, value] of Object.entries(figures)) {
        if (value !== undefined && Number.isFinite(value)) {
          rows.push({ report_type: report.reportType, year: Number(year), item, value });
        }
      }
    }
  }
  const entry = industries.get(company.code);
  const industry = entry?.sectionName ?? null;
  return {
    code: company.code,
    name: company.name,
    industry,
    industryCode: entry?.code ?? null,
    statements: statementsFromRows({ code: company.code, name: company.name, industry: industry ?? '' }, rows),
  };
}

export interface MarketSummaries {
  readonly companies: BacktestCompany[];
  /** Files the parser refused, with its message. */
  readonly refused: string[];
}

/** Every `market/summary/<code>.csv`, in code order (`codes` limits it to those companies). */
export function loadMarketSummaries(dataDir: string = SHARED_DATA_DIR, codes?: readonly string[]): MarketSummaries {
  const marketDir = join(dataDir, 'market');
  const directory = loadCompanyDirectory(readFileSync(join(marketDir, 'fullStockList.csv')));
  const industries = loadIndustryCoding(readFileSync(join(marketDir, 'industryCoding.csv')));
  const summaryDir = join(marketDir, 'summary');
  const names = codes
    ? codes.map((code) => `${code}.csv`)
    : readdirSync(summaryDir).filter((name) => name.endsWith('.csv'));
  const companies: BacktestCompany[] = [];
  const refused: string[] = [];
  for (const name of names.sort()) {
    const read = readSummaryFile(name, readFileSync(join(summaryDir, name)), directory, industries);
    if ('refused' in read) refused.push(read.refused);
    else companies.push(read);
  }
  return { companies, refused };
}

/** The year-end quote files: the whole market's years, then the sample companies' file. */
const QUOTE_FILES = ['market/2016.csv', 'market/2017.csv', 'year-end-quotes.csv'] as const;

/**
 * Year-end quotes by code and fiscal year (the year of the quote's date), up to `lastYear`; a year the
 * whole-market file gives is not replaced by the sample file.
 */
export function loadYearEndQuotes(
  dataDir: string = SHARED_DATA_DIR,
  lastYear = 2018,
): Map<string, Map<number, YearEndQuote>> {
  const quotes = new Map<string, Map<number, YearEndQuote>>();
  for (const file of QUOTE_FILES) {
    const path = join(dataDir, 'quotes', file);
    if (!existsSync(path)) continue;
    const outcome = parseQuoteFile(file, readFileSync(path), { today: `${lastYear}-12-31` });
    if (!outcome.success) throw new Error(`quotes/${file}: ${outcome.error}`);
    for (const quote of outcome.file.quotes) {
      const year = Number(quote.date.slice(0, 4));
      if (year > lastYear) continue;
      const byYear = quotes.get(quote.code) ?? new Map<number, YearEndQuote>();
      if (!byYear.has(year)) byYear.set(year, { date: quote.date, close: quote.price, shares: quote.shares });
      quotes.set(quote.code, byYear);
    }
  }
  return quotes;
}

/** β by industry section, as the server seeds `industry_betas` (fixtures/industry-betas.json). */
export function loadIndustryBetas(repoRoot: string = REPO_ROOT): Map<string, number> {
  const { betas } = JSON.parse(readFileSync(join(repoRoot, 'fixtures', 'industry-betas.json'), 'utf8')) as {
    betas: Record<string, number>;
  };
  return new Map(Object.entries(betas));
}
