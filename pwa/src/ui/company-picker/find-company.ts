import { normalizeStockCode } from '@fcf/engine';
import type { CompanyListItem } from '@fcf/engine/contract';
import { loadCompanies } from '../../store/companies.ts';
import { exactCompanyMatch } from './search.ts';

/** No company of the list has that name or code. */
export class CompanyNotFound extends Error {
  override readonly name = 'CompanyNotFound';

  constructor(query: string) {
    super(`未找到"${query}"的财务数据，请确认公司名称`);
  }
}

/**
 * The company a typed name or code stands for, by the cached company list (exact name or code). When
 * the list cannot be had (offline, no copy), a code still stands for itself, so its cached data opens;
 * `unlistedCode` lets a code stand for itself also when the list does not have it (a company newer than
 * the list). Throws CompanyNotFound, or the list's error for a name it could not look up.
 */
export async function findCompany(
  query: string,
  { unlistedCode }: { readonly unlistedCode: boolean },
): Promise<Pick<CompanyListItem, 'code' | 'name'>> {
  try {
    const { value } = await loadCompanies();
    const found = exactCompanyMatch(value, query);
    if (!found) throw new CompanyNotFound(query);
    return found;
  } catch (error) {
    if (error instanceof CompanyNotFound && !unlistedCode) throw error;
    const code = normalizeStockCode(query);
    if (code !== null) return { code, name: query };
    throw error;
  }
}
