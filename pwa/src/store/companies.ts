import { type CompanyListItem, companyBundleAnswer, companyListAnswer } from '@fcf/engine/contract';
import type { CompanyBundle } from '@fcf/engine/report';
import { apiRequest } from '../api/http.ts';
import { type CachedResult, cachedFetch } from './cached-resource.ts';
import { openStore, readBundle, readList, writeBundle, writeList } from './db.ts';

function fetchCompanyList(): Promise<CompanyListItem[]> {
  return apiRequest('/api/data/available-companies', { schema: companyListAnswer }).then((body) => body.data);
}

/** The company list, from the offline copy when fresh or unreachable. */
export function loadCompanies(force = false): Promise<CachedResult<CompanyListItem[]>> {
  return cachedFetch({
    read: async () => readList('companies'),
    fetch: fetchCompanyList,
    write: (companies) => writeList('companies', companies),
    force,
  });
}

export async function fetchBundle(code: string): Promise<CompanyBundle> {
  const body = await apiRequest(`/api/data/company-bundle/${encodeURIComponent(code)}`, {
    schema: companyBundleAnswer,
  });
  return body.data;
}

/** One company's engine inputs, cached for offline reading. */
export function loadBundle(code: string, force = false): Promise<CachedResult<CompanyBundle>> {
  return cachedFetch({
    read: async () => {
      const stored = await readBundle(code);
      return stored && { value: stored.bundle, fetchedAt: stored.fetchedAt };
    },
    fetch: () => fetchBundle(code),
    write: writeBundle,
    force,
  });
}

/** The companies this device holds a copy of (what can be read offline), by name. */
export async function cachedCompanyNames(): Promise<string[]> {
  const db = await openStore();
  if (!db) return [];
  const names: string[] = [];
  await db.companyBundles.each((stored) => {
    names.push(stored.bundle.company.name);
  });
  return names.sort((a, b) => a.localeCompare(b, 'zh-CN'));
}
