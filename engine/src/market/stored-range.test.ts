import { describe, expect, it } from 'vitest';
import { isValuationError } from '../errors.ts';
import { bundleInput } from '../report/bundle-input.ts';
import { uncertaintyView } from '../report/uncertainty-view.ts';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE, SUMMARY_ONLY_BUNDLE } from '../testing/model-bundles.ts';
import { STORED_RANGE_DRAWS, storedRangeFor, storedRangeOf } from './stored-range.ts';

const TODAY = '2025-03-31';
const QUOTE = { price: 10, date: '2025-03-28', market_cap: null, shares: 20 };

/** What `work` answers, or the code of the engine's error it throws. */
function outcome<T>(work: () => T): T | { refused: string } {
  try {
    return work();
  } catch (error) {
    if (isValuationError(error)) return { refused: error.code };
    throw error;
  }
}

describe('the range a valuation run stores', () => {
  it('is the uncertainty answer’s at STORED_RANGE_DRAWS draws, by either model, with or without a quote', () => {
    let ranges = 0;
    for (const bundle of [SAMPLE_COMPANY_BUNDLE, ICBC_BUNDLE, SUMMARY_ONLY_BUNDLE]) {
      for (const quote of [null, QUOTE]) {
        const stored = outcome(() => storedRangeFor(bundle.company.code, bundleInput(bundle, TODAY, quote)));
        const answered = outcome(() =>
          storedRangeOf(uncertaintyView(bundle, quote, TODAY, { draws: STORED_RANGE_DRAWS })),
        );
        expect(stored, bundle.company.name).toEqual(answered);
        if (stored && 'rating' in stored) ranges++;
      }
    }
    expect(ranges).toBeGreaterThanOrEqual(4);
  });
});
