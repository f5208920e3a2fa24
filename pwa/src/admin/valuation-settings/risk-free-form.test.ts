import { RISK_FREE_RATE_MESSAGE, RISK_FREE_YEAR_MESSAGE } from '@fcf/engine';
import { describe, expect, it } from 'vitest';
import { draftOf, entryOf } from './risk-free-form.ts';

describe('the year-end form', () => {
  it('reads a yield typed in percent as a fraction, with an optional source', () => {
    expect(entryOf({ year: '2025', percent: '1.65', source: '' })).toEqual({ entry: { year: 2025, rate: 0.0165 } });
    expect(entryOf({ year: ' 2024 ', percent: '１.６８%', source: ' 中债 ' })).toEqual({
      entry: { year: 2024, rate: 0.0168, source: '中债' },
    });
  });

  it('refuses a yield outside 0%–20%, a non-number and a bad year with the server’s messages', () => {
    expect(entryOf({ year: '2024', percent: '25', source: '' })).toEqual({ error: RISK_FREE_RATE_MESSAGE });
    expect(entryOf({ year: '2024', percent: '-1', source: '' })).toEqual({ error: RISK_FREE_RATE_MESSAGE });
    expect(entryOf({ year: '2024', percent: '三', source: '' })).toEqual({ error: RISK_FREE_RATE_MESSAGE });
    expect(entryOf({ year: '1999', percent: '3', source: '' })).toEqual({ error: RISK_FREE_YEAR_MESSAGE });
    expect(entryOf({ year: '24', percent: '3', source: '' })).toEqual({ error: RISK_FREE_YEAR_MESSAGE });
  });

  it('fills the form from a row, leaving the seed’s source out', () => {
    const row = { year: 2024, rate: 0.0168, source: '种子', seed_rate: 0.0168, edited_by: null, edited_at: null };
    expect(draftOf(row, '种子')).toEqual({ year: '2024', percent: '1.68', source: '' });
    expect(draftOf({ ...row, source: '中债' }, '种子').source).toBe('中债');
  });
});
