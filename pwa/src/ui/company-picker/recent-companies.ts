/**
 * The companies this browser opened last, newest first (kept in localStorage: a list per device, offline
 * too). The report page records each company it shows; the sidebar lists them.
 */

export interface OpenedCompany {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
}

const STORAGE_KEY = 'recentCompanies';
export const MAX_RECENT_COMPANIES = 8;

function isOpenedCompany(value: unknown): value is OpenedCompany {
  if (typeof value !== 'object' || value === null) return false;
  const { code, name, industry } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof name === 'string' && typeof industry === 'string';
}

export function readRecentCompanies(): OpenedCompany[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isOpenedCompany).slice(0, MAX_RECENT_COMPANIES) : [];
  } catch {
    return [];
  }
}

/** Puts the company first (once), keeping at most MAX_RECENT_COMPANIES. */
export function recordRecentCompany(company: OpenedCompany): void {
  const rest = readRecentCompanies().filter((item) => item.code !== company.code);
  const next = [{ code: company.code, name: company.name, industry: company.industry }, ...rest];
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next.slice(0, MAX_RECENT_COMPANIES)));
  } catch {
    // Storage full or blocked: the list simply is not remembered.
  }
}
