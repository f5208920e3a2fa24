import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, writeBundle } from '../store/db.ts';
import { marketOf } from '../store/quote-answer.ts';
import { storedReportKey, writeStoredReport } from '../store/stored-reports.ts';
import { ENGINE_BUILD } from '../worker/engine-client.ts';
import { keptReportAtHand } from './kept-report.ts';
import { readAheadReportInputs, reportInputs } from './report-inputs.ts';
import { sampleBundle, sampleReport } from './testing/sample-report.ts';

afterEach(async () => {
  const db = await openStore();
  await db?.companyBundles.clear();
  await db?.reports.clear();
});

describe('a report kept for the inputs read ahead', () => {
  it('is shown without the loader, and the loader then finds the very same report', async () => {
    const bundle = sampleBundle({}, { code: '000333' });
    const report = sampleReport();
    await writeBundle(bundle);
    await writeStoredReport('000333', storedReportKey(ENGINE_BUILD, bundle, marketOf(null)), report);
    readAheadReportInputs('000333');
    const kept = await keptReportAtHand('000333');
    expect(kept?.report).toEqual(report);
    expect(kept?.name).toBe(bundle.company.name);
    const { kept: forLoader } = await reportInputs('000333');
    expect((await forLoader)?.report).toBe(kept?.report);
  });

  it('is not shown for other inputs: another bundle version, nothing read ahead, or no copy', async () => {
    const bundle = sampleBundle({}, { code: '000333' });
    await writeBundle({ ...bundle, version: 2 });
    await writeStoredReport('000333', storedReportKey(ENGINE_BUILD, bundle, marketOf(null)), sampleReport());
    readAheadReportInputs('000333');
    expect(await keptReportAtHand('000333')).toBeNull();
    reportInputs('000333');
    expect(await keptReportAtHand('000333')).toBeNull();
    readAheadReportInputs('600000');
    expect(await keptReportAtHand('600000')).toBeNull();
  });
});
