import { describe, expect, it } from 'vitest';
import { cellText, INVALID_NUMBER_MESSAGE, parseCellInput } from './cell-input.ts';

describe('parseCellInput', () => {
  it('stores percent fields divided by 100', () => {
    expect(parseCellInput('operating_revenue_yoy', '10')).toEqual({ kind: 'value', value: 0.1 });
    expect(parseCellInput('wacc_manual', '8.5')).toEqual({ kind: 'value', value: 0.085 });
    expect(parseCellInput('terminal_growth_rate_manual', '-1.5')).toEqual({ kind: 'value', value: -0.015 });
    expect(parseCellInput('Accounts_Receivable_Ratio', '20%')).toEqual({ kind: 'value', value: 0.2 });
  });

  it('stores the fraction without floating-point noise', () => {
    expect(parseCellInput('da_ratio', '7.1')).toEqual({ kind: 'value', value: 0.071 });
    expect(parseCellInput('operating_cost_pct', '58.3')).toEqual({ kind: 'value', value: 0.583 });
  });

  it('stores total shares as typed, in 亿股', () => {
    expect(parseCellInput('total_shares_manual', '69.89')).toEqual({ kind: 'value', value: 69.89 });
  });

  it('ignores empty input', () => {
    expect(parseCellInput('operating_revenue_yoy', '')).toEqual({ kind: 'empty' });
    expect(parseCellInput('wacc_manual', '   ')).toEqual({ kind: 'empty' });
  });

  it("answers '无效的数值' for anything that is not a number", () => {
    expect(parseCellInput('operating_revenue_yoy', 'abc')).toEqual({ kind: 'error', message: INVALID_NUMBER_MESSAGE });
    expect(parseCellInput('total_shares_manual', '10亿')).toEqual({ kind: 'error', message: INVALID_NUMBER_MESSAGE });
    expect(INVALID_NUMBER_MESSAGE).toBe('无效的数值');
  });

  it('answers the parameter rules’ message when out of range, in the units typed', () => {
    expect(parseCellInput('operating_revenue_yoy', '30')).toEqual({
      kind: 'error',
      message: '营业收入增长率超出合理范围（-20% 至 25%）',
    });
    expect(parseCellInput('wacc_manual', '0.5')).toEqual({ kind: 'error', message: 'WACC超出合理范围（1% 至 30%）' });
    expect(parseCellInput('terminal_growth_rate_manual', '7')).toEqual({
      kind: 'error',
      message: '永续增长率超出合理范围（-5% 至 6%）',
    });
    expect(parseCellInput('total_shares_manual', '0')).toEqual({
      kind: 'error',
      message: '总股本（亿股）超出合理范围（0.0001 至 100000）',
    });
  });

  it('accepts the bounds themselves', () => {
    expect(parseCellInput('operating_revenue_yoy', '25')).toEqual({ kind: 'value', value: 0.25 });
    expect(parseCellInput('operating_revenue_yoy', '-20')).toEqual({ kind: 'value', value: -0.2 });
    expect(parseCellInput('wacc_manual', '1')).toEqual({ kind: 'value', value: 0.01 });
  });
});

describe('cellText', () => {
  it('shows percent fields in percent with 2 decimals', () => {
    expect(cellText('operating_revenue_yoy', 0.1925)).toBe('19.25');
    expect(cellText('wacc_manual', 0.0747826)).toBe('7.48');
    expect(cellText('terminal_growth_rate_manual', -0.015)).toBe('-1.50');
  });

  it('never shows a negative zero', () => {
    expect(cellText('operating_revenue_yoy', -0.000001)).toBe('0.00');
  });

  it('shows total shares with 2 to 4 decimals', () => {
    expect(cellText('total_shares_manual', 10)).toBe('10.00');
    expect(cellText('total_shares_manual', 55.9)).toBe('55.90');
    expect(cellText('total_shares_manual', 6.125)).toBe('6.125');
    expect(cellText('total_shares_manual', 69.891234)).toBe('69.8912');
  });

  it('shows nothing for a missing value', () => {
    expect(cellText('da_ratio', null)).toBe('');
    expect(cellText('da_ratio', Number.NaN)).toBe('');
  });

  it('round-trips: what a cell shows commits to the value it shows', () => {
    const shown = cellText('operating_cost_pct', 0.6);
    expect(parseCellInput('operating_cost_pct', shown)).toEqual({ kind: 'value', value: 0.6 });
  });
});

describe('the story and excess-return levers', () => {
  it('reads them against the one range table, whole years as such', () => {
    expect(parseCellInput('revenue_growth_years_1_5', '30')).toEqual({ kind: 'value', value: 0.3 });
    expect(parseCellInput('revenue_growth_years_1_5', '150')).toEqual({
      kind: 'error',
      message: '第1–5年营业收入增长率超出合理范围（-50% 至 100%）',
    });
    expect(parseCellInput('margin_convergence_year', '3')).toEqual({ kind: 'value', value: 3 });
    expect(parseCellInput('margin_convergence_year', '3.5')).toMatchObject({ kind: 'error' });
    expect(parseCellInput('base_revenue', '0')).toMatchObject({ kind: 'error' });
    expect(parseCellInput('cost_of_equity', '8.4')).toEqual({ kind: 'value', value: 0.084 });
    expect(cellText('margin_convergence_year', 5)).toBe('5');
    expect(cellText('debt', 35)).toBe('35.00');
  });
});
