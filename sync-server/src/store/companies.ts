import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';

export interface CompanyRecord {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
}

export const DEFAULT_INDUSTRY = '其他';

/** Codes are 6 digits: '333' → '000333'. */
export function padCode(code: string): string {
  return code.padStart(6, '0');
}

/** Inserts or renames a company; bumps version and change_seq only when something changed. */
export function upsertCompany(db: Database, company: { code: string; name: string; industry?: string }): void {
  const existing = queryOne<CompanyRecord & { deleted: number }>(
    db,
    'SELECT code, name, industry, deleted FROM companies WHERE code = ?',
    company.code,
  );
  const industry = company.industry ?? existing?.industry ?? DEFAULT_INDUSTRY;
  if (existing && existing.deleted === 0 && existing.name === company.name && existing.industry === industry) return;
  execute(
    db,
    `INSERT INTO companies (code, name, industry, change_seq) VALUES (?, ?, ?, ?)
     ON CONFLICT (code) DO UPDATE SET name = excluded.name, industry = excluded.industry,
       change_seq = excluded.change_seq, version = version + 1, deleted = 0`,
    company.code,
    company.name,
    industry,
    nextChangeSeq(db),
  );
}

/**
 * The company a request names: a code (padded to 6 digits) or a name, exact first, then ignoring case.
 */
export function findCompany(db: Database, nameOrCode: string): CompanyRecord | undefined {
  const wanted = nameOrCode.trim();
  if (!wanted) return undefined;
  if (/^\d{1,6}$/.test(wanted)) {
    const byCode = queryOne<CompanyRecord>(
      db,
      'SELECT code, name, industry FROM companies WHERE code = ? AND deleted = 0',
      padCode(wanted),
    );
    if (byCode) return byCode;
  }
  return (
    queryOne<CompanyRecord>(db, 'SELECT code, name, industry FROM companies WHERE name = ? AND deleted = 0', wanted) ??
    queryOne<CompanyRecord>(
      db,
      'SELECT code, name, industry FROM companies WHERE lower(name) = lower(?) AND deleted = 0',
      wanted,
    )
  );
}

export interface CompanyListEntry extends CompanyRecord {
  /** The company has the history a forecast needs (an annual revenue). */
  readonly has_forecast_data: boolean;
}

export function listCompanies(db: Database): CompanyListEntry[] {
  return queryAll<CompanyRecord & { has_history: number }>(
    db,
    `SELECT c.code, c.name, c.industry,
       EXISTS (SELECT 1 FROM statement_values s WHERE s.company_code = c.code AND s.deleted = 0
               AND s.item IN ('operating_revenue', 'total_operating_revenue')) AS has_history
     FROM companies c WHERE c.deleted = 0 ORDER BY c.code`,
  ).map(({ has_history, ...company }) => ({ ...company, has_forecast_data: has_history === 1 }));
}

export function countCompanies(db: Database): number {
  return queryOne<{ n: number }>(db, 'SELECT count(*) AS n FROM companies WHERE deleted = 0')?.n ?? 0;
}
