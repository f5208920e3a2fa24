import type { StoryInputs } from '../valuation/models/story.ts';

/**
 * The story model's worked example (docs/model.md, the story model): a young company losing money today
 * (margin −8%) that grows 30% a year for five years and reaches a 15% margin in year 4, so the first year's
 * loss is carried forward against the second year's profit; a 10% chance of failure with proceeds of 400.
 */
export const STORY_EXAMPLE: StoryInputs = {
  base_revenue: 1000,
  base_operating_income: -80,
  revenue_growth_years_1_5: 0.3,
  terminal_growth: 0.025,
  target_operating_margin: 0.15,
  margin_convergence_year: 4,
  sales_to_capital_years_1_5: 1.5,
  sales_to_capital_years_6_10: 2.5,
  effective_tax_rate: 0.15,
  marginal_tax_rate: 0.25,
  cost_of_capital_initial: 0.1,
  cost_of_capital_terminal: 0.08,
  terminal_roc: 0.12,
  debt: 300,
  cash: 200,
  minority_interest: 20,
  non_operating_assets: 50,
  shares: 100,
  probability_of_failure: 0.1,
  distress_proceeds: 400,
};
