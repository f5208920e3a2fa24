import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { companyValuationAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readData } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { seedMarket } from './market-seed.ts';

/**
 * `npm run seed:market` never re-bases a company that has full statements (docs/model.md section 2): 顺丰控股
 * and 圆通速递 (fixtures/163, income statements and balance sheets to 2018) keep their value when the market's
 * financial summaries add 2019; the value says a newer summary is there.
 */
const MARKET_DIR = fileURLToPath(new URL('../../../../shared/data/market/', import.meta.url));
const COMPANIES = ['002352', '600233'];
const NAMES: Readonly<Record<string, string>> = { '002352': '顺丰控股', '600233': '圆通速递' };

let platform: TestPlatform;
let market: string;
const before = new Map<string, number | null>();

/** The answer by code, or by name: a path of its own, as a reader arriving after the seeding would ask. */
async function companyValue(code: string, byName = false) {
  const company = byName ? encodeURIComponent(NAMES[code] ?? code) : code;
  return readData(platform, `/api/home/dcf_valuation/${company}`, companyValuationAnswer);
}

beforeAll(async () => {
  // The market folder with only these two companies' summaries: the whole market is another test's.
  market = mkdtempSync(join(tmpdir(), 'fcf-market-'));
  for (const file of ['fullStockList.csv', 'industryCoding.csv'])
    symlinkSync(join(MARKET_DIR, file), join(market, file));
  mkdirSync(join(market, 'summary'));
  for (const code of COMPANIES)
    symlinkSync(join(MARKET_DIR, 'summary', `${code}.csv`), join(market, 'summary', `${code}.csv`));
  platform = await startTestPlatform();
  for (const code of COMPANIES) {
    const view = await companyValue(code);
    before.set(code, view.model === 'fcff' ? view.valuation.value_per_share : null);
  }
  const seeded = seedMarket(platform.db, { marketDir: market });
  expect(seeded.failures).toEqual([]);
  expect(seeded.statementFiles.imported).toBe(2);
}, 180_000);
afterAll(async () => {
  await platform.close();
  rmSync(market, { recursive: true, force: true });
});

describe('seed:market and a company with full statements', () => {
  it('leaves 顺丰 and 圆通 valued on their 2018 statements, warned newer_summary_available (2019)', async () => {
    for (const code of COMPANIES) {
      const view = await companyValue(code, true);
      if (view.model !== 'fcff') throw new Error(`${code} valued by ${view.model}`);
      expect(before.get(code), code).not.toBeNull();
      expect(view.valuation.value_per_share, code).toBe(before.get(code));
      expect(view.meta.latest_report_year, code).toBe(2018);
      expect(
        view.warnings.find((warning) => warning.code === 'newer_summary_available'),
        code,
      ).toMatchObject({
        year: 2019,
      });
    }
  });
});
