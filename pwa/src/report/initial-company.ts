import { DEFAULT_COMPANY } from '../lib/default-company.ts';

/** The company the reader chose last on this device (the analysis page opens with it). */
export const SELECTED_COMPANY_KEY = 'selectedCompany';

/** The company the analysis page opens with: the link's, else the one chosen last, else the default. */
export function initialCompany(fromQuery: string | null): string {
  return fromQuery?.trim() || localStorage.getItem(SELECTED_COMPANY_KEY) || DEFAULT_COMPANY;
}
