/**
 * @fcf/engine/report — what the report shows and how: the report's sections (report-sections.ts), the
 * modules' view shapes built from one valuation, the company bundle a browser caches, the custom page's
 * what-if views, and the presentation both the page and the PDF draw from — number formats, chart axes, the
 * colour rule, and every report table and chart as data (specs/). The API's schemas are @fcf/engine/contract.
 */

export * from './axis.ts';
export * from './basic-info-view.ts';
export * from './bundle-input.ts';
export * from './company-bundle.ts';
export * from './compare-view.ts';
export * from './format.ts';
export * from './growth-view.ts';
export * from './industry-betas.ts';
export * from './industry-comparison-view.ts';
export * from './market-rows.ts';
export * from './model-format.ts';
export * from './model-valuation-view.ts';
export * from './model-views.ts';
export * from './model-what-if.ts';
export * from './palette.ts';
export * from './pe-valuation-view.ts';
export * from './quote-slot.ts';
export * from './range-verdict.ts';
export * from './report-sections.ts';
export * from './report-views.ts';
export * from './risk-view.ts';
export * from './specs/basic-info-spec.ts';
export * from './specs/data-date-spec.ts';
export * from './specs/dcf-table-spec.ts';
export * from './specs/fcf-ratio-spec.ts';
export * from './specs/fcf-structure-spec.ts';
export * from './specs/fcf-valuation-spec.ts';
export * from './specs/growth-spec.ts';
export * from './specs/industry-comparison-spec.ts';
export * from './specs/model-valuation-spec.ts';
export * from './specs/pe-valuation-spec.ts';
export * from './specs/profitability-spec.ts';
export * from './specs/ratio-rows.ts';
export * from './specs/report-specs.ts';
export * from './specs/risk-spec.ts';
export * from './specs/roe-roic-spec.ts';
export * from './specs/sensitivity-section.ts';
export * from './specs/sensitivity-spec.ts';
export * from './specs/spec-parts.ts';
export * from './specs/spec-types.ts';
export * from './specs/valuation-summary-spec.ts';
export * from './specs/wacc-panel-spec.ts';
export * from './specs/warnings-spec.ts';
export * from './tone.ts';
export * from './uncertainty-view.ts';
export * from './valuation-summary-view.ts';
export * from './valuation-views.ts';
export * from './wacc-tool.ts';
export * from './what-if.ts';
