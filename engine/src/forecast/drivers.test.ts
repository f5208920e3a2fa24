import { describe, expect, it } from 'vitest';
import { historicalRows } from '../history/historical-rows.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import {
  AUTO_GROWTH_FLOOR,
  autoDrivers,
  driverBase,
  historicalRevenueGrowth,
  REVENUE_GROWTH_CAP,
} from './auto-drivers.ts';
import { DRIVER_KEYS, isDriverKey, resolveDrivers } from './drivers.ts';

const history = historicalRows(SAMPLE_COMPANY);
const auto = autoDrivers(history, 0.02);

describe('auto drivers', () => {
  it('averages each ratio over the latest 3 years', () => {
    const first = auto[0];
    expect(first?.operating_cost_pct).toBeCloseTo(0.6, 12);
    expect(first?.selling_expenses_pct).toBeCloseTo(0.1, 12);
    expect(first?.income_tax_to_total_profit).toBeCloseTo(0.25, 12);
    expect(first?.da_ratio).toBeCloseTo(0.05, 12);
    // Capex follows growth: D&A 5% + 25% / 1.25 growth ÷ sales-to-capital 6⅔ = 8%.
    expect(first?.sales_to_capital).toBeCloseTo(1 / 0.15, 12);
    expect(first?.Capex_to_Revenue_Ratio).toBeCloseTo(0.08, 12);
    expect(first?.Inventories_Ratio).toBeCloseTo(0.1, 12);
    expect(first?.Taxes_Payable_Ratio).toBe(0);
  });

  it('fades revenue growth linearly from the 3-year CAGR (25%) to g (2%) in the last year', () => {
    const expected = [0.25, 0.1925, 0.135, 0.0775, 0.02];
    auto.forEach((drivers, index) => {
      expect(drivers.operating_revenue_yoy).toBeCloseTo(expected[index] as number, 12);
    });
  });

  it('bounds the historical growth to 0%..25% (a decline is not carried forward) and falls back to g with one year', () => {
    const boom = historicalRows({
      code: '',
      name: '',
      years: { 2023: { operating_revenue: 1 }, 2024: { operating_revenue: 3 } },
    });
    expect(historicalRevenueGrowth(boom, 0.02)).toBe(REVENUE_GROWTH_CAP);
    const bust = historicalRows({
      code: '',
      name: '',
      years: { 2023: { operating_revenue: 3 }, 2024: { operating_revenue: 1 } },
    });
    expect(historicalRevenueGrowth(bust, 0.02)).toBe(AUTO_GROWTH_FLOOR);
    expect(historicalRevenueGrowth(history.slice(-1), 0.03)).toBe(0.03);
  });

  it('uses 25% tax when the history has no usable tax rate', () => {
    const noTax = historicalRows({ code: '', name: '', years: { 2024: { operating_revenue: 10, operating_cost: 5 } } });
    expect(autoDrivers(noTax, 0.02)[0]?.income_tax_to_total_profit).toBe(0.25);
  });

  /** Three years with the given effective tax rates (income tax / total profit of 10). */
  const taxed = (...rates: number[]) =>
    historicalRows({
      code: '',
      name: '',
      years: Object.fromEntries(
        rates.map((rate, index) => [
          2022 + index,
          { operating_revenue: 100, operating_cost: 60, total_profit: 10, income_tax: 10 * rate },
        ]),
      ),
    });

  it('starts at the mean of the years whose tax rate is within 0–50% and reaches the statutory rate, and says which', () => {
    const base = driverBase(taxed(0.6, 0.2, 0.3));
    expect(base.start.income_tax_to_total_profit).toBeCloseTo(0.25, 12);
    expect(base.end.income_tax_to_total_profit).toBe(0.25);
    expect(base.basis.income_tax_to_total_profit).toEqual({
      years: [2023, 2024],
      note: '有效税率在 0–50% 之间的年份（2023、2024）的均值，逐年过渡到第5年的法定税率 25%',
    });
    expect(driverBase(taxed(0.15, 0.15, 0.15)).start.income_tax_to_total_profit).toBeCloseTo(0.15, 12);
  });

  it('takes the statutory 25% with fewer than two valid years', () => {
    const base = driverBase(taxed(0.9, -0.1, 0.12));
    expect(base.start.income_tax_to_total_profit).toBe(0.25);
    expect(base.end.income_tax_to_total_profit).toBe(0.25);
    expect(base.basis.income_tax_to_total_profit.note).toContain('不足两年');
  });

  it('discloses how every other driver was derived', () => {
    const base = driverBase(history);
    expect(base.basis.operating_cost_pct).toEqual({
      years: [2022, 2023, 2024],
      note: '第1年取2024年的值，逐年过渡到第5年的2022、2023、2024年的中位数',
    });
    expect(base.basis.operating_revenue_yoy.note).toContain('2022、2023、2024年营业收入同比增长率的中位数');
    expect(Object.keys(base.basis).sort()).toEqual([...DRIVER_KEYS].sort());
  });

  it('names every driver as its financial-year-row field', () => {
    expect(DRIVER_KEYS).toHaveLength(12 + 12);
    expect(isDriverKey('Accounts_Payable_Ratio')).toBe(true);
    expect(isDriverKey('wacc')).toBe(false);
  });
});

describe('override inheritance', () => {
  // Set in 2026, inherited by 2027; 2028 sets its own, inherited by 2029; 2025 keeps the default.
  const resolved = resolveDrivers(auto, 2025, {
    2026: { operating_revenue_yoy: 0.1, da_ratio: 0.06 },
    2028: { operating_revenue_yoy: 0.05 },
  });
  const at = (year: number) => resolved.find((entry) => entry.year === year);

  it('keeps years before the override at the system default', () => {
    expect(at(2025)?.values.operating_revenue_yoy).toBe(0.25);
    expect(at(2025)?.sources.operating_revenue_yoy).toBe('system_default');
  });

  it('applies a set value and inherits it until a later year sets its own', () => {
    expect(at(2026)?.values.operating_revenue_yoy).toBe(0.1);
    expect(at(2026)?.sources.operating_revenue_yoy).toBe('user_set');
    expect(at(2027)?.values.operating_revenue_yoy).toBe(0.1);
    expect(at(2027)?.sources.operating_revenue_yoy).toBe('inherited');
    expect(at(2028)?.values.operating_revenue_yoy).toBe(0.05);
    expect(at(2028)?.sources.operating_revenue_yoy).toBe('user_set');
    expect(at(2029)?.values.operating_revenue_yoy).toBe(0.05);
    expect(at(2029)?.sources.operating_revenue_yoy).toBe('inherited');
  });

  it('inherits each driver on its own', () => {
    expect(at(2029)?.values.da_ratio).toBe(0.06);
    expect(at(2029)?.sources.da_ratio).toBe('inherited');
    expect(at(2029)?.sources.operating_cost_pct).toBe('system_default');
  });

  it('ignores overrides of historical years and rejects non-finite values', () => {
    const historical = resolveDrivers(auto, 2025, { 2024: { operating_revenue_yoy: 0.5 } });
    expect(historical[0]?.values.operating_revenue_yoy).toBe(0.25);
    expect(() => resolveDrivers(auto, 2025, { 2026: { da_ratio: Number.NaN } })).toThrow('无效的数值');
  });
});
