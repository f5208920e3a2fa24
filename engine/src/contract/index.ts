/**
 * @fcf/engine/contract — what the API accepts and answers: the zod schemas of every request and answer (the
 * server validates with them, the app checks answers with them) and the rules requests are checked against
 * (accounts, menu links, text fields, invisible characters).
 */

export * from './account-contract.ts';
export * from './account-rules.ts';
export * from './adjustment-contract.ts';
export * from './admin-choice-contract.ts';
export * from './api-docs-contract.ts';
export * from './bundle-industries.ts';
export * from './company-bundle-pages.ts';
export * from './company-contract.ts';
export * from './envelope.ts';
export * from './invisible-characters.ts';
export * from './menu-contract.ts';
export * from './menu-links.ts';
export * from './menu-requests.ts';
export * from './model-schemas.ts';
export * from './model-valuation-contract.ts';
export * from './pdf-library-contract.ts';
export * from './pdf-report-contract.ts';
export * from './platform-settings-contract.ts';
export * from './quote-contract.ts';
export * from './report-answers.ts';
export * from './screener-contract.ts';
export * from './section-answers.ts';
export * from './story-contract.ts';
export * from './text-fields.ts';
export * from './uncertainty-contract.ts';
export * from './upload-contract.ts';
export * from './valuation-contract.ts';
export * from './valuation-run-contract.ts';
export * from './valuation-section-answers.ts';
export * from './watchlist-contract.ts';
export * from './what-if-scenarios.ts';
