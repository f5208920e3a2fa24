import {
  carriedLossAfter,
  nopatAfterLoss,
  operatingAssetsOf,
  STORY_STABLE_START_YEARS,
  STORY_YEARS,
  type StoryInputs,
  storyEquityOf,
  storyFadingLever,
  storyMarginOf,
  storyTerminalOf,
} from '../valuation/models/story.ts';

/**
 * The story model's equity value without its tables (docs/model.md, uncertainty): the same formulas as
 * `storyValuation`, through the same functions, but no year objects and no input check, so a Monte Carlo
 * draw costs a fraction of a full valuation. Callers check the draw first (`drawRefusal`); the test checks
 * it equals `storyValuation` on the same inputs.
 */
export function leanEquityValue(inputs: StoryInputs): number {
  let revenue = inputs.base_revenue;
  let carriedLoss = 0;
  let factor = 1;
  let presentValues = 0;
  for (let t = 1; t <= STORY_YEARS; t++) {
    const previous = revenue;
    revenue = previous * (1 + storyFadingLever(inputs.revenue_growth_years_1_5, inputs.terminal_growth, t));
    const income = revenue * storyMarginOf(inputs, t);
    const nopat = nopatAfterLoss(
      income,
      carriedLoss,
      storyFadingLever(inputs.effective_tax_rate, inputs.marginal_tax_rate, t),
    );
    carriedLoss = carriedLossAfter(income, carriedLoss);
    const salesToCapital =
      t <= STORY_STABLE_START_YEARS ? inputs.sales_to_capital_years_1_5 : inputs.sales_to_capital_years_6_10;
    factor /= 1 + storyFadingLever(inputs.cost_of_capital_initial, inputs.cost_of_capital_terminal, t);
    presentValues += (nopat - (revenue - previous) / salesToCapital) * factor;
  }
  const goingConcern = storyTerminalOf(inputs, revenue, factor).pv + presentValues;
  return storyEquityOf(inputs, operatingAssetsOf(inputs, goingConcern)).equity;
}

/** Value per share on the lean path; null without a share count. */
export function leanValuePerShare(inputs: StoryInputs): number | null {
  return inputs.shares > 0 ? leanEquityValue(inputs) / inputs.shares : null;
}
