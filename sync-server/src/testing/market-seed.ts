import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MarketSeedOutcome, seedMarket, siblingQuotesDir } from '../seed/market-seed.ts';
import { runTemplate, templateNote, vacuumInto } from './run-template.ts';
import { startTestPlatform } from './test-platform.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The whole market's sample data beside the repository (../shared/data/README.md). */
export const MARKET_DIR = join(REPO_ROOT, '..', 'shared', 'data', 'market');

/** How long seeding the whole market may take on a busy two-core machine (~40 s on a quiet one). */
export const WHOLE_MARKET_TIMEOUT_MS = 900_000;

export interface WholeMarket {
  /** A self-contained database file to copy (never to open in place: every test file shares it). */
  readonly database: string;
  /** What the seeding reported. */
  readonly outcome: MarketSeedOutcome;
}

/** A test platform's database (fixtures/ without fixtures/sina) with `npm run seed:market` run over it. */
async function seedWholeMarket(file: string): Promise<MarketSeedOutcome> {
  const platform = await startTestPlatform();
  try {
    const outcome = seedMarket(platform.db, { marketDir: MARKET_DIR, quotesDir: siblingQuotesDir(MARKET_DIR) });
    vacuumInto(platform.db, file);
    return outcome;
  } finally {
    await platform.close();
  }
}

/**
 * The whole market (3,969 financial summaries and the year-end quotes of ../shared/data/quotes/market)
 * seeded by `seedMarket`, as `npm run seed:market` does, into a platform seeded with the fixtures: once per
 * test run (testing/run-template.ts), as every whole-market test reads the same database. Each copies it.
 */
export async function wholeMarket(): Promise<WholeMarket> {
  let made: MarketSeedOutcome | undefined;
  const template = await runTemplate(
    'whole-market',
    async (file) => {
      made = await seedWholeMarket(file);
      return JSON.stringify(made);
    },
    WHOLE_MARKET_TIMEOUT_MS,
  );
  if (template) return { database: template, outcome: made ?? (templateNote(template) as MarketSeedOutcome) };
  // Outside a test run (or its maker failed): a database of this file's own.
  const dir = mkdtempSync(join(tmpdir(), 'fcf-market-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const database = join(dir, 'market.db');
  return { database, outcome: await seedWholeMarket(database) };
}

/** A market folder holding only `codes`' financial summaries (links into the whole market's); remove it after. */
export function marketOf(codes: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-market-'));
  for (const file of ['fullStockList.csv', 'industryCoding.csv']) symlinkSync(join(MARKET_DIR, file), join(dir, file));
  mkdirSync(join(dir, 'summary'));
  for (const code of codes)
    symlinkSync(join(MARKET_DIR, 'summary', `${code}.csv`), join(dir, 'summary', `${code}.csv`));
  return dir;
}

/** `npm run seed:market <args>` in a process of its own against `databaseUrl`: its exit code and output. */
export function runSeedMarketCommand(
  args: readonly string[],
  databaseUrl: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sync-server/src/seed/seed-market.ts', ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}
