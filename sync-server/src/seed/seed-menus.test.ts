import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, queryAll } from '../db/query.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { seedFixtures } from './seed-fixtures.ts';

/** A database made before the newer report sections existed gets them at the next start. */

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const paths = () =>
  queryAll<{ path: string; deleted: number }>(platform.db, 'SELECT path, deleted FROM core_menus ORDER BY sort_order');

describe('seeding the default report sections', () => {
  it('adds the sections an older database lacks and keeps a section an admin removed removed', () => {
    const { db } = platform;
    execute(
      db,
      "DELETE FROM core_menus WHERE path IN ('basic-info', 'valuation-summary', 'growth', 'risk', 'sensitivity', 'pe-valuation')",
    );
    execute(db, "UPDATE core_menus SET deleted = 1 WHERE path = 'fcf-ratio'");
    seedFixtures(db, platform.config.fixturesDir, {
      directory: platform.directory,
      industries: platform.industries,
      uploadedBy: 'seed',
    });
    expect(paths()).toEqual([
      { path: 'basic-info', deleted: 0 },
      { path: 'valuation-summary', deleted: 0 },
      { path: 'roe-roic', deleted: 0 },
      { path: 'growth', deleted: 0 },
      { path: 'profitability', deleted: 0 },
      { path: 'risk', deleted: 0 },
      { path: 'industry-comparison', deleted: 0 },
      { path: 'fcf-structure', deleted: 0 },
      { path: 'fcf-ratio', deleted: 1 },
      { path: 'fcf-valuation', deleted: 0 },
      { path: 'sensitivity', deleted: 0 },
      { path: 'pe-valuation', deleted: 0 },
    ]);
  });
});
