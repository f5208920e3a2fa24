import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { screenerRows, valuationDate } from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { loadCompanyDirectory, loadIndustries } from '../ingest/index.ts';
import { parseQuoteFile } from '../ingest/quotes/parse-quote-file.ts';
import { sha256Hex } from '../pdf-library/pdf-files.ts';
import { findCompany } from '../store/companies.ts';
import { importQuotes } from '../store/import-quotes.ts';
import { importStatementFile } from '../store/import-statement-file.ts';
import { rebuildStaleIndustries } from '../store/industry-statistics.ts';
import { latestQuotes } from '../store/quotes.ts';
import { listScreenerModels } from '../store/screener-models.ts';
import { uploadedFileKeys } from '../store/uploaded-files.ts';
import { readSharedInputs } from '../valuation/stored-inputs.ts';
import { ensureScreenerModels, revalueCompany } from '../valuation/valuation-runs.ts';
import { ValuationService } from '../valuation/valuation-service.ts';

/** Who the seed's file records and quote snapshots name as their uploader. */
export const MARKET_SEEDER = 'seed:market';

export interface MarketSeedOptions {
  /** Holds fullStockList.csv, industryCoding.csv and summary/<code>.csv. */
  readonly marketDir: string;
  /** Quote files (CSV or workbooks, e.g. one per year-end), stored as snapshots at their rows' dates. */
  readonly quotesDir?: string | undefined;
  readonly today?: Date;
  /** Progress lines (the command prints them). */
  readonly log?: (line: string) => void;
}

export interface MarketSeedOutcome {
  /** Summary files imported now, and those skipped as already on record with the same content. */
  readonly statementFiles: { readonly imported: number; readonly unchanged: number; readonly total: number };
  readonly quoteFiles: number;
  /** Quote rows of known companies (stored, or already stored with the same figures). */
  readonly quoteRows: number;
  /** Companies whose latest share count moved and were valued again. */
  readonly revalued: number;
  /** What went wrong, one line per file or company ('<name>: <reason>'). */
  readonly failures: string[];
  /** Companies the screener lists (a value, or the warning that hides it, and a price). */
  readonly screened: number;
}

const QUOTE_FILE = /\.(csv|xlsx|xls)$/i;
const PROGRESS_EVERY = 500;

/**
 * The quote folder `npm run seed:market` takes when none is named: `quotes/market` beside the market
 * folder, as the sample data set lays them out (`market/` and `quotes/market/`); undefined when absent.
 */
export function siblingQuotesDir(marketDir: string): string | undefined {
  const dir = resolve(marketDir, '..', 'quotes', 'market');
  return existsSync(dir) ? dir : undefined;
}

/** The financial summaries, one transaction per file; a file on record with the same content is skipped. */
function seedStatements(db: Database, marketDir: string, log: (line: string) => void, failures: string[]) {
  const directory = loadCompanyDirectory(readFileSync(join(marketDir, 'fullStockList.csv')));
  const industries = loadIndustries(readFileSync(join(marketDir, 'industryCoding.csv')));
  const summaryDir = join(marketDir, 'summary');
  const files = readdirSync(summaryDir)
    .filter((name) => name.endsWith('.csv'))
    .sort();
  const onRecord = uploadedFileKeys(db);
  let imported = 0;
  let unchanged = 0;
  for (const [index, name] of files.entries()) {
    const bytes = readFileSync(join(summaryDir, name));
    if (onRecord.has(`${name}|${sha256Hex(bytes)}`)) unchanged++;
    else {
      const result = importStatementFile(db, name, bytes, { directory, industries, uploadedBy: MARKET_SEEDER });
      if (result.success) imported++;
      else failures.push(`${name}: ${result.error}`);
    }
    if ((index + 1) % PROGRESS_EVERY === 0) log(`财务摘要：已处理 ${index + 1} / ${files.length}`);
  }
  return { imported, unchanged, total: files.length };
}

/** Every quote file of the folder, one transaction per file; answers the companies whose share count moved. */
function seedQuotes(db: Database, quotesDir: string, today: Date, log: (line: string) => void, failures: string[]) {
  const sharesChanged = new Set<string>();
  const files = readdirSync(quotesDir)
    .filter((name) => QUOTE_FILE.test(name))
    .sort();
  let rows = 0;
  for (const name of files) {
    const outcome = parseQuoteFile(name, readFileSync(join(quotesDir, name)), {
      today: valuationDate(today),
    });
    if (!outcome.success) {
      failures.push(`${name}: ${outcome.error}`);
      continue;
    }
    const { quotes, refused } = outcome.file;
    const stored = importQuotes(db, quotes, { filename: name, uploadedBy: MARKET_SEEDER });
    for (const code of stored.sharesChanged) sharesChanged.add(code);
    rows += stored.imported;
    for (const row of refused) failures.push(`${name} 第 ${row.row} 行: ${row.reason}`);
    const dates = [...new Set(quotes.map((quote) => quote.date))].sort();
    log(
      `行情 ${name}（${dates.join('、')}）：${stored.imported} 家公司，其中 ${stored.companies.length} 家有变动；` +
        `${stored.unknown.length} 个代码无财务数据未导入`,
    );
  }
  return { files: files.length, rows, sharesChanged };
}

/**
 * Seeds the whole market into the database, through the same import paths as the uploads: every company's
 * financial summary, then (when `quotesDir` is given) the quote files as snapshots at their dates. The
 * companies whose listed share count moved are valued again, the quoted companies never valued get their
 * screener row, and the industry statistics are rebuilt once at the end. Running it again changes
 * nothing: files on record are skipped, snapshots already held are left as they are.
 */
export function seedMarket(db: Database, options: MarketSeedOptions): MarketSeedOutcome {
  const log = options.log ?? (() => {});
  const today = options.today ?? new Date();
  const failures: string[] = [];
  const statementFiles = seedStatements(db, options.marketDir, log, failures);
  const quotes = options.quotesDir
    ? seedQuotes(db, options.quotesDir, today, log, failures)
    : { files: 0, rows: 0, sharesChanged: new Set<string>() };
  const valuations = new ValuationService(db, new Map(), () => today);
  // Nothing the seed writes from here on is shared by the companies' valuations: read once.
  const shared = readSharedInputs(db);
  let revalued = 0;
  for (const code of [...quotes.sharesChanged].sort()) {
    const company = findCompany(db, code);
    if (!company) continue;
    // A refusal (a bank, too little history) is stored as such; the screener keeps what it allows.
    revalueCompany(db, valuations, company, shared);
    revalued++;
    if (revalued % PROGRESS_EVERY === 0) log(`估值：已重估 ${revalued} / ${quotes.sharesChanged.size}`);
  }
  ensureScreenerModels(db, valuations);
  // 行业对比: every industry the seed touched (each import and quote file marked its own), built once at the end.
  rebuildStaleIndustries(db, valuationDate(today));
  const quoted = new Map(latestQuotes(db).map((quote) => [quote.company, quote]));
  const screened = screenerRows(listScreenerModels(db), quoted, valuationDate(today)).length;
  return {
    statementFiles,
    quoteFiles: quotes.files,
    quoteRows: quotes.rows,
    revalued,
    failures,
    screened,
  };
}
