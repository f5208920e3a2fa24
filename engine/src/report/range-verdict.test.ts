import { describe, expect, it } from 'vitest';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { WACC_ASSUMPTIONS } from '../valuation/wacc.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { cachedRangeOf, rangeVerdictOf } from './range-verdict.ts';

const BUNDLE: CompanyBundle = {
  company: { code: SAMPLE_COMPANY.code, name: SAMPLE_COMPANY.name, industry: '制造业' },
  statements: SAMPLE_COMPANY,
  parameters: { wacc_manual: null, terminal_growth_rate_manual: null, total_shares_manual: null },
  overrides: {},
  waccAssumptions: WACC_ASSUMPTIONS,
  version: 1,
};
const QUOTE = { price: 10, date: '2025-03-28', market_cap: null, shares: null };
const TODAY = '2025-03-31';

describe('the range drawn once per bundle version, quote and day', () => {
  it('answers the same range as drawn at once, and draws again only for another version, quote or day', () => {
    const rangeOf = cachedRangeOf();
    const first = rangeOf(BUNDLE, QUOTE, TODAY);
    expect(first).toEqual(rangeVerdictOf(BUNDLE, QUOTE, TODAY));
    expect(rangeOf(BUNDLE, QUOTE, TODAY)).toBe(first);
    expect(rangeOf({ ...BUNDLE, version: 2 }, QUOTE, TODAY)).not.toBe(first);
    expect(rangeOf(BUNDLE, { ...QUOTE, price: 20 }, TODAY)).not.toBe(first);
    expect(rangeOf(BUNDLE, QUOTE, '2025-04-01')).not.toBe(first);
  });

  it('keeps the most recently used ranges up to its limit', () => {
    const rangeOf = cachedRangeOf(2);
    const first = rangeOf(BUNDLE, QUOTE, TODAY);
    rangeOf({ ...BUNDLE, version: 2 }, QUOTE, TODAY);
    // Used again: the version 2 range is now the oldest and is the one dropped.
    expect(rangeOf(BUNDLE, QUOTE, TODAY)).toBe(first);
    rangeOf({ ...BUNDLE, version: 3 }, QUOTE, TODAY);
    expect(rangeOf(BUNDLE, QUOTE, TODAY)).toBe(first);
  });
});
