/**
 * @fcf/engine/report — what the API answers and accepts: the report modules' view shapes built from one
 * valuation, the company bundle a browser caches, the custom page's what-if views, the rules that requests
 * are checked against (accounts, menu links, text), and the zod schemas of every request and answer
 * (contract/), shared by the server, its tests and the app.
 */

export * from './company-bundle.ts';
export * from './contract/account-contract.ts';
export * from './contract/account-rules.ts';
export * from './contract/adjustment-contract.ts';
export * from './contract/api-docs-contract.ts';
export * from './contract/bidi-controls.ts';
export * from './contract/company-contract.ts';
export * from './contract/envelope.ts';
export * from './contract/menu-contract.ts';
export * from './contract/menu-links.ts';
export * from './contract/menu-requests.ts';
export * from './contract/model-schemas.ts';
export * from './contract/pdf-library-contract.ts';
export * from './contract/pdf-report-contract.ts';
export * from './contract/quote-contract.ts';
export * from './contract/report-answers.ts';
export * from './contract/screener-contract.ts';
export * from './contract/text-fields.ts';
export * from './contract/upload-contract.ts';
export * from './contract/valuation-contract.ts';
export * from './contract/valuation-run-contract.ts';
export * from './market-rows.ts';
export * from './report-views.ts';
export * from './valuation-views.ts';
export * from './what-if.ts';
