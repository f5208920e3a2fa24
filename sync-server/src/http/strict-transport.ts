import { createMiddleware } from 'hono/factory';
import { isHttps } from './client-address.ts';

/** Browsers remember it for 180 days, subdomains included. */
export const HSTS_VALUE = 'max-age=15552000; includeSubDomains';

/**
 * `Strict-Transport-Security` on https answers only: over plain http the header means nothing to a browser
 * and wrongly tells an operator the site is https-only. Behind a TLS-terminating proxy the scheme comes
 * from `X-Forwarded-Proto`, trusted only when TRUST_PROXY says such a proxy is there.
 */
export function strictTransportSecurity(trustedProxies: number) {
  return createMiddleware(async (c, next) => {
    await next();
    if (isHttps(c, trustedProxies)) c.res.headers.set('Strict-Transport-Security', HSTS_VALUE);
  });
}
