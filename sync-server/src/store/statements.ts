import {
  type CompanyStatements,
  isStatementItem,
  latestReportedYear,
  REPORT_TYPES,
  REVENUE_ITEMS,
  type ReportType,
  type StatementItem,
  type StatementYear,
} from '@fcf/engine';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import type { CompanyRecord } from './companies.ts';

/**
 * Where two report types carry the same item, the later one here wins: the statements over the
 * financial summary, the income statement over the cash-flow supplement.
 */
const MERGE_ORDER: readonly ReportType[] = ['financial_summary', 'cash_flow', 'balance_sheet', 'income_statement'];

/**
 * Writes one report's figures for a company: each (year, item) is inserted, or updated when its value
 * changed, with a new version; an unchanged figure is left as it is (re-importing a file makes clients
 * pull nothing). Items of other years stay. Call inside the file's import transaction. The figures
 * written together share one change_seq (a pull never splits the rows of one sequence number), taken
 * once per report rather than once per row: the counter's UPDATE … RETURNING per row was a third of the
 * whole-market import's time.
 */
export function writeReport(
  db: Database,
  companyCode: string,
  reportType: ReportType,
  years: Readonly<Record<number, StatementYear>>,
  fileId: number,
): number {
  const existing = new Map(
    queryAll<{ year: number; item: string; value: number | null; deleted: number; file_id: number | null }>(
      db,
      'SELECT year, item, value, deleted, file_id FROM statement_values WHERE company_code = ? AND report_type = ?',
      companyCode,
      reportType,
    ).map((row) => [`${row.year}|${row.item}`, row]),
  );
  let written = 0;
  let changeSeq: number | undefined;
  for (const [yearText, items] of Object.entries(years)) {
    const year = Number(yearText);
    for (const [item, value] of Object.entries(items)) {
      if (value === undefined || !Number.isFinite(value)) continue;
      const stored = existing.get(`${year}|${item}`);
      if (stored && stored.deleted === 0 && stored.value === value) {
        // Same figure from a newer file: it now belongs to that file (deleting the older record must not
        // take it away), and clients have nothing new to pull.
        if (stored.file_id !== fileId) {
          execute(
            db,
            `UPDATE statement_values SET file_id = ?
             WHERE company_code = ? AND report_type = ? AND year = ? AND item = ?`,
            fileId,
            companyCode,
            reportType,
            year,
            item,
          );
        }
        continue;
      }
      changeSeq ??= nextChangeSeq(db);
      execute(
        db,
        `INSERT INTO statement_values (company_code, report_type, year, item, value, file_id, change_seq)
         VALUES (?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (company_code, report_type, year, item) DO UPDATE SET
           value = excluded.value, file_id = excluded.file_id, change_seq = excluded.change_seq,
           version = version + 1, deleted = 0`,
        companyCode,
        reportType,
        year,
        item,
        value,
        fileId,
        changeSeq,
      );
      written++;
    }
  }
  return written;
}

export interface StatementValueRow {
  report_type: ReportType;
  year: number;
  item: string;
  value: number | null;
}

const MERGE_RANK = new Map(MERGE_ORDER.map((type, index) => [type, index]));

/** A company's stored figures (of any report types, in any order) merged as the engine reads them. */
export function statementsFromRows(company: CompanyRecord, rows: readonly StatementValueRow[]): CompanyStatements {
  // Applied report type by report type in MERGE_ORDER (a bucket each, no sort: the whole market's 835,000
  // figures are merged for the offline download), so the later type's figure wins.
  const byType = MERGE_ORDER.map((): StatementValueRow[] => []);
  for (const row of rows) byType[MERGE_RANK.get(row.report_type) ?? 0]?.push(row);
  const years: Record<number, StatementYear> = {};
  for (const bucket of byType) {
    for (const row of bucket) {
      if (row.value === null || !isStatementItem(row.item)) continue;
      const year = years[row.year] ?? {};
      year[row.item] = row.value;
      years[row.year] = year;
    }
  }
  return { code: company.code, name: company.name, years };
}

/**
 * Everything reported for a company, merged across report types, as the engine reads it; with `items`,
 * only those items (the same merge, a smaller read).
 */
export function loadCompanyStatements(
  db: Database,
  company: CompanyRecord,
  items?: readonly StatementItem[],
): CompanyStatements {
  const only = items ? ` AND item IN (${items.map(() => '?').join(', ')})` : '';
  const rows = queryAll<StatementValueRow>(
    db,
    `SELECT report_type, year, item, value FROM statement_values WHERE company_code = ? AND deleted = 0${only}`,
    company.code,
    ...(items ?? []),
  );
  return statementsFromRows(company, rows);
}

/**
 * The company's latest annual report year as the engine finds it (the latest year with a positive
 * revenue), read from the revenue figures alone; null when it has none.
 */
export function latestReportYear(db: Database, company: CompanyRecord): number | null {
  return latestReportedYear(loadCompanyStatements(db, company, REVENUE_ITEMS));
}

/** The report types a company has figures for (completeness x/4). */
export function reportTypesOf(db: Database, companyCode: string): ReportType[] {
  const present = new Set(
    queryAll<{ report_type: ReportType }>(
      db,
      'SELECT DISTINCT report_type FROM statement_values WHERE company_code = ? AND deleted = 0',
      companyCode,
    ).map((row) => row.report_type),
  );
  return REPORT_TYPES.filter((type) => present.has(type));
}
