import { describe, expect, it } from 'vitest';
import { DRIVER_KEYS } from '../forecast/drivers.ts';
import {
  ADJUSTABLE_PARAMETERS,
  isAdjustableParameter,
  PARAMETER_RULES,
  parameterError,
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
