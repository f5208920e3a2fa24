import type { Drivers } from './drivers.ts';

/**
 * Reinvestment that follows growth (docs/model.md, reinvestment): the operating long-term assets a company
 * needs grow with its revenue at its sales-to-capital ratio, so a year's net investment in them is
 * Δrevenue / sales-to-capital and its capex = D&A (what keeps the assets) + that net investment (McKinsey,
 * *Valuation*, ch. "Forecasting performance": PP&E as a ratio to revenue, capex = ΔPP&E + depreciation;
 * Damodaran, *Investment Valuation*, reinvestment = Δrevenue / sales-to-capital). Working capital follows
 * growth through its own ratios (ΔOWC = OWCₜ − OWCₜ₋₁).
 */

/**
 * The capex ratio of a year whose revenue grows by `growth`: D&A ratio + growth / (1 + growth) /
 * sales-to-capital, i.e. capex = D&A + (revenueₜ − revenueₜ₋₁) / sales-to-capital. A sales-to-capital of 0
 * (no balance sheet to measure it) adds no net investment. Never below 0.
 */
export function linkedCapexRatio(values: Drivers, growth: number): number {
  const salesToCapital = values.sales_to_capital;
  const net = salesToCapital > 0 && growth > -1 ? growth / (1 + growth) / salesToCapital : 0;
  // A shrinking company sells some of its assets at the most: capex is never negative.
  return Math.max(0, values.da_ratio + net);
}
