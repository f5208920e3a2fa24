import { CompanySearchBar } from './CompanySearchBar.tsx';
import { useCompanyList } from './use-company-list.ts';

/** The search bar over the company list (cache-first, with its loading and error states): pick or clear by name. */
export function CompanyLookup({
  current,
  onChoose,
}: {
  current: string | null;
  onChoose: (name: string | null) => void;
}) {
  const list = useCompanyList();
  return (
    <CompanySearchBar
      companies={list.companies}
      current={current}
      loading={list.loading}
      error={list.error}
      onRetry={list.retry}
      onSelect={(picked) => onChoose(picked.name)}
      onClear={() => onChoose(null)}
    />
  );
}
