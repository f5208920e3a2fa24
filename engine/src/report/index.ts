/**
 * @fcf/engine/report — what the API answers and accepts: the report modules' view shapes built from one
 * valuation, the company bundle a browser caches, the custom page's what-if views, and the rules that
 * requests are checked against (accounts, menu links, text).
 */

export * from './company-bundle.ts';
export * from './contract/account-rules.ts';
export * from './contract/bidi-controls.ts';
export * from './contract/menu-links.ts';
export * from './report-views.ts';
export * from './valuation-views.ts';
export * from './what-if.ts';
