import type { CompanyBundle } from '@fcf/engine/report';
import { ApiRequestError } from '../../api/http.ts';
import { listItem } from './sample-bundle.ts';

/**
 * The company and quote stores of a page test, in memory: `vi.mock('../store/companies.ts', () =>
 * import('…/stores-in-memory.ts'))` (and the same for `../store/quotes.ts`), then fill `fixtureBundles`.
 */
export const fixtureBundles = new Map<string, CompanyBundle>();

/** Listed, but not on this device while the server cannot be reached. */
export const UNREACHABLE_COMPANY = '000009';
/** The one company with a quote: 10 元 on 2025-03-28, three days before "today". */
export const QUOTED_COMPANY = '000001';

export async function loadCompanies() {
  return { value: [...fixtureBundles.values()].map(listItem), stale: false };
}

export async function loadBundle(code: string) {
  const bundle = fixtureBundles.get(code);
  if (!bundle || code === UNREACHABLE_COMPANY) throw new ApiRequestError('network', '网络连接失败');
  return { value: bundle, stale: false };
}

export async function refreshQuotes(): Promise<void> {}

export async function marketContext(code: string) {
  return {
    quote: code === QUOTED_COMPANY ? { price: 10, date: '2025-03-28', market_cap: null, shares: null } : null,
    today: '2025-03-31',
  };
}
