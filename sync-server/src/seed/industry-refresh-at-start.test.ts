import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../bootstrap.ts';
import { execute, queryOne } from '../db/query.ts';
import { startTestPlatform } from '../testing/test-platform.ts';

describe('industries at every start', () => {
  let dir = '';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('re-files a misfiled company of an already seeded database when the server starts again', async () => {
    const platform = await startTestPlatform();
    dir = platform.dir;
    // As the old list reading filed it: a manufacturer under 电力… (β 0.7).
    execute(platform.db, "UPDATE companies SET industry = '电力、热力、燃气及水的生产和供应业' WHERE code = '600298'");
    platform.db.close();

    const restarted = await startPlatform(platform.config);
    try {
      const row = queryOne<{ industry: string }>(restarted.db, "SELECT industry FROM companies WHERE code = '600298'");
      expect(row?.industry).toBe('制造业');
    } finally {
      restarted.db.close();
    }
  });
});
