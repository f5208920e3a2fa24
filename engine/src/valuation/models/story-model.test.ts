import { describe, expect, it } from 'vitest';
import { isValuationError } from '../../errors.ts';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { valueCompany } from '../company-valuation.ts';
import { storyDefaults } from './story-defaults.ts';
import { STORY_MODEL } from './story-model.ts';

/** The story model for a company: its levers from the company's history (docs/model.md, the story model). */
describe('the story model’s defaults from 样本公司', () => {
  const defaults = storyDefaults({ statements: SAMPLE_COMPANY });
  const fcff = valueCompany({ statements: SAMPLE_COMPANY });

  it('starts from the latest year and the company’s own ratios', () => {
    const { inputs } = defaults;
    expect(defaults.latestYear).toBe(2024);
    expect(inputs.base_revenue).toBe(100);
    expect(inputs.base_operating_income).toBeCloseTo(20, 12);
    // Revenue grew 25% a year (the FCFF's growth cap, too); the margin was 20% every year.
    expect(inputs.revenue_growth_years_1_5).toBeCloseTo(0.25, 12);
    expect(inputs.target_operating_margin).toBeCloseTo(0.2, 12);
    expect(inputs.effective_tax_rate).toBeCloseTo(0.25, 12);
    expect(inputs.marginal_tax_rate).toBe(0.25);
    expect(inputs.margin_convergence_year).toBe(5);
  });

  it('discounts at the FCFF’s WACC, moving to a mature company’s cost of capital, and bridges with its balance sheet', () => {
    const { inputs } = defaults;
    expect(inputs.cost_of_capital_initial).toBe(fcff.parameters.wacc);
    expect(inputs.cost_of_capital_terminal).toBeCloseTo(0.09, 12);
    expect(inputs.terminal_roc).toBe(inputs.cost_of_capital_terminal);
    expect(inputs.terminal_growth).toBe(fcff.parameters.terminal_growth_rate);
    expect(inputs.debt).toBe(fcff.bridge.interest_bearing_liabilities);
    expect(inputs.cash).toBe(fcff.bridge.cash);
    expect(inputs.minority_interest).toBe(fcff.bridge.minority_interest);
    expect(inputs.non_operating_assets).toBe(fcff.bridge.non_core_assets);
    expect(inputs.shares).toBe(fcff.parameters.total_shares);
  });

  it('takes sales-to-capital as revenue over invested capital (equity + minority + debt − cash)', () => {
    // 2022–2024: revenue 64, 80, 100 over 100 + 3 + 35 − 32 = 106.
    expect(defaults.inputs.sales_to_capital_years_1_5).toBeCloseTo((64 + 80 + 100) / 3 / 106, 12);
    expect(defaults.basis.sales_to_capital_years_1_5).toContain('2022、2023、2024');
  });
});

describe('STORY_MODEL.value', () => {
  it('values the company with its defaults, and with a person’s levers on top', () => {
    const base = STORY_MODEL.value({ statements: SAMPLE_COMPANY });
    expect(base.model).toBe('story');
    expect(base.columns).toEqual([...Array.from({ length: 10 }, (_, i) => String(2025 + i)), '永续期']);
    expect(base.value_per_share).toBeGreaterThan(0);
    expect(base.rows.every((row) => row.values.length === 11)).toBe(true);
    const told = STORY_MODEL.value({ statements: SAMPLE_COMPANY, levers: { target_operating_margin: 0.3 } });
    expect(told.detail.inputs.target_operating_margin).toBe(0.3);
    expect(told.detail.basis.target_operating_margin).toBe('手动设置');
    expect(told.value_per_share ?? 0).toBeGreaterThan(base.value_per_share ?? 0);
  });

  it('refuses a lever out of range or of another model, by its field', () => {
    const refusal = (levers: Record<string, number>) => {
      try {
        STORY_MODEL.value({ statements: SAMPLE_COMPANY, levers });
      } catch (error) {
        if (isValuationError(error)) return `${error.code}:${error.field}`;
      }
      return null;
    };
    expect(refusal({ margin_convergence_year: 12 })).toBe('INVALID_MODEL_INPUT:margin_convergence_year');
    expect(refusal({ cost_of_equity: 0.1 })).toBe('INVALID_MODEL_INPUT:cost_of_equity');
    expect(refusal({ terminal_growth: 0.05, cost_of_capital_terminal: 0.04 })).toBe(
      'INVALID_MODEL_INPUT:cost_of_capital_terminal',
    );
  });

  it('warns a terminal return on capital below the terminal cost of capital', () => {
    const result = STORY_MODEL.value({ statements: SAMPLE_COMPANY, levers: { terminal_roc: 0.05 } });
    expect(result.warnings.map((warning) => warning.code)).toContain('terminal_ronic_below_wacc');
  });
});
