import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { safeParse } from 'zod/mini';
import { PERIOD_END_KEY, YEAR_KEY } from './company-contract.ts';
import { pagedReportsSchema } from './paged-figures-schema.ts';

const years = pagedReportsSchema(YEAR_KEY);
const interims = pagedReportsSchema(PERIOD_END_KEY);

describe('pagedReportsSchema', () => {
  it('takes reports keyed as the key says, each a list of numbers', () => {
    expect(safeParse(years, { '2022': [0, 1.5, 3, -2], '2023': [] }).success).toBe(true);
    expect(safeParse(years, {}).success).toBe(true);
    expect(safeParse(interims, { '2024-09-30': [1, 0.25] }).success).toBe(true);
  });

  it('refuses what z.record(key, z.array(z.number())) refuses', () => {
    for (const wrong of [
      null,
      [],
      [[0, 1]],
      'x',
      { '22': [0, 1] },
      { '2022-12-31': [0, 1] },
      { '2022': [0, '1'] },
      { '2022': [0, null] },
      { '2022': [0, Number.NaN] },
      { '2022': [0, Number.POSITIVE_INFINITY] },
      { '2022': { 0: 1 } },
      { '2022': 1 },
    ]) {
      expect(safeParse(years, wrong).success, JSON.stringify(wrong)).toBe(false);
    }
    expect(safeParse(interims, { '2024-12-31': [1, 0.25] }).success).toBe(false);
  });

  it('says the same in its JSON Schema (the documented API)', () => {
    expect(toJSONSchema(years, { unrepresentable: 'any' })).toMatchObject({
      type: 'object',
      propertyNames: { pattern: YEAR_KEY.source },
      additionalProperties: { type: 'array', items: { type: 'number' } },
    });
  });
});
