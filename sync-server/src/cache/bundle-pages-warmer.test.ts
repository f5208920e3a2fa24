import { bundleIndustriesAnswer, bundleOfPage, companyBundlesAnswer, healthAnswer } from '@fcf/engine/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { answerOf } from '../testing/answers.ts';
import { startTestPlatform, type TestPlatform } from '../testing/test-platform.ts';
import { ValuationService } from '../valuation/valuation-service.ts';
import { LARGE_WRITE_SEQS } from './bundle-pages-warmer.ts';

/**
 * The offline download's pages built ahead: after the start and after a write, once the data is quiet, a
 * reader's page is already there, and it is the page of the data as it now is (never an older one).
 */

const FIRST_PAGE = '/api/data/company-bundles';
/** The data's quiet before a warm-up, shortened for the tests. */
const QUIET_MS = 200;
const MIDEA = encodeURIComponent('美的集团');

let platform: TestPlatform;
let admin: string;

beforeAll(async () => {
  platform = await startTestPlatform({}, { warmBundlePages: true, warmAfterQuietMs: QUIET_MS });
  admin = await platform.adminToken();
});
afterAll(() => platform.close());

async function idle(): Promise<void> {
  await platform.bundlePages?.idle();
}

const changeSeq = async () =>
  (await answerOf(await platform.call('GET', '/api/data/health'), healthAnswer)).data.change_seq;

describe('the pages of the offline download, built ahead', () => {
  it('answers the first page after the start without building it for the request', async () => {
    expect(platform.bundlePages).toBeDefined();
    await idle();
    const reads = vi.spyOn(ValuationService.prototype, 'bundleSlices');
    try {
      const page = await answerOf(await platform.call('GET', FIRST_PAGE), companyBundlesAnswer);
      expect(page.data.bundles.length).toBeGreaterThan(3);
      expect(page.data.next).toBeNull();
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
  });

  it('builds it again after a write, with the write in it, and never answers the page of before', async () => {
    await idle();
    const before = await answerOf(await platform.call('GET', FIRST_PAGE), companyBundlesAnswer);
    const edit = await platform.call('POST', `/api/admin/adjust-parameters/${MIDEA}`, {
      token: admin,
      body: { company_name: '美的集团', year: null, parameters: { wacc_manual: 0.111 } },
    });
    expect(edit.status).toBe(200);
    // Asked at once, before the data was quiet: built for the request, of the data after the write.
    const atOnce = await answerOf(await platform.call('GET', FIRST_PAGE), companyBundlesAnswer);
    const midea = (answer: typeof atOnce) => answer.data.bundles.find((bundle) => bundle.company.name === '美的集团');
    expect(midea(atOnce)?.parameters.wacc_manual).toBe(0.111);
    expect(midea(before)?.parameters.wacc_manual).not.toBe(0.111);

    const second = await platform.call('POST', `/api/admin/adjust-parameters/${MIDEA}`, {
      token: admin,
      body: { company_name: '美的集团', year: null, parameters: { wacc_manual: 0.112 } },
    });
    expect(second.status).toBe(200);
    await idle();
    const reads = vi.spyOn(ValuationService.prototype, 'bundleSlices');
    const comparisons = vi.spyOn(ValuationService.prototype, 'comparisonSlices');
    try {
      const warmed = await answerOf(await platform.call('GET', FIRST_PAGE), companyBundlesAnswer);
      const given = await answerOf(
        await platform.call('GET', '/api/data/company-bundles/industries'),
        bundleIndustriesAnswer,
      );
      expect(reads).not.toHaveBeenCalled();
      expect(comparisons).not.toHaveBeenCalled();
      expect(midea(warmed)?.parameters.wacc_manual).toBe(0.112);
      expect(warmed.data.bundles.every((bundle) => bundle.version === warmed.data.bundles[0]?.version)).toBe(true);
      // The page's version is its data's last write (the edit), before the revaluation that followed; the
      // industries' answer is of the sequence after it; put together, the bundle is labelled the earlier.
      const paged = midea(warmed);
      expect(given.data.version).toBe(await changeSeq());
      expect(paged?.version).toBeLessThan(given.data.version);
      expect(paged && bundleOfPage(paged, warmed.data, given.data)?.version).toBe(paged?.version);
    } finally {
      reads.mockRestore();
      comparisons.mockRestore();
    }
  });

  it('builds nothing after a single edit while no reader downloads, and again after a large write', async () => {
    const quiet = await startTestPlatform({}, { warmBundlePages: true, warmAfterQuietMs: QUIET_MS });
    try {
      const token = await quiet.adminToken();
      await quiet.bundlePages?.idle();
      const warmUps = vi.spyOn(ValuationService.prototype, 'bundleSlices');
      try {
        const edit = await quiet.call('POST', `/api/admin/adjust-parameters/${MIDEA}`, {
          token,
          body: { company_name: '美的集团', year: null, parameters: { wacc_manual: 0.113 } },
        });
        expect(edit.status).toBe(200);
        await quiet.bundlePages?.idle();
        expect(warmUps).not.toHaveBeenCalled();
      } finally {
        warmUps.mockRestore();
      }
      // As many change sequence numbers as a batch valuation of a hundred companies takes.
      transaction(quiet.db, () => {
        for (let seq = 0; seq < LARGE_WRITE_SEQS; seq++) nextChangeSeq(quiet.db);
      });
      quiet.bundlePages?.schedule();
      await quiet.bundlePages?.idle();
      const reads = vi.spyOn(ValuationService.prototype, 'bundleSlices');
      try {
        await answerOf(await quiet.call('GET', FIRST_PAGE), companyBundlesAnswer);
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    } finally {
      await quiet.close();
    }
  });

  it('stops with the platform: no warm-up is left running against a closed database', async () => {
    const other = await startTestPlatform({}, { warmBundlePages: true, warmAfterQuietMs: QUIET_MS });
    await other.close();
    await expect(other.bundlePages?.idle()).resolves.toBeUndefined();
  });
});
