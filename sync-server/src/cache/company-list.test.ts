import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentChangeSeq } from '../db/change-seq.ts';
import { findCompany, listCompanies } from '../store/companies.ts';
import { removeCompany } from '../store/removal.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { CompanyListSnapshot } from './company-list.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

describe('CompanyListSnapshot', () => {
  it('holds the stored list with pinyin, and the companies with a history apart', async () => {
    const list = await new CompanyListSnapshot(platform.db).current();
    expect(list.all.map(({ pinyin: _pinyin, initials: _initials, ...company }) => company)).toEqual(
      listCompanies(platform.db),
    );
    expect(list.all.find((company) => company.name === '美的集团')).toMatchObject({ initials: 'mdjt' });
    expect(list.withHistory).toEqual(list.all.filter((company) => company.has_forecast_data));
  });

  it('keeps the list across writes that do not change it; rebuilds it once, for every caller, when one does', async () => {
    const snapshot = new CompanyListSnapshot(platform.db);
    const first = await snapshot.current();
    expect(await snapshot.current()).toBe(first);
    const seq = currentChangeSeq(platform.db);
    const edit = await platform.call('POST', `/api/admin/adjust-parameters/${encodeURIComponent('美的集团')}`, {
      token: await platform.adminToken(),
      body: { company_name: '美的集团', year: null, parameters: { wacc_manual: 0.11 } },
    });
    expect(edit.status).toBe(200);
    expect(currentChangeSeq(platform.db)).toBeGreaterThan(seq);
    expect(await snapshot.current()).toBe(first);

    const removed = findCompany(platform.db, '美的集团')?.code ?? '';
    removeCompany(platform.db, removed);
    const [rebuilt, sameRebuild] = await Promise.all([snapshot.current(), snapshot.current()]);
    expect(sameRebuild).toBe(rebuilt);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.all.map((company) => company.code)).not.toContain(removed);
    expect(rebuilt.all).toHaveLength(first.all.length - 1);
  });
});
