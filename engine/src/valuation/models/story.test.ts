import { describe, expect, it } from 'vitest';
import { isValuationError } from '../../errors.ts';
import { STORY_EXAMPLE } from '../../testing/story-example.ts';
import {
  buildStorySpreadsheet,
  STORY_SHEET_RESULTS,
  STORY_SHEET_ROWS,
  TERMINAL_COLUMN,
} from '../../testing/story-spreadsheet.ts';
import { goingConcernValue, storyInputIssues, storyValuation } from './story.ts';

const EXAMPLE = STORY_EXAMPLE;
const valuation = storyValuation(EXAMPLE);

describe('the story model on a worked example', () => {
  it('holds growth, tax and cost of capital for years 1–5 and moves each linearly to its terminal level by year 10', () => {
    const pick = (key: 'growth' | 'tax_rate' | 'cost_of_capital') => valuation.years.map((year) => year[key]);
    const fade = (start: number, end: number) =>
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => (t <= 5 ? start : start + ((end - start) * (t - 5)) / 5));
    expect(pick('growth')).toEqual(fade(0.3, 0.025).map((value) => expect.closeTo(value, 14)));
    expect(pick('tax_rate')).toEqual(fade(0.15, 0.25).map((value) => expect.closeTo(value, 14)));
    expect(pick('cost_of_capital')).toEqual(fade(0.1, 0.08).map((value) => expect.closeTo(value, 14)));
    expect(valuation.years[9]?.growth).toBeCloseTo(0.025, 14);
  });

  it('converges the margin from today’s −8% to 15% by year 4, and holds it', () => {
    const margins = valuation.years.map((year) => year.operating_margin);
    expect(margins.slice(0, 4)).toEqual([-0.0225, 0.035, 0.0925, 0.15].map((value) => expect.closeTo(value, 14)));
    for (const margin of margins.slice(4)) expect(margin).toBeCloseTo(0.15, 14);
  });

  it('taxes no loss, and carries year 1’s loss against year 2’s profit', () => {
    const [first, second, third] = valuation.years;
    // Year 1: revenue 1,300, EBIT −29.25, no tax. Year 2: revenue 1,690, EBIT 59.15, taxed on 59.15 − 29.25.
    expect(first?.operating_income).toBeCloseTo(-29.25, 10);
    expect(first?.nopat).toBeCloseTo(-29.25, 10);
    expect(second?.operating_income).toBeCloseTo(59.15, 10);
    expect(second?.nopat).toBeCloseTo(59.15 - (59.15 - 29.25) * 0.15, 10);
    expect(third?.nopat).toBeCloseTo((third?.operating_income ?? 0) * 0.85, 10);
  });

  it('reinvests Δrevenue ÷ sales-to-capital and discounts with cumulative factors', () => {
    const [first, second] = valuation.years;
    expect(first?.reinvestment).toBeCloseTo(300 / 1.5, 10);
    expect(second?.reinvestment).toBeCloseTo(390 / 1.5, 10);
    expect(valuation.years[5]?.reinvestment).toBeCloseTo(
      ((valuation.years[5]?.revenue ?? 0) - (valuation.years[4]?.revenue ?? 0)) / 2.5,
      10,
    );
    let factor = 1;
    for (const year of valuation.years) {
      factor /= 1 + year.cost_of_capital;
      expect(year.discount_factor).toBeCloseTo(factor, 15);
      expect(year.pv).toBeCloseTo(year.fcff * factor, 10);
    }
  });

  it('reinvests g ÷ ROC of the terminal NOPAT, and bridges to equity with the chance of failure', () => {
    const { terminal } = valuation;
    const year10 = valuation.years[9];
    expect(terminal.revenue).toBeCloseTo((year10?.revenue ?? 0) * 1.025, 9);
    expect(terminal.nopat).toBeCloseTo(terminal.revenue * 0.15 * 0.75, 9);
    expect(terminal.reinvestment).toBeCloseTo((0.025 / 0.12) * terminal.nopat, 9);
    expect(terminal.value).toBeCloseTo(terminal.fcff / (0.08 - 0.025), 9);
    expect(terminal.pv).toBeCloseTo(terminal.value * (year10?.discount_factor ?? 0), 9);
    const goingConcern = goingConcernValue(valuation);
    expect(valuation.operating_assets).toBeCloseTo(goingConcern * 0.9 + 400 * 0.1, 9);
    expect(valuation.equity_value).toBeCloseTo(valuation.operating_assets - 300 - 20 + 200 + 50, 9);
    expect(valuation.value_per_share).toBeCloseTo(valuation.equity_value / 100, 12);
  });

  it('agrees year by year with an independent spreadsheet (HyperFormula) to 1e-9', () => {
    const sheet = buildStorySpreadsheet(EXAMPLE);
    const close = (engine: number, cell: number) =>
      expect(Math.abs(engine - cell)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(cell)));
    const rows = STORY_SHEET_ROWS;
    for (const year of valuation.years) {
      const column = sheet.yearColumn(year.year);
      for (const key of [
        'growth',
        'revenue',
        'operating_margin',
        'operating_income',
        'tax_rate',
        'nopat',
        'reinvestment',
        'fcff',
        'cost_of_capital',
        'discount_factor',
        'pv',
      ] as const) {
        close(year[key], sheet.read(column, rows[key]));
      }
    }
    const { terminal } = valuation;
    for (const key of ['revenue', 'nopat', 'reinvestment', 'fcff', 'pv'] as const) {
      close(terminal[key], sheet.read(TERMINAL_COLUMN, rows[key]));
    }
    close(terminal.value, sheet.read(TERMINAL_COLUMN, rows.terminal_value));
    const results = STORY_SHEET_RESULTS;
    close(goingConcernValue(valuation), sheet.read('B', results.going_concern));
    close(valuation.operating_assets, sheet.read('B', results.operating_assets));
    close(valuation.equity_value, sheet.read('B', results.equity_value));
    close(valuation.value_per_share ?? Number.NaN, sheet.read('B', results.value_per_share));
  });

  it('gives no value per share without shares (0), the equity value still', () => {
    const noShares = storyValuation({ ...EXAMPLE, shares: 0 });
    expect(noShares.value_per_share).toBeNull();
    expect(noShares.equity_value).toBe(valuation.equity_value);
  });
});

describe('storyInputIssues', () => {
  it('accepts the example', () => {
    expect(storyInputIssues(EXAMPLE)).toEqual([]);
  });

  it('refuses a terminal cost of capital at or below the terminal growth, naming the field', () => {
    const issues = storyInputIssues({ ...EXAMPLE, cost_of_capital_terminal: 0.025 });
    expect(issues).toEqual([
      expect.objectContaining({ code: 'wacc_not_above_growth', field: 'cost_of_capital_terminal' }),
    ]);
    expect(issues[0]?.message).toContain('永续期资本成本（cost_of_capital_terminal）');
  });

  it('refuses a convergence year outside 1–10 or not whole, and a non-number, each by its field', () => {
    for (const year of [0, 11, 3.5]) {
      expect(storyInputIssues({ ...EXAMPLE, margin_convergence_year: year })).toEqual([
        expect.objectContaining({ code: 'out_of_range', field: 'margin_convergence_year', min: 1, max: 10 }),
      ]);
    }
    expect(storyInputIssues({ ...EXAMPLE, base_revenue: '1000' })).toEqual([
      expect.objectContaining({ code: 'invalid_number', field: 'base_revenue' }),
    ]);
    expect(storyInputIssues({ ...EXAMPLE, base_revenue: 0 })[0]?.message).toContain('大于 0');
  });

  it('makes storyValuation refuse what it refuses', () => {
    let code: string | null = null;
    try {
      storyValuation({ ...EXAMPLE, margin_convergence_year: 11 });
    } catch (error) {
      code = isValuationError(error) ? `${error.code}:${error.field}` : null;
    }
    expect(code).toBe('INVALID_MODEL_INPUT:margin_convergence_year');
  });
});
