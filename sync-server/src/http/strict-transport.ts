/**
 * `Strict-Transport-Security`, sent on https answers only (answer-headers.ts): over plain http the header
 * means nothing to a browser and wrongly tells an operator the site is https-only. Behind a TLS-terminating
 * proxy the scheme comes from `X-Forwarded-Proto`, trusted only when TRUST_PROXY says such a proxy is there.
 * Browsers remember it for 180 days, subdomains included.
 */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';
