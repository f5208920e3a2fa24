/**
 * @fcf/engine — the FCFF/DCF valuation model shared by the browser worker and the server: statements,
 * history analytics, the forecast, the DCF and the parameter rules. Pure TypeScript: no DOM, no Node APIs,
 * no I/O. Amounts in 亿元, ratios as fractions, shares in 亿股.
 *
 * The other entry points: `@fcf/engine/report` (the API's view shapes and request rules),
 * `@fcf/engine/pdf` (the PDF report), `@fcf/engine/sync` (the sync protocol and client).
 *
 * @example
 * import { valueCompany } from '@fcf/engine';
 * const result = valueCompany({ statements, parameters: { wacc_manual: 0.09 } });
 * result.dcf?.valuation.value_per_share; // 元
 */

export * from './errors.ts';
export * from './forecast/auto-drivers.ts';
export * from './forecast/drivers.ts';
export * from './forecast/projection.ts';
export * from './history/analytics.ts';
export * from './history/continuity.ts';
export * from './history/fcf-ratios.ts';
export * from './history/financial-row.ts';
export * from './history/growth-ratios.ts';
export * from './history/historical-rows.ts';
export * from './history/newer-summaries.ts';
export * from './history/peer-figures.ts';
export * from './history/quarters.ts';
export * from './history/ratio-value.ts';
export * from './history/risk-ratios.ts';
export * from './history/trailing-twelve-months.ts';
export * from './market/price-against-value.ts';
export * from './market/screener.ts';
export * from './market/stored-range.ts';
export * from './market/value-figures.ts';
export * from './market/watchlist.ts';
export * from './statements/industries.ts';
export * from './statements/item-labels.ts';
export * from './statements/items.ts';
export * from './statements/periods.ts';
export * from './statements/stock-code.ts';
export * from './uncertainty/driver-history.ts';
export * from './uncertainty/excess-return-range.ts';
export * from './uncertainty/lean-excess-return.ts';
export * from './uncertainty/lean-value.ts';
export * from './uncertainty/percentiles.ts';
export * from './uncertainty/random.ts';
export * from './uncertainty/range-drivers.ts';
export * from './uncertainty/range-model.ts';
export * from './uncertainty/rating.ts';
export * from './uncertainty/scenarios.ts';
export * from './uncertainty/simulation.ts';
export * from './uncertainty/spreads.ts';
export * from './uncertainty/story-range.ts';
export * from './uncertainty/tornado.ts';
export * from './uncertainty/uncertainty.ts';
export * from './valuation/admin-choices.ts';
export * from './valuation/bridge.ts';
export * from './valuation/bridge-warnings.ts';
export * from './valuation/company-kind.ts';
export * from './valuation/company-valuation.ts';
export * from './valuation/dcf.ts';
export * from './valuation/input-validation.ts';
export * from './valuation/listed-shares.ts';
export * from './valuation/minority-share.ts';
export * from './valuation/models/company-facts.ts';
export * from './valuation/models/excess-return.ts';
export * from './valuation/models/excess-return-inputs.ts';
export * from './valuation/models/excess-return-model.ts';
export * from './valuation/models/excess-return-result.ts';
export * from './valuation/models/fcff-model.ts';
export * from './valuation/models/model-choice.ts';
export * from './valuation/models/model-formulas.ts';
export * from './valuation/models/model-names.ts';
export * from './valuation/models/model-result.ts';
export * from './valuation/models/model-types.ts';
export * from './valuation/models/registry.ts';
export * from './valuation/models/story.ts';
export * from './valuation/models/story-defaults.ts';
export * from './valuation/models/story-model.ts';
export * from './valuation/parameter-rules.ts';
export * from './valuation/parameters.ts';
export * from './valuation/platform-settings.ts';
export * from './valuation/reset-scope.ts';
export * from './valuation/reverse-dcf.ts';
export * from './valuation/risk-free-rates.ts';
export * from './valuation/sensitivity.ts';
export * from './valuation/shares.ts';
export * from './valuation/synthetic-rating.ts';
export * from './valuation/wacc.ts';
export * from './valuation/warnings.ts';
