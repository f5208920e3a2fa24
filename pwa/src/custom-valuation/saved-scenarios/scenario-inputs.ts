import { SCENARIO_INPUT_NAMES, SCENARIO_INPUT_RULES, type ScenarioInputName } from '@fcf/engine';
import type { WhatIfView } from '@fcf/engine/report';

/**
 * A scenario's inputs read from the page's present valuation, so 保存为情景 keeps what the reader sees:
 * WACC and g as applied, the first forecast year's growth and tax rate, the last forecast year's EBIT
 * margin, and sales-to-capital as the forecast's revenue added per yuan reinvested. Each is held inside
 * its accepted range; one the figures cannot give (no reinvestment, no revenue) takes a neutral value.
 */
const NEUTRAL: Readonly<Record<ScenarioInputName, number>> = {
  revenue_growth: 0,
  target_margin: 0.1,
  sales_to_capital: 1,
  wacc: 0.08,
  terminal_growth: 0.02,
  tax_rate: 0.25,
};

export function scenarioInputsFromView(view: WhatIfView): Record<ScenarioInputName, number> {
  const forecast = view.financialData.forecast;
  const first = forecast[0];
  const last = forecast.at(-1);
  const base = view.financialData.historical.at(-1)?.operating_revenue ?? null;
  let reinvested = 0;
  for (const row of forecast) {
    reinvested +=
      (row.Capital_Expenditure ?? 0) - (row.depreciation_and_amortization ?? 0) + (row.Change_In_Operating_WC ?? 0);
  }
  const added = last?.operating_revenue != null && base !== null ? last.operating_revenue - base : null;
  const raw: Record<ScenarioInputName, number | null> = {
    revenue_growth: first?.operating_revenue_yoy ?? null,
    target_margin: last?.ebit != null && last.operating_revenue ? last.ebit / last.operating_revenue : null,
    sales_to_capital: added !== null && added > 0 && reinvested > 0 ? added / reinvested : null,
    wacc: view.dcf?.wacc ?? view.params.effective_values.wacc,
    terminal_growth: view.dcf?.g ?? view.params.effective_values.terminal_growth_rate,
    tax_rate: first?.income_tax_to_total_profit ?? null,
  };
  const inputs = {} as Record<ScenarioInputName, number>;
  for (const name of SCENARIO_INPUT_NAMES) {
    const { min, max } = SCENARIO_INPUT_RULES[name];
    const value = raw[name];
    const usable = value !== null && Number.isFinite(value) ? value : NEUTRAL[name];
    inputs[name] = Math.min(max, Math.max(min, Number(usable.toFixed(6))));
  }
  return inputs;
}
