import {
  type CompanyValuation,
  type ScreenerModel,
  type StatementYear,
  type StoredRange,
  screenerModelOf,
} from '@fcf/engine';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import type { CompanyRecord } from './companies.ts';
import { markIndustryStale } from './industry-statistics.ts';

/** The latest year's lines the screener reads beside the valuation (归母净利润, 归母权益). */
function latestLines(db: Database, code: string, year: number): StatementYear {
  const lines: Record<string, number> = {};
  for (const row of queryAll<{ item: string; value: number | null }>(
    db,
    `SELECT item, value FROM statement_values WHERE company_code = ? AND year = ? AND period = 'FY' AND deleted = 0
     AND item IN ('net_profit_parent', 'parent_equity')`,
    code,
    year,
  )) {
    if (row.value !== null) lines[row.item] = row.value;
  }
  return lines as StatementYear;
}

/**
 * Stores the company's screener model from its valuation and stored range (call in the transaction that
 * stores the value). `markIndustry`: whether its industry's 行业对比 is rebuilt for it (its margin of safety
 * among the peers); a forecast edit leaves that to the next upload, quote upload or valuation run, as
 * rebuilding a large industry per edit would cost every sync push ~0.1 s.
 */
export function saveScreenerModel(
  db: Database,
  company: CompanyRecord,
  valuation: CompanyValuation,
  range: StoredRange | null,
  markIndustry = true,
): void {
  // A trailing-twelve-months base has no stored row of its own: its lines are the valuation's.
  const latest =
    valuation.base.period === 'FY'
      ? latestLines(db, company.code, valuation.latestYear)
      : (valuation.statements.years[valuation.latestYear] ?? {});
  const model = screenerModelOf(company, valuation, latest, range);
  execute(
    db,
    `INSERT INTO screener_models (company_code, model_json, change_seq) VALUES (?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET model_json = excluded.model_json, change_seq = excluded.change_seq,
       version = version + 1, deleted = 0`,
    company.code,
    JSON.stringify(model),
    nextChangeSeq(db, 'no-page'),
  );
  if (markIndustry) markIndustryStale(db, company.industry);
}

export function listScreenerModels(db: Database): ScreenerModel[] {
  return queryAll<{ model_json: string }>(db, 'SELECT model_json FROM screener_models WHERE deleted = 0').map(
    (row) => JSON.parse(row.model_json) as ScreenerModel,
  );
}

/** Codes of companies with a quote but no screener model yet (never valued since quotes came). */
export function quotedWithoutModel(db: Database): string[] {
  return queryAll<{ code: string }>(
    db,
    `SELECT q.company_code AS code FROM quotes q
     WHERE q.deleted = 0 AND NOT EXISTS (SELECT 1 FROM screener_models s WHERE s.company_code = q.company_code
       AND s.deleted = 0)`,
  ).map((row) => row.code);
}

/** One company's screener model (its value side), or null when it was never valued. */
export function findScreenerModel(db: Database, code: string): ScreenerModel | null {
  const row = queryAll<{ model_json: string }>(
    db,
    'SELECT model_json FROM screener_models WHERE company_code = ? AND deleted = 0',
    code,
  )[0];
  return row ? (JSON.parse(row.model_json) as ScreenerModel) : null;
}
