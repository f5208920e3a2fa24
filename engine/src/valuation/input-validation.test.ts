import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateValuationInput } from './input-validation.ts';
import { ADJUSTABLE_PARAMETERS, type AdjustableParameter, PARAMETER_RULES, parameterError } from './parameter-rules.ts';
import { VALUATION_PARAMETER_KEYS } from './parameters.ts';

const context = { firstForecastYear: 2025, wacc: 0.09, terminalGrowth: 0.02 };

describe('validateValuationInput', () => {
  it('accepts an input inside every range', () => {
    expect(
      validateValuationInput(
        {
          parameters: {
            wacc_manual: 0.1,
            terminal_growth_rate_manual: 0.03,
            total_shares_manual: 12,
            ronic_manual: 0.12,
          },
          overrides: { 2026: { operating_revenue_yoy: 0.1, Inventories_Ratio: 0.2 } },
        },
        context,
      ),
    ).toEqual([]);
  });

  it.each([
    ['WACC 800%', { wacc_manual: 8 }, 'wacc_manual', 'WACC（wacc_manual）为 800%，超出合理范围（1% 至 30%）'],
    ['WACC −50%', { wacc_manual: -0.5 }, 'wacc_manual', 'WACC（wacc_manual）为 -50%，超出合理范围（1% 至 30%）'],
    ['WACC 0', { wacc_manual: 0 }, 'wacc_manual', 'WACC（wacc_manual）为 0%，超出合理范围（1% 至 30%）'],
    [
      'no shares',
      { total_shares_manual: 0 },
      'total_shares_manual',
      '总股本（亿股）（total_shares_manual）为 0，超出合理范围（0.0001 至 100000）',
    ],
    [
      'a text',
      { terminal_growth_rate_manual: '3%' },
      'terminal_growth_rate_manual',
      '永续增长率（terminal_growth_rate_manual）：无效的数值',
    ],
  ])('refuses %s, naming the field, the value and the range', (_, parameters, field, message) => {
    const issues = validateValuationInput({ parameters }, context);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ field, message });
  });

  it('refuses per-year drivers out of range: tax 150%, revenue growth 1000%', () => {
    const issues = validateValuationInput(
      { overrides: { 2025: { income_tax_to_total_profit: 1.5 }, 2027: { operating_revenue_yoy: 10 } } },
      context,
    );
    expect(issues.map((issue) => [issue.field, issue.min, issue.max])).toEqual([
      ['income_tax_to_total_profit@2025', 0, 0.5],
      ['operating_revenue_yoy@2027', -0.2, 0.25],
    ]);
    expect(issues[1]?.message).toBe(
      '营业收入增长率（operating_revenue_yoy@2027）为 1000%，超出合理范围（-20% 至 25%）',
    );
  });

  it('names the years outside the forecast horizon', () => {
    const issues = validateValuationInput(
      { overrides: { 2031: { da_ratio: 0.05 }, 2024: { da_ratio: 0.05 }, 2026: { da_ratio: 0.05 } } },
      context,
    );
    expect(issues).toEqual([
      {
        code: 'year_outside_horizon',
        field: 'year',
        value: [2024, 2031],
        years: [2024, 2031],
        min: 2025,
        max: 2029,
        message: '预测期为 2025–2029 年，以下年份不在预测期内，不能设置预测参数：2024、2031',
      },
    ]);
  });

  it('refuses WACC ≤ g on the effective pair', () => {
    expect(
      validateValuationInput({ parameters: { terminal_growth_rate_manual: 0.06 } }, { ...context, wacc: 0.05 }),
    ).toEqual([
      {
        code: 'wacc_not_above_growth',
        field: 'terminal_growth_rate_manual',
        value: 0.06,
        message: 'WACC（5%）必须大于永续增长率（6%）',
      },
    ]);
    expect(validateValuationInput({ parameters: { wacc_manual: 0.02 } }, context)[0]).toMatchObject({
      field: 'wacc_manual',
      message: 'WACC（2%）必须大于永续增长率（2%）',
    });
    // Clearing the manual WACC brings back the calculated one.
    expect(
      validateValuationInput(
        { parameters: { wacc_manual: null } },
        { ...context, terminalGrowth: 0.05, calculatedWacc: 0.04 },
      ),
    ).toHaveLength(1);
  });

  it('refuses unknown parameters and terminal methods', () => {
    const issues = validateValuationInput(
      { parameters: { beta: 1.2, terminal_value_method: 'exit_multiple' }, overrides: { 2026: { magic: 1 } } },
      context,
    );
    expect(issues.map((issue) => issue.field)).toEqual(['beta', 'terminal_value_method', 'magic@2026']);
  });

  it('agrees with the parameter table’s own check on every parameter and value (property)', () => {
    const storedKeys: ReadonlySet<string> = new Set(VALUATION_PARAMETER_KEYS);
    fc.assert(
      fc.property(
        fc.constantFrom<AdjustableParameter>(...ADJUSTABLE_PARAMETERS),
        fc.oneof(
          fc.double({ noNaN: false }),
          fc.constantFrom(...Object.values(PARAMETER_RULES).flatMap((r) => [r.min, r.max])),
        ),
        (name, value) => {
          const input = storedKeys.has(name)
            ? { parameters: { [name]: value } }
            : { overrides: { 2026: { [name]: value } } };
          // A WACC or g inside its range can still meet the other at WACC ≤ g: keep the pair apart here.
          const issues = validateValuationInput(input, { ...context, wacc: 0.5, terminalGrowth: -0.5 });
          expect(issues.length > 0).toBe(parameterError(name, value) !== undefined);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
