import 'fake-indexeddb/auto';
import { buildCompanyReport, type CompanyBundle, type MarketContext } from '@fcf/engine/report';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openStore } from '../store/db.ts';
import { readStoredReport, STORED_REPORTS_LIMIT } from '../store/stored-reports.ts';
import { reportOf } from './report-of.ts';
import { sampleBundle } from './testing/sample-report.ts';

const computed: string[] = [];
vi.mock('../worker/engine-client.ts', () => ({
  ENGINE_BUILD: 'engine-build-1',
  computeReport: async (bundle: CompanyBundle, market?: MarketContext) => {
    computed.push(`${bundle.company.code}@${bundle.version}`);
    return buildCompanyReport(bundle, market);
  },
}));

const TODAY: MarketContext = { quote: null, today: '2026-11-24' };

/** Opening the report as the page does: with what is kept for the company. */
const open = (bundle: CompanyBundle, market: MarketContext) =>
  reportOf(bundle, market, readStoredReport(bundle.company.code));

beforeEach(async () => {
  computed.length = 0;
  await (await openStore())?.reports.clear();
});

describe('a report opened again', () => {
  it('is read back as it was computed, without the engine, while bundle and market context are the same', async () => {
    const bundle = sampleBundle();
    const first = await open(bundle, TODAY);
    await vi.waitFor(async () => expect(await (await openStore())?.reports.count()).toBe(1));
    const again = await open(bundle, TODAY);
    expect(computed).toEqual([`${bundle.company.code}@1`]);
    expect(again).toEqual(first);
    // The refresh action computes it again whatever is kept.
    expect(await reportOf(bundle, TODAY, undefined)).toEqual(first);
    expect(computed).toEqual([`${bundle.company.code}@1`, `${bundle.company.code}@1`]);
  });

  it('is computed again when the bundle, the quote or the day changed', async () => {
    const code = sampleBundle().company.code;
    const stored = async () => (await (await openStore())?.reports.get(code))?.key;
    await open(sampleBundle(), TODAY);
    await vi.waitFor(async () => expect(await stored()).toBeDefined());
    let key = await stored();
    const changes: [CompanyBundle, MarketContext][] = [
      [sampleBundle({}, { version: 2 }), TODAY],
      [sampleBundle({}, { version: 2 }), { ...TODAY, today: '2026-11-25' }],
      [sampleBundle({ wacc_manual: 0.1 }, { version: 3 }), { ...TODAY, today: '2026-11-25' }],
    ];
    for (const [bundle, market] of changes) {
      await open(bundle, market);
      await vi.waitFor(async () => expect(await stored()).not.toBe(key));
      key = await stored();
    }
    expect(computed).toEqual([`${code}@1`, `${code}@2`, `${code}@2`, `${code}@3`]);
  });

  it(`keeps the ${STORED_REPORTS_LIMIT} most recently computed companies`, async () => {
    const db = await openStore();
    for (let index = 0; index <= STORED_REPORTS_LIMIT; index++) {
      await open(sampleBundle({}, { code: String(600000 + index) }), TODAY);
      await vi.waitFor(async () => expect(await db?.reports.get(String(600000 + index))).toBeDefined());
    }
    expect(await db?.reports.count()).toBe(STORED_REPORTS_LIMIT);
    expect(await db?.reports.get('600000')).toBeUndefined();
    // 51 reports, each with its range's 10,000 draws (docs/model.md section 16).
  }, 60_000);
});
