import {
  type CompanyStatements,
  ITEM_LABELS,
  isInterimPeriod,
  isStatementItem,
  latestReportedYear,
  periodEndDate,
  periodOfDate,
  periodReportLabel,
  REPORT_TYPES,
  REVENUE_ITEMS,
  type ReportPeriod,
  type ReportType,
  STATEMENT_ITEMS,
  type StatementItem,
  type StatementYear,
  trailingTwelveMonths,
} from '@fcf/engine';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import type { CompanyRecord } from './companies.ts';

/**
 * Where two report types carry the same item, the later one here wins: the statements over the
 * financial summary, the income statement over the cash-flow supplement.
 */
const MERGE_ORDER: readonly ReportType[] = ['financial_summary', 'cash_flow', 'balance_sheet', 'income_statement'];

/** A report's figures as ingest reads them: annual ones by year, interim ones by their end date. */
export interface ReportFigures {
  readonly years: Readonly<Record<number, StatementYear>>;
  readonly interims?: Readonly<Record<string, StatementYear>>;
}

/** Each (year, period, figures) of a report, annual reports as period 'FY'. */
function reportsOf(figures: ReportFigures): { year: number; period: ReportPeriod; items: StatementYear }[] {
  const reports: { year: number; period: ReportPeriod; items: StatementYear }[] = [];
  for (const [year, items] of Object.entries(figures.years)) reports.push({ year: Number(year), period: 'FY', items });
  for (const [date, items] of Object.entries(figures.interims ?? {})) {
    const period = periodOfDate(date);
    if (period && period.period !== 'FY') reports.push({ year: period.year, period: period.period, items });
  }
  return reports;
}

/**
 * Writes one report's figures for a company: each (year, period, item) is inserted, or updated when its
 * value changed, with a new version; an unchanged figure is left as it is (re-importing a file makes
 * clients pull nothing). Items of other periods stay. Call inside the file's import transaction. The
 * figures written together share one change_seq (a pull never splits the rows of one sequence number),
 * taken once per report rather than once per row: the counter's UPDATE … RETURNING per row was a third of
 * the whole-market import's time.
 */
export function writeReport(
  db: Database,
  companyCode: string,
  reportType: ReportType,
  figures: ReportFigures,
  fileId: number,
  options: WriteOptions = {},
): number {
  const existing = new Map(
    queryAll<{
      year: number;
      period: ReportPeriod;
      item: string;
      value: number | null;
      deleted: number;
      file_id: number | null;
    }>(
      db,
      `SELECT year, period, item, value, deleted, file_id FROM statement_values
       WHERE company_code = ? AND report_type = ?`,
      companyCode,
      reportType,
    ).map((row) => [`${row.year}|${row.period}|${row.item}`, row]),
  );
  const storedReports = new Set(
    [...existing.values()].filter((row) => row.deleted === 0).map((row) => `${row.year}|${row.period}`),
  );
  let written = 0;
  let changeSeq: number | undefined;
  const pending: unknown[] = [];
  for (const { year, period, items } of reportsOf(figures)) {
    if (options.keepStored && storedReports.has(`${year}|${period}`)) continue;
    for (const [item, value] of Object.entries(items)) {
      if (value === undefined || !Number.isFinite(value)) continue;
      const stored = existing.get(`${year}|${period}|${item}`);
      if (stored && stored.deleted === 0 && stored.value !== null && differs(stored.value, value)) {
        options.changed?.push({ year, period, item, from: stored.value, to: value });
      }
      if (stored && stored.deleted === 0 && stored.value === value) {
        // Same figure from a newer file: it now belongs to that file (deleting the older record must not
        // take it away), and clients have nothing new to pull.
        if (stored.file_id !== fileId) {
          execute(
            db,
            `UPDATE statement_values SET file_id = ?
             WHERE company_code = ? AND report_type = ? AND year = ? AND period = ? AND item = ?`,
            fileId,
            companyCode,
            reportType,
            year,
            period,
            item,
          );
        }
        continue;
      }
      changeSeq ??= nextChangeSeq(db);
      pending.push(companyCode, reportType, year, period, item, value, fileId, changeSeq);
      if (pending.length === INSERT_CHUNK * ROW_PARAMETERS) insertRows(db, pending.splice(0));
      written++;
    }
  }
  if (pending.length > 0) insertRows(db, pending);
  return written;
}

/** Rows per INSERT: a Sina export writes thousands of figures, one statement per row was most of its import. */
const INSERT_CHUNK = 64;
const ROW_PARAMETERS = 8;

/** Inserts (or updates, with a new version) the rows whose parameters `values` holds, 8 per row. */
function insertRows(db: Database, values: readonly unknown[]): void {
  const rows = values.length / ROW_PARAMETERS;
  execute(
    db,
    `INSERT INTO statement_values (company_code, report_type, year, period, item, value, file_id, change_seq)
     VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}
     ON CONFLICT (company_code, report_type, year, period, item) DO UPDATE SET
       value = excluded.value, file_id = excluded.file_id, change_seq = excluded.change_seq,
       version = version + 1, deleted = 0`,
    ...values,
  );
}

export interface WriteOptions {
  /** Leave every report (type, year, period) the company already has as it is; write only new ones. */
  readonly keepStored?: boolean;
  /** Collects the stored figures the write replaced by a different one. */
  readonly changed?: ChangedFigure[];
}

/** A stored figure a file replaced. */
export interface ChangedFigure {
  readonly year: number;
  readonly period: ReportPeriod;
  readonly item: string;
  readonly from: number;
  readonly to: number;
}

/**
 * Whether two figures differ by more than rounding: exports in 万元 without decimals (NetEase) beside ones
 * with two (Sina) differ by up to 0.5 万元 = 0.00005 亿元 on the same report.
 */
function differs(a: number, b: number): boolean {
  return Math.abs(a - b) > 0.0001 && Math.abs(a - b) > 1e-5 * Math.max(Math.abs(a), Math.abs(b));
}

/** The upload answer's note of stored figures a file replaced: never silent (docs/api.md). */
export function changedFiguresWarning(changed: readonly ChangedFigure[]): string[] {
  if (changed.length === 0) return [];
  const shown = changed.slice(0, 3).map(({ year, period, item, from, to }) => {
    const label = isStatementItem(item) ? ITEM_LABELS[item] : item;
    const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 });
    return `${periodReportLabel(year, period)}${label} ${amount(from)} → ${amount(to)}`;
  });
  const more = changed.length > shown.length ? ` 等 ${changed.length} 项` : '';
  return [`改写了已有数据：${shown.join('；')}${more}（以本文件为准，请核对是否为追溯调整）`];
}

export interface StatementValueRow {
  report_type: ReportType;
  year: number;
  /** 'FY' for an annual report (absent from rows read before periods were stored). */
  period?: ReportPeriod;
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
  const interims: Record<string, StatementYear> = {};
  for (const bucket of byType) {
    for (const row of bucket) {
      if (row.value === null || !isStatementItem(row.item)) continue;
      if (row.period !== undefined && isInterimPeriod(row.period)) {
        const date = periodEndDate(row.year, row.period);
        const interim = interims[date] ?? {};
        interim[row.item] = row.value;
        interims[date] = interim;
        continue;
      }
      const year = years[row.year] ?? {};
      year[row.item] = row.value;
      years[row.year] = year;
    }
  }
  // Annual-only companies read exactly as before: no `interims` key at all.
  return Object.keys(interims).length > 0
    ? { code: company.code, name: company.name, years, interims }
    : { code: company.code, name: company.name, years };
}

/** One stored figure as FIGURES_JSON writes it: report type, year, period, item, value (as text). */
type FigureTuple = [ReportType, number, ReportPeriod, string, string];

/**
 * A company's figures as one JSON array of FIGURES_JSON's tuples (an aggregate over statement_values).
 * Row by row, libsql's driver takes ~5 µs a row (a company's few hundred figures: about a millisecond, the
 * whole market's ~830,000: 4 s); SQLite writing the rows as JSON and V8 parsing it take a third of that. The
 * value goes as text of 17 significant digits, which reads back as the very same double (SQLite's JSON
 * writes 15 and would round some). A figure without a value is left out, as statementsFromRows skips it.
 */
const FIGURES_JSON = "json_group_array(json_array(report_type, year, period, item, printf('%!.17g', value)))";

/**
 * Everything reported for a company, merged across report types, as the engine reads it; with `items`,
 * only those items, and `annualOnly`, only the annual reports (the same merge, a smaller read).
 */
export function loadCompanyStatements(
  db: Database,
  company: CompanyRecord,
  items?: readonly StatementItem[],
  annualOnly = false,
): CompanyStatements {
  const only = `${items ? ` AND item IN (${items.map(() => '?').join(', ')})` : ''}${annualOnly ? " AND period = 'FY'" : ''}`;
  const read = queryOne<{ figures: string }>(
    db,
    `SELECT ${FIGURES_JSON} AS figures FROM statement_values
     WHERE company_code = ? AND deleted = 0 AND value IS NOT NULL${only}`,
    company.code,
    ...(items ?? []),
  );
  return statementsFromRows(company, figureRowsOf(read?.figures));
}

/** The figures of the companies with codes in [first, last] (one read for many), by company code. */
export function statementFiguresBetween(db: Database, first: string, last: string): Map<string, string> {
  const rows = queryAll<{ company_code: string; figures: string }>(
    db,
    `SELECT company_code, ${FIGURES_JSON} AS figures FROM statement_values
     WHERE company_code BETWEEN ? AND ? AND deleted = 0 AND value IS NOT NULL GROUP BY company_code`,
    first,
    last,
  );
  return new Map(rows.map((row) => [row.company_code, row.figures]));
}

/** The figures of the companies `codes` (one read for many), by company code. */
export function statementFiguresOf(db: Database, codes: readonly string[]): Map<string, string> {
  const rows = queryAll<{ company_code: string; figures: string }>(
    db,
    `SELECT company_code, ${FIGURES_JSON} AS figures FROM statement_values
     WHERE company_code IN (SELECT value FROM json_each(?)) AND deleted = 0 AND value IS NOT NULL
     GROUP BY company_code`,
    JSON.stringify(codes),
  );
  return new Map(rows.map((row) => [row.company_code, row.figures]));
}

/** A company's figures from FIGURES_JSON's array (none when absent), as `statementsFromRows` reads them. */
export function figureRowsOf(figures: string | undefined): StatementValueRow[] {
  if (figures === undefined) return [];
  return (JSON.parse(figures) as FigureTuple[]).map(([report_type, year, period, item, value]) => ({
    report_type,
    year,
    period,
    item,
    value: Number(value),
  }));
}

/**
 * The company's latest `count` annual reports (years with a figure of a known item), merged as
 * loadCompanyStatements merges them: for what reads only those (行业对比's figures, `peerFiguresOf`), without
 * the rows of every older year.
 */
export function loadLatestAnnualStatements(db: Database, company: CompanyRecord, count: number): CompanyStatements {
  const read = queryOne<{ figures: string }>(
    db,
    `SELECT ${FIGURES_JSON} AS figures FROM statement_values
     WHERE company_code = ?1 AND deleted = 0 AND value IS NOT NULL AND period = 'FY' AND year >= (
       SELECT coalesce(min(year), 0) FROM (
         SELECT DISTINCT year FROM statement_values
         WHERE company_code = ?1 AND deleted = 0 AND period = 'FY' AND value IS NOT NULL
           AND item IN (SELECT value FROM json_each(?2))
         ORDER BY year DESC LIMIT ?3))`,
    company.code,
    KNOWN_ITEMS,
    count,
  );
  return statementsFromRows(company, figureRowsOf(read?.figures));
}

const KNOWN_ITEMS = JSON.stringify(STATEMENT_ITEMS);

/**
 * The year the company's valuation starts from as the engine finds it, read from the revenue figures alone:
 * the latest year with a positive annual revenue, or the year of the interim report whose trailing twelve
 * months the engine takes as its base (docs/model.md section 2.2); null when it has no annual report.
 */
export function latestReportYear(db: Database, company: CompanyRecord): number | null {
  const statements = loadCompanyStatements(db, company, REVENUE_ITEMS);
  return trailingTwelveMonths(statements)?.year ?? latestReportedYear(statements);
}

/** The report periods a company has figures for, by report type: 'FY' or an interim period, per year. */
export function storedPeriods(
  db: Database,
  companyCode: string,
): { report_type: ReportType; year: number; period: ReportPeriod }[] {
  return queryAll<{ report_type: ReportType; year: number; period: ReportPeriod }>(
    db,
    'SELECT DISTINCT report_type, year, period FROM statement_values WHERE company_code = ? AND deleted = 0',
    companyCode,
  );
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
