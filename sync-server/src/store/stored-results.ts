import { type StoredRange, storedVerdict, type UncertaintyRating } from '@fcf/engine';
import type { DcfValuationView, FcfRatioView, ModelValuationView } from '@fcf/engine/report';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { markCompaniesStale } from './industry-statistics.ts';
import { latestQuote } from './quotes.ts';

export type ValuationSource = 'auto' | 'manual_save';

/**
 * Stores a company's value as the latest valuation run (lists, status, sync): the FCFF's DCF, or another
 * model's result (no enterprise value then), with the model it comes from, and beside it the stored range
 * and the verdict of the latest price against it (docs/model.md 16; null without a range).
 */
export function saveValuationResult(
  db: Database,
  companyCode: string,
  latestYear: number,
  view: DcfValuationView | ModelValuationView,
  source: ValuationSource,
  range: StoredRange | null = null,
): void {
  const figures =
    view.model === 'fcff'
      ? {
          enterprise: view.valuation.enterprise_value,
          equity: view.valuation.equity_value,
          perShare: view.valuation.value_per_share,
        }
      : { enterprise: null, equity: view.equity_value, perShare: view.value_per_share };
  execute(
    db,
    `INSERT INTO valuation_results (company_code, latest_year, enterprise_value, equity_value, value_per_share,
       result_json, computed_at, change_seq, source, model, uncertainty_rating, required_margin, range_value,
       verdict) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET latest_year = excluded.latest_year,
       enterprise_value = excluded.enterprise_value, equity_value = excluded.equity_value,
       value_per_share = excluded.value_per_share, result_json = excluded.result_json,
       computed_at = excluded.computed_at, change_seq = excluded.change_seq, source = excluded.source,
       model = excluded.model, uncertainty_rating = excluded.uncertainty_rating,
       required_margin = excluded.required_margin, range_value = excluded.range_value,
       verdict = excluded.verdict, version = version + 1, deleted = 0`,
    companyCode,
    latestYear,
    figures.enterprise,
    figures.equity,
    figures.perShare,
    JSON.stringify(view),
    new Date().toISOString(),
    nextChangeSeq(db, 'no-page'),
    source,
    view.model,
    range?.rating ?? null,
    range?.required_margin ?? null,
    range?.weighted_value ?? null,
    storedVerdict(latestQuote(db, companyCode)?.price ?? null, range),
  );
}

interface RangeRow {
  readonly uncertainty_rating: string | null;
  readonly required_margin: number | null;
  readonly range_value: number | null;
}

function rangeOfRow(row: RangeRow | undefined): StoredRange | null {
  if (!row || row.uncertainty_rating === null || row.required_margin === null) return null;
  return {
    rating: row.uncertainty_rating as UncertaintyRating,
    required_margin: row.required_margin,
    weighted_value: row.range_value,
  };
}

/** A company's stored range (null without one): what a forecast edit's revaluation keeps. */
export function loadStoredRange(db: Database, companyCode: string): StoredRange | null {
  return rangeOfRow(
    queryOne<RangeRow>(
      db,
      `SELECT uncertainty_rating, required_margin, range_value FROM valuation_results
       WHERE company_code = ? AND deleted = 0`,
      companyCode,
    ),
  );
}

/** The stored verdicts of these companies against their latest price (a new quote needs no new simulation). */
export function refreshStoredVerdicts(db: Database, companyCodes: readonly string[]): void {
  for (const code of companyCodes) {
    const range = loadStoredRange(db, code);
    if (!range) continue;
    execute(
      db,
      'UPDATE valuation_results SET verdict = ? WHERE company_code = ? AND deleted = 0',
      storedVerdict(latestQuote(db, code)?.price ?? null, range),
      code,
    );
  }
}

export function saveFcfRatioResult(db: Database, companyCode: string, view: FcfRatioView): void {
  execute(
    db,
    `INSERT INTO fcf_ratio_results (company_code, result_json, computed_at, change_seq) VALUES (?, ?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET result_json = excluded.result_json, computed_at = excluded.computed_at,
       change_seq = excluded.change_seq, version = version + 1, deleted = 0`,
    companyCode,
    JSON.stringify(view),
    new Date().toISOString(),
    nextChangeSeq(db, 'no-page'),
  );
}

/** Codes of companies with a stored valuation / a stored FCF-ratio analysis. */
export function codesWithResults(db: Database, table: 'valuation_results' | 'fcf_ratio_results'): Set<string> {
  return new Set(
    queryAll<{ company_code: string }>(db, `SELECT company_code FROM ${table} WHERE deleted = 0`).map(
      (row) => row.company_code,
    ),
  );
}

/** Withdraws a company's stored results when it can no longer be valued (tombstones, for clients). */
export function withdrawResults(db: Database, companyCode: string): void {
  markCompaniesStale(db, [companyCode]);
  for (const table of ['valuation_results', 'fcf_ratio_results', 'screener_models'] as const) {
    execute(
      db,
      `UPDATE ${table} SET deleted = 1, version = version + 1, change_seq = ? WHERE company_code = ? AND deleted = 0`,
      nextChangeSeq(db, 'no-page'),
      companyCode,
    );
  }
}
