import { describe, expect, it } from 'vitest';
import { historicalRows } from '../history/historical-rows.ts';
import type { StatementYear } from '../statements/items.ts';
import { autoDrivers, CYCLICAL_DRIVER_WINDOW, driverBase } from './auto-drivers.ts';
import { resolveDrivers } from './drivers.ts';
import { projectForecast } from './projection.ts';
import { openingLossOf } from './tax-driver.ts';

/** A year of revenue `revenue` with the operating cost at `costShare` of it and a 25% tax. */
function year(revenue: number, costShare: number, extra: StatementYear = {}): StatementYear {
  const ebit = revenue * (1 - costShare);
  return {
    operating_revenue: revenue,
    operating_cost: revenue * costShare,
    total_profit: ebit,
    income_tax: ebit * 0.25,
    ...extra,
  };
}

const rowsOf = (years: Record<number, StatementYear>) => historicalRows({ code: '', name: '', years });

describe('normalised drivers', () => {
  it('start each ratio at the latest year and fade it to the median of the window by the fifth year', () => {
    const history = rowsOf({ 2021: year(100, 0.5), 2022: year(100, 0.7), 2023: year(100, 0.6), 2024: year(100, 0.9) });
    const drivers = autoDrivers(history, 0.02);
    // Window 2022–2024: median of 0.7, 0.6, 0.9 = 0.7; the first year keeps 2024's 0.9.
    expect(drivers.map((d) => d.operating_cost_pct)).toEqual(
      [0.9, 0.85, 0.8, 0.75, 0.7].map((v) => expect.closeTo(v, 12)),
    );
  });

  it('fade a working-capital ratio by the fourth year, so the fifth is a steady state the terminal value can carry on', () => {
    const history = rowsOf({
      2022: year(100, 0.6, { Inventories: 20 }),
      2023: year(100, 0.6, { Inventories: 10 }),
      2024: year(100, 0.6, { Inventories: 50 }),
    });
    const last = history[history.length - 1];
    if (!last) throw new Error('no history');
    const drivers = autoDrivers(history, 0.02);
    expect(drivers.map((d) => d.Inventories_Ratio)).toEqual(
      [0.5, 0.4, 0.3, 0.2, 0.2].map((v) => expect.closeTo(v, 12)),
    );
    const forecast = projectForecast(last, resolveDrivers(drivers, 2025, {}));
    const [, , , fourth, fifth] = forecast;
    expect(fifth?.Change_In_Operating_WC).toBeCloseTo(
      0.2 * ((fifth?.operating_revenue as number) - (fourth?.operating_revenue as number)),
      12,
    );
  });

  it('leave a shell year (|EBIT| > revenue) out of the ratios and of the growth', () => {
    const history = rowsOf({
      2021: year(100, 0.6),
      2022: year(110, 0.6),
      2023: year(2, 60), // a shell year: EBIT −118 on revenue 2
      2024: year(121, 0.6),
    });
    const base = driverBase(history);
    expect(base.end.operating_cost_pct).toBeCloseTo(0.6, 12);
    expect(base.basis.operating_cost_pct.note).toContain('2023年营业利润绝对值超过营业收入，不计入');
    // 2022's growth of 10% is the only one that touches no shell year.
    expect(base.historicalGrowth).toBeCloseTo(0.1, 12);
  });

  it('start revenue growth at the median year-on-year growth, never below 0', () => {
    const growing = rowsOf({ 2020: year(100, 0.6), 2021: year(150, 0.6), 2022: year(160, 0.6), 2023: year(176, 0.6) });
    // Growths 50%, 6.67%, 10%: the median, not the 20.8% compound growth a single boom year makes.
    expect(driverBase(growing).historicalGrowth).toBeCloseTo(0.1, 12);
    const shrinking = rowsOf({ 2022: year(100, 0.6), 2023: year(90, 0.6), 2024: year(80, 0.6) });
    expect(driverBase(shrinking).historicalGrowth).toBe(0);
  });

  it('read a cyclical industry over a longer window and do not extrapolate its growth', () => {
    const years: Record<number, StatementYear> = {};
    // A steelmaker: a peak in the latest year after lean years.
    [0.95, 0.95, 0.9, 0.95, 0.95, 0.9, 0.85, 0.7].forEach((cost, index) => {
      years[2011 + index] = year(100 * 1.3 ** index, cost);
    });
    const history = rowsOf(years);
    const steel = driverBase(history, undefined, { industry: 'C31' });
    expect(steel.cyclical).toBe('黑色金属冶炼和压延加工业');
    expect(steel.spanYears).toBe(CYCLICAL_DRIVER_WINDOW);
    expect(steel.end.operating_cost_pct).toBeCloseTo(0.925, 12);
    expect(steel.start.operating_cost_pct).toBeCloseTo(0.7, 12);
    expect(steel.historicalGrowth).toBeNull();
    expect(steel.basis.operating_revenue_yoy.note).toContain('周期性行业');
    expect(autoDrivers(history, 0.02, 5, { industry: 'C31' })[0]?.operating_revenue_yoy).toBe(0.02);
    // The same history in a trend industry: the latest 3 years and growth at the cap.
    const maker = driverBase(history, undefined, { industry: 'C38' });
    expect(maker.cyclical).toBeNull();
    expect(maker.end.operating_cost_pct).toBeCloseTo(0.85, 12);
    expect(maker.historicalGrowth).toBe(0.25);
  });

  it('migrate the tax rate to 15% where the history shows the reduced rate', () => {
    const history = rowsOf({
      2022: year(100, 0.6, { income_tax: 40 * 0.12 }),
      2023: year(100, 0.6, { income_tax: 40 * 0.15 }),
      2024: year(100, 0.6, { income_tax: 40 * 0.14 }),
    });
    const drivers = autoDrivers(history, 0.02);
    expect(drivers[0]?.income_tax_to_total_profit).toBeCloseTo(0.13666666666666666, 12);
    expect(drivers[4]?.income_tax_to_total_profit).toBe(0.15);
  });

  it('leave out the tax rate of a year whose profit is mostly one-offs', () => {
    const history = rowsOf({
      2022: year(100, 0.6, { income_tax: 40 * 0.2 }),
      2023: year(100, 0.6, { total_profit: 100, income_tax: 5 }), // 60 of investment income, taxed at 5%
      2024: year(100, 0.6, { income_tax: 40 * 0.3 }),
    });
    const oneOffShares = new Map([
      [2022, 0],
      [2023, 0.6],
      [2024, 0],
    ]);
    const base = driverBase(history, undefined, { oneOffShares });
    expect(base.start.income_tax_to_total_profit).toBeCloseTo(0.25, 12);
    expect(base.basis.income_tax_to_total_profit.note).toContain('2023年非经常性损益占利润总额过半，不计入');
  });
});

describe('losses carried forward', () => {
  it('carries the latest years’ operating losses and offsets them against later profits', () => {
    const history = rowsOf({ 2022: year(100, 1.3), 2023: year(100, 0.9), 2024: year(100, 1.05) });
    // −30, +10, −5: 25 carried.
    expect(openingLossOf(history)).toBeCloseTo(25, 12);
  });

  it('pays no tax on a loss, and none on profits until the losses carried are used up', () => {
    const history = rowsOf({ 2022: year(100, 0.9), 2023: year(100, 0.9), 2024: year(100, 0.9) });
    const last = history[history.length - 1];
    if (!last) throw new Error('no history');
    const drivers = autoDrivers(history, 0).map((values) => ({ ...values, operating_revenue_yoy: 0 }));
    const forecast = projectForecast(last, resolveDrivers(drivers, 2025, {}), null, 25);
    // EBIT 10 a year against 25 carried: untaxed, untaxed, half taxed (5 × 25%), then taxed.
    expect(forecast.map((row) => row.nopat)).toEqual([10, 10, 8.75, 7.5, 7.5].map((v) => expect.closeTo(v, 12)));
    const losing = projectForecast(
      last,
      resolveDrivers(
        drivers.map((d) => ({ ...d, operating_cost_pct: 1.1 })),
        2025,
        {},
      ),
    );
    expect(losing[0]?.nopat).toBeCloseTo(-10, 12);
  });
});

describe('bounds on automatic drivers (the range table’s AUTO_DRIVER_RANGES)', () => {
  it('leave out a year of near-zero revenue (below 5% of the usual): its ratios are no driver', () => {
    // 2023 sold 1 against a usual 100: a selling ratio of 30% that year says nothing of the business.
    const history = rowsOf({
      2021: year(100, 0.5, { selling_expenses: 10 }),
      2022: year(100, 0.5, { selling_expenses: 10 }),
      2023: year(1, 0.5, { selling_expenses: 0.3 }),
      2024: year(100, 0.5, { selling_expenses: 20 }),
    });
    const base = driverBase(history);
    // Window 2022–2024 without 2023: median of 0.1 and 0.2.
    expect(base.end.selling_expenses_pct).toBeCloseTo(0.15, 12);
    expect(base.basis.selling_expenses_pct.note).toContain('2023年营业收入不足常态的5%');
    expect(base.historicalGrowth).toBe(0);
  });

  it('hold a ratio outside its plausible range at the bound, and the EBIT margin within −50%…80%', () => {
    const history = rowsOf({
      2022: year(100, 0.6, { Inventories: 800 }),
      2023: year(100, 0.6, { Inventories: 700 }),
      2024: year(100, 0.05, { Inventories: 600 }),
    });
    const base = driverBase(history);
    expect(base.start.Inventories_Ratio).toBe(5);
    expect(base.end.Inventories_Ratio).toBe(5);
    // 2024's cost ratio 5% makes a 95% margin: moved to 20% (80%).
    expect(base.start.operating_cost_pct).toBeCloseTo(0.2, 12);
    expect(base.bounded.map(({ key }) => key)).toEqual(
      expect.arrayContaining(['Inventories_Ratio', 'operating_cost_pct']),
    );
    expect(base.basis.Inventories_Ratio.note).toContain('超出合理范围，按 500.00% 计');
  });

  it('read the latest year, bounded, when every year of the window is a shell (never a cost of 0)', () => {
    const history = rowsOf({ 2023: year(10, 4), 2024: year(10, 3) });
    const base = driverBase(history);
    expect(base.end.operating_cost_pct).toBe(1.5);
    expect(base.basis.operating_cost_pct.note).toContain('按2024年的值');
  });
});
