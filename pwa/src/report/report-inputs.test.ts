import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, writeBundle } from '../store/db.ts';
import { recordRecentCompany } from '../ui/company-picker/recent-companies.ts';
import { exactCompanyMatch } from '../ui/company-picker/search.ts';
import { knownCompanyCode, readAheadReportInputs, reportInputs } from './report-inputs.ts';
import { sampleBundle } from './testing/sample-report.ts';

afterEach(async () => {
  localStorage.clear();
  await (await openStore())?.companyBundles.clear();
});

describe('the inputs of a report opened again', () => {
  it('knows a company by its six-digit code or by the name of a company opened recently', () => {
    expect(knownCompanyCode(' 000333 ')).toBe('000333');
    expect(knownCompanyCode('美的集团')).toBeNull();
    recordRecentCompany({ code: '000333', name: '美的集团', industry: '制造业' });
    expect(knownCompanyCode('美的集团 ')).toBe('000333');
    expect(knownCompanyCode('333')).toBeNull();
    const midea = { code: '000333', name: '美的集团' };
    expect(exactCompanyMatch([midea], ' 美的集团')).toBe(midea);
    expect(exactCompanyMatch([midea], '000333')).toBe(midea);
    expect(exactCompanyMatch([midea], '格力电器')).toBeUndefined();
  });

  it('reads the bundle, the market context and the kept report together; what was read ahead is used once', async () => {
    const bundle = sampleBundle({}, { code: '000333' });
    await writeBundle(bundle);
    readAheadReportInputs('000333');
    const ahead = reportInputs('000333');
    expect((await ahead).cached?.bundle).toEqual(bundle);
    expect((await ahead).market.quote).toBeNull();
    expect(await (await ahead).kept).toBeUndefined();
    // Read again, not the read-ahead one: the copy may have changed since.
    await writeBundle({ ...bundle, version: 2 });
    expect((await reportInputs('000333')).cached?.bundle.version).toBe(2);
    readAheadReportInputs('000333');
    expect((await reportInputs('600000')).cached).toBeUndefined();
    expect((await reportInputs('000333')).cached?.bundle.version).toBe(2);
  });
});
