import { describe, expect, it } from 'vitest';
import { DRIVER_KEYS } from '../forecast/drivers.ts';
import {
  ADJUSTABLE_PARAMETERS,
  EXCESS_RETURN_PARAMETER_RULES,
  isAdjustableParameter,
  PARAMETER_RULES,
  parameterError,
  RONIC_RULE,
  rangeText,
  ruleViolation,
  STORY_PARAMETER_RULES,
  waccGrowthError,
} from './parameter-rules.ts';

describe('parameter rules', () => {
  it('cover every driver and the three valuation parameters', () => {
    expect(ADJUSTABLE_PARAMETERS).toHaveLength(DRIVER_KEYS.length + 3);
    for (const name of ADJUSTABLE_PARAMETERS) expect(PARAMETER_RULES[name].label).toBeTruthy();
    expect(isAdjustableParameter('wacc_manual')).toBe(true);
    expect(isAdjustableParameter('wacc')).toBe(false);
  });

  it('refuse what is not a number, with 无效的数值', () => {
    expect(parameterError('da_ratio', 'abc')).toBe('折旧摊销/营业收入：无效的数值');
    expect(parameterError('da_ratio', Number.NaN)).toBe('折旧摊销/营业收入：无效的数值');
  });

  it('hold growth to −20%..25% and state the range', () => {
    expect(parameterError('operating_revenue_yoy', 0.25)).toBeUndefined();
    expect(parameterError('operating_revenue_yoy', -0.2)).toBeUndefined();
    expect(parameterError('operating_revenue_yoy', 0.3)).toBe('营业收入增长率超出合理范围（-20% 至 25%）');
  });

  it('keep shares positive and in 亿股', () => {
    expect(parameterError('total_shares_manual', 0)).toContain('超出合理范围');
    expect(parameterError('total_shares_manual', 76.61)).toBeUndefined();
  });

  it('require WACC above g', () => {
    expect(waccGrowthError(0.08, 0.02)).toBeUndefined();
    expect(waccGrowthError(0.03, 0.03)).toBe('WACC（3%）必须大于永续增长率（3%）');
  });
});

describe('the models’ rules', () => {
  it('take the FCFF’s range where a lever means what an FCFF parameter means', () => {
    const range = ({ min, max }: { min: number; max: number }) => [min, max];
    expect(STORY_PARAMETER_RULES.terminal_growth).toBe(PARAMETER_RULES.terminal_growth_rate_manual);
    expect(range(STORY_PARAMETER_RULES.cost_of_capital_initial)).toEqual(range(PARAMETER_RULES.wacc_manual));
    expect(range(STORY_PARAMETER_RULES.cost_of_capital_terminal)).toEqual(range(PARAMETER_RULES.wacc_manual));
    expect(range(STORY_PARAMETER_RULES.effective_tax_rate)).toEqual(range(PARAMETER_RULES.income_tax_to_total_profit));
    expect(range(STORY_PARAMETER_RULES.terminal_roc)).toEqual(range(RONIC_RULE));
    expect(range(EXCESS_RETURN_PARAMETER_RULES.cost_of_equity)).toEqual(range(PARAMETER_RULES.wacc_manual));
  });

  it('refuse the minimum of an amount that must be above it, and a year that is not whole', () => {
    expect(ruleViolation(STORY_PARAMETER_RULES.base_revenue, 0)).toBe('out_of_range');
    expect(ruleViolation(STORY_PARAMETER_RULES.base_revenue, 0.01)).toBeUndefined();
    expect(ruleViolation(STORY_PARAMETER_RULES.margin_convergence_year, 3.5)).toBe('out_of_range');
    expect(ruleViolation(STORY_PARAMETER_RULES.margin_convergence_year, 10)).toBeUndefined();
    expect(ruleViolation(STORY_PARAMETER_RULES.shares, Number.POSITIVE_INFINITY)).toBe('invalid');
    expect(rangeText(STORY_PARAMETER_RULES.margin_convergence_year)).toBe('1 至 10 的整数');
    expect(rangeText(STORY_PARAMETER_RULES.base_revenue)).toBe('大于 0 至 1000000000000000');
  });
});
