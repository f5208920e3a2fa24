import { type IndustryBetas, industryBetasAnswer } from '@fcf/engine/contract';
import { apiRequest } from '../api/http.ts';
import { type CachedResult, cachedFetch } from './cached-resource.ts';
import { readList, writeList } from './db.ts';

/** The WACC tool's industry table (β and company count per industry), kept for offline reading. */
export function loadIndustryBetas(force = false): Promise<CachedResult<IndustryBetas>> {
  return cachedFetch({
    read: async () => readList('industry_betas'),
    fetch: () => apiRequest('/api/data/industry-betas', { schema: industryBetasAnswer }).then((body) => body.data),
    write: (betas) => writeList('industry_betas', betas),
    force,
  });
}
