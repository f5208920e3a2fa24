import { readRecentCompanies } from '../ui/company-picker/recent-companies.ts';

/**
 * The code of the company a report was asked for by, when it is known without reading the company list:
 * a six-digit code, or the name of a company this browser opened recently.
 */
export function knownCompanyCode(named: string): string | null {
  const query = named.trim();
  if (/^\d{6}$/.test(query)) return query;
  return readRecentCompanies().find((company) => company.name === query)?.code ?? null;
}
