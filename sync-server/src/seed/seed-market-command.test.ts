import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseLocation, openDatabase } from '../db/database.ts';
import { queryAll } from '../db/query.ts';
import { MARKET_DIR, marketOf, runSeedMarketCommand } from '../testing/market-seed.ts';
import { siblingQuotesDir } from './market-seed.ts';

/**
 * `npm run seed:market <dir> [quotes dir]` as an operator runs it: a process of its own against the database
 * of DATABASE_URL. Two companies' summaries keep it quick; what the seeding does over the whole market is
 * market-seed.test.ts's, running it again included.
 */
const COMPANIES = ['600011', '600298'];
const QUOTES_DIR = siblingQuotesDir(MARKET_DIR) ?? '';

let dir: string;
let market: string;
let databaseUrl: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fcf-seed-command-'));
  databaseUrl = `file:${join(dir, 'fcf.db')}`;
  market = marketOf(COMPANIES);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(market, { recursive: true, force: true });
});

describe('npm run seed:market', () => {
  it('without a folder prints its usage in Chinese and exits 2', async () => {
    const run = await runSeedMarketCommand([], databaseUrl);
    expect(run.code).toBe(2);
    expect(run.output).toContain('用法：npm run seed:market <目录> [行情目录]');
  });

  it('imports the summaries and the quote folder it is given, then reports what it did', async () => {
    const run = await runSeedMarketCommand([market, QUOTES_DIR], databaseUrl);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain(`行情目录：${QUOTES_DIR}`);
    expect(run.output).toMatch(/全市场导入完成：财务摘要 2 \/ 2 个文件（0 个已导入过，未变），行情 6 个文件 \d+ 行/);
    expect(run.output).not.toContain('失败');
    const db = openDatabase(databaseLocation(databaseUrl));
    try {
      const companies = queryAll<{ code: string }>(db, 'SELECT code FROM companies WHERE deleted = 0 ORDER BY code');
      expect(companies.map((company) => company.code)).toEqual(COMPANIES);
      const quoted = queryAll<{ code: string }>(
        db,
        'SELECT DISTINCT company_code AS code FROM quote_history ORDER BY code',
      );
      expect(quoted.map((row) => row.code)).toEqual(COMPANIES);
    } finally {
      db.close();
    }
  });
});
