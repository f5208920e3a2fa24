import type { CompanyListItem } from '@fcf/engine/contract';
import { useCallback, useEffect, useState } from 'react';
import { afterFirstScreen } from '../../lib/after-first-screen.ts';
import { companyListErrorMessage } from './company-list-error.ts';

/** The company list for the search bar: cache-first, with loading, error and retry. */
export function useCompanyList() {
  const [companies, setCompanies] = useState<CompanyListItem[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback((force: boolean) => {
    setLoading(true);
    // The offline copy (IndexedDB) loads after the first screen is shown.
    afterFirstScreen()
      .then(() => import('../../store/companies.ts'))
      .then(({ loadCompanies }) => loadCompanies(force))
      .then(({ value }) => {
        setCompanies(value);
        setError(null);
      })
      .catch((caught: unknown) => setError(companyListErrorMessage(caught)))
      .finally(() => setLoading(false));
  }, []);
  useEffect(() => load(false), [load]);
  return { companies, loading, error, retry: () => load(true) };
}
