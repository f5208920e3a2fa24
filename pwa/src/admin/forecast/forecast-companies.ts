import type { CompanyStatus, UploadedFile } from '../admin-api.ts';

export interface FileStats {
  readonly files: number;
  /** The years the company's files cover, '2019–2024', or null when none is known. */
  readonly years: string | null;
}

/** Files and covered years per company code, from the uploaded-file records (year is '2020' or '2019-2023'). */
export function fileStatsByCode(files: readonly UploadedFile[]): Map<string, FileStats> {
  const grouped = new Map<string, { files: number; first: number; last: number }>();
  for (const file of files) {
    const entry = grouped.get(file.company_code) ?? { files: 0, first: Infinity, last: -Infinity };
    entry.files += 1;
    for (const year of (file.year ?? '').match(/\d{4}/g) ?? []) {
      entry.first = Math.min(entry.first, Number(year));
      entry.last = Math.max(entry.last, Number(year));
    }
    grouped.set(file.company_code, entry);
  }
  return new Map(
    [...grouped].map(([code, entry]) => [
      code,
      {
        files: entry.files,
        years:
          entry.first > entry.last
            ? null
            : entry.first === entry.last
              ? `${entry.first}`
              : `${entry.first}–${entry.last}`,
      },
    ]),
  );
}

export const COMPANY_FILTERS = {
  all: '全部',
  complete: '报表齐全',
  incomplete: '报表不全',
  unvalued: '未估值',
  unanalyzed: '未分析',
} as const;
export type CompanyFilter = keyof typeof COMPANY_FILTERS;

const keeps: Record<CompanyFilter, (company: CompanyStatus) => boolean> = {
  all: () => true,
  complete: (company) => company.complete,
  incomplete: (company) => !company.complete,
  unvalued: (company) => !company.valued,
  unanalyzed: (company) => !company.analyzed,
};

/** The companies matching a name-or-code search and a status filter, in the server's order. */
export function filterCompanies(
  companies: readonly CompanyStatus[],
  query: string,
  filter: CompanyFilter = 'all',
): CompanyStatus[] {
  const wanted = query.trim().toLowerCase();
  return companies.filter(
    (company) =>
      keeps[filter](company) &&
      (!wanted || company.name.toLowerCase().includes(wanted) || company.code.toLowerCase().includes(wanted)),
  );
}

export function parametersUrl(company: string): string {
  return `/fcf-parameters?company=${encodeURIComponent(company)}`;
}
