/**
 * @fcf/engine — the FCFF/DCF valuation model shared by the browser worker and the server.
 * Pure TypeScript: no DOM, no Node APIs, no I/O. Amounts in 亿元, ratios as fractions, shares in 亿股.
 *
 * @example
 * import { valueCompany } from '@fcf/engine';
 * const result = valueCompany({ statements, parameters: { wacc_manual: 0.09 } });
 * result.dcf?.valuation.value_per_share; // 元
 */

export * from './api/account-rules.ts';
export * from './api/bidi-controls.ts';
export * from './api/company-bundle.ts';
export * from './api/menu-links.ts';
export * from './api/parameter-rules.ts';
export * from './api/report-views.ts';
export * from './api/valuation-views.ts';
export * from './api/what-if.ts';
export * from './errors.ts';
export * from './forecast/drivers.ts';
export * from './forecast/projection.ts';
export * from './history/analytics.ts';
export * from './history/fcf-ratios.ts';
export * from './history/financial-row.ts';
export * from './history/historical-rows.ts';
export * from './pdf/report-pdf.ts';
export * from './statements/items.ts';
export * from './sync/client.ts';
export * from './sync/memory-store.ts';
export * from './sync/protocol.ts';
export * from './valuation/company-valuation.ts';
export * from './valuation/dcf.ts';
export * from './valuation/fcf-source.ts';
export * from './valuation/parameters.ts';
export * from './valuation/reverse-dcf.ts';
export * from './valuation/sensitivity.ts';
