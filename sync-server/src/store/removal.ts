import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import { type CompanyRecord, findCompany } from './companies.ts';
import { markCompaniesStale, refreshPeerFigures } from './industry-statistics.ts';

/** Synced tables keyed by company: deleting a company leaves tombstones in each, for clients to pull. */
const COMPANY_TABLES = [
  'statement_values',
  'forecast_parameters',
  'valuation_inputs',
  'valuation_results',
  'fcf_ratio_results',
  'quotes',
  'screener_models',
] as const;

/**
 * Removes one uploaded file: its figures are tombstoned (figures a later file re-wrote belong to that
 * file and stay) and its record deleted. Call inside a transaction. Returns the figures removed.
 */
export function removeUploadedFile(db: Database, fileId: number): number {
  const keys = queryAll<{ company_code: string; report_type: string; year: number; period: string; item: string }>(
    db,
    'SELECT company_code, report_type, year, period, item FROM statement_values WHERE file_id = ? AND deleted = 0',
    fileId,
  );
  const afterRemoval: CompanyRecord[] = [];
  for (const code of new Set(keys.map((key) => key.company_code))) {
    const company = findCompany(db, code);
    if (company) afterRemoval.push(company);
  }
  for (const key of keys) {
    execute(
      db,
      `UPDATE statement_values SET deleted = 1, version = version + 1, change_seq = ?
       WHERE company_code = ? AND report_type = ? AND year = ? AND period = ? AND item = ?`,
      nextChangeSeq(db),
      key.company_code,
      key.report_type,
      key.year,
      key.period,
      key.item,
    );
  }
  execute(db, 'DELETE FROM uploaded_files WHERE id = ?', fileId);
  for (const company of afterRemoval) refreshPeerFigures(db, company);
  return keys.length;
}

/** Removes everything of a company (call inside one transaction): tombstones, file records, the company. */
export function removeCompany(db: Database, companyCode: string): void {
  markCompaniesStale(db, [companyCode]);
  execute(db, 'DELETE FROM peer_figures WHERE company_code = ?', companyCode);
  for (const table of COMPANY_TABLES) {
    const live = queryAll<{ n: number }>(
      db,
      `SELECT count(*) AS n FROM ${table} WHERE company_code = ? AND deleted = 0`,
      companyCode,
    )[0]?.n;
    if (!live) continue;
    // One sequence number for the company's rows of a table: they go together.
    execute(
      db,
      `UPDATE ${table} SET deleted = 1, version = version + 1, change_seq = ? WHERE company_code = ? AND deleted = 0`,
      nextChangeSeq(db),
      companyCode,
    );
  }
  execute(db, 'DELETE FROM uploaded_files WHERE company_code = ?', companyCode);
  execute(db, 'DELETE FROM quote_history WHERE company_code = ?', companyCode);
  execute(
    db,
    'UPDATE companies SET deleted = 1, version = version + 1, change_seq = ? WHERE code = ? AND deleted = 0',
    nextChangeSeq(db),
    companyCode,
  );
}
