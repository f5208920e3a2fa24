import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute, queryAll } from '../db/query.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { addScreenerMenuOnce } from './seed-fixtures.ts';

describe('估值筛选 in the top menu of existing databases', () => {
  let platform: TestPlatform;
  const screenerItems = () =>
    queryAll<{ name: string }>(platform.db, "SELECT name FROM top_menus WHERE link = '/screener' AND deleted = 0");
  const topNames = () =>
    queryAll<{ name: string }>(
      platform.db,
      'SELECT name FROM top_menus WHERE parent_id IS NULL AND deleted = 0 ORDER BY sort_order, id',
    ).map((row) => row.name);

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(() => platform.close());

  it('a fresh install has it once, after 首页', () => {
    expect(screenerItems()).toHaveLength(1);
    expect(topNames().slice(0, 2)).toEqual(['首页', '估值筛选']);
  });

  it('a database seeded before it gets it once at start; an admin who removes it keeps it removed', () => {
    execute(platform.db, "UPDATE top_menus SET deleted = 1 WHERE link = '/screener'");
    execute(platform.db, "DELETE FROM meta WHERE key = 'menu_screener_added'");
    addScreenerMenuOnce(platform.db);
    expect(topNames().slice(0, 2)).toEqual(['首页', '估值筛选']);
    addScreenerMenuOnce(platform.db);
    expect(screenerItems()).toHaveLength(1);
    execute(platform.db, "UPDATE top_menus SET deleted = 1 WHERE link = '/screener'");
    addScreenerMenuOnce(platform.db);
    expect(screenerItems()).toHaveLength(0);
  });
});
