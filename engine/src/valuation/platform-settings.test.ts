import { describe, expect, it } from 'vitest';
import { valueBundle } from '../report/company-bundle.ts';
import { ANGEL_YEAST } from '../testing/angel-yeast.ts';
import { valueCompany } from './company-valuation.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from './parameters.ts';
import { SEED_PLATFORM_SETTINGS } from './platform-settings.ts';
import { mergedRiskFreeRates } from './risk-free-rates.ts';

const AS_OF = '2020-06-30';

describe('the platform settings and the risk-free table as the engine’s inputs', () => {
  it('values by the seed’s Gordon formula unless the platform chooses the value driver', () => {
    expect(SEED_PLATFORM_SETTINGS.terminal_value_method).toBe('gordon');
    const seed = valueCompany({ statements: ANGEL_YEAST, asOf: AS_OF });
    expect(seed.dcf?.terminal_value_method).toBe('gordon');
    const driven = valueCompany({
      statements: ANGEL_YEAST,
      asOf: AS_OF,
      platform: { terminal_value_method: 'value_driver' },
    });
    expect(driven.parameters.terminal_value_method).toBe('value_driver');
    expect(driven.dcf?.terminal_value_method).toBe('value_driver');
    expect(driven.dcf?.valuation.value_per_share).not.toBeCloseTo(seed.dcf?.valuation.value_per_share ?? 0, 2);
    // The value driver at RONIC = WACC is the consistent value a Gordon answer sets beside its own.
    expect(driven.dcf?.valuation.value_per_share).toBeCloseTo(seed.dcf?.terminal.consistent_value_per_share ?? 0, 9);
  });

  it('lets a what-if’s own method win over the platform’s', () => {
    const chosen = valueCompany({
      statements: ANGEL_YEAST,
      asOf: AS_OF,
      parameters: { ...NO_MANUAL_PARAMETERS, terminal_value_method: 'gordon' },
      platform: { terminal_value_method: 'value_driver' },
    });
    expect(chosen.dcf?.terminal_value_method).toBe('gordon');
  });

  it('dates the WACC by the table it is given (an admin’s edit of 2019’s year-end)', () => {
    const seed = valueCompany({ statements: ANGEL_YEAST, asOf: AS_OF });
    const edited = valueCompany({
      statements: ANGEL_YEAST,
      asOf: AS_OF,
      waccAssumptions: { ...WACC_ASSUMPTIONS, riskFreeRates: mergedRiskFreeRates([{ year: 2019, rate: 0.05 }]) },
    });
    expect(seed.parameters.wacc_breakdown.components?.risk_free_rate).toBe(0.0314);
    expect(edited.parameters.wacc_breakdown.components?.risk_free_rate).toBe(0.05);
    expect(edited.parameters.wacc).toBeGreaterThan(seed.parameters.wacc);
    expect(edited.dcf?.valuation.value_per_share ?? 0).toBeLessThan(seed.dcf?.valuation.value_per_share ?? 0);
  });

  it('values a bundle with the settings and table it carries', () => {
    const bundle = {
      company: { code: ANGEL_YEAST.code, name: ANGEL_YEAST.name, industry: '制造业' },
      statements: ANGEL_YEAST,
      parameters: NO_MANUAL_PARAMETERS,
      overrides: {},
      waccAssumptions: { ...WACC_ASSUMPTIONS, riskFreeRates: mergedRiskFreeRates([{ year: 2019, rate: 0.05 }]) },
      version: 1,
      platform: { terminal_value_method: 'value_driver' as const },
    };
    const valued = valueBundle(bundle, AS_OF);
    expect(valued.dcf?.terminal_value_method).toBe('value_driver');
    expect(valued.parameters.wacc_breakdown.components?.risk_free_rate).toBe(0.05);
  });
});
