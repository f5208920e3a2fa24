import type { DcfValuationView, FcfRatioView, ModelValuationView } from '@fcf/engine/report';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll } from '../db/query.ts';
import { markCompaniesStale } from './industry-statistics.ts';

export type ValuationSource = 'auto' | 'manual_save';

/**
 * Stores a company's value as the latest valuation run (lists, status, sync): the FCFF's DCF, or another
 * model's result (no enterprise value then), with the model it comes from.
 */
export function saveValuationResult(
  db: Database,
  companyCode: string,
  latestYear: number,
  view: DcfValuationView | ModelValuationView,
  source: ValuationSource,
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
       result_json, computed_at, change_seq, source, model) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET latest_year = excluded.latest_year,
       enterprise_value = excluded.enterprise_value, equity_value = excluded.equity_value,
       value_per_share = excluded.value_per_share, result_json = excluded.result_json,
       computed_at = excluded.computed_at, change_seq = excluded.change_seq, source = excluded.source,
       model = excluded.model, version = version + 1, deleted = 0`,
    companyCode,
    latestYear,
    figures.enterprise,
    figures.equity,
    figures.perShare,
    JSON.stringify(view),
    new Date().toISOString(),
    nextChangeSeq(db),
    source,
    view.model,
  );
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
    nextChangeSeq(db),
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
      nextChangeSeq(db),
      companyCode,
    );
  }
}
