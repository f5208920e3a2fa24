import type { DriverKey, ValuationParameterKey } from '@fcf/engine';
import { nextChangeSeq } from '../db/change-seq.ts';
import type { Database } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';
import { appendAudit } from './audit-log.ts';

export interface ChangeContext {
  readonly modifiedBy: string;
  readonly reason: string | null;
}

export interface OverrideRow {
  readonly year: number;
  readonly parameter: string;
  readonly value: number | null;
  readonly version: number;
  readonly change_seq: number;
  readonly updated_by: string | null;
  readonly updated_at: string;
}

export function listOverrideRows(db: Database, companyCode: string): OverrideRow[] {
  return queryAll<OverrideRow>(
    db,
    `SELECT year, parameter, value, version, change_seq, updated_by, updated_at FROM forecast_parameters
     WHERE company_code = ? AND deleted = 0 AND source = 'user_set' ORDER BY year, parameter`,
    companyCode,
  );
}

/**
 * Sets one year's driver (source user_set): a new version and change_seq, and an audit entry with the
 * old and new value. Unchanged values write nothing. Call inside the request's transaction.
 */
export function setOverride(
  db: Database,
  companyCode: string,
  year: number,
  parameter: DriverKey,
  value: number,
  context: ChangeContext,
): boolean {
  const existing = queryOne<{ value: number | null; deleted: number }>(
    db,
    'SELECT value, deleted FROM forecast_parameters WHERE company_code = ? AND year = ? AND parameter = ?',
    companyCode,
    year,
    parameter,
  );
  const oldValue = existing && existing.deleted === 0 ? existing.value : null;
  if (oldValue === value) return false;
  execute(
    db,
    `INSERT INTO forecast_parameters (company_code, year, parameter, value, source, updated_by, updated_at, change_seq)
     VALUES (?, ?, ?, ?, 'user_set', ?, ?, ?)
     ON CONFLICT (company_code, year, parameter) DO UPDATE SET value = excluded.value, source = 'user_set',
       updated_by = excluded.updated_by, updated_at = excluded.updated_at, change_seq = excluded.change_seq,
       version = version + 1, deleted = 0`,
    companyCode,
    year,
    parameter,
    value,
    context.modifiedBy,
    new Date().toISOString(),
    nextChangeSeq(db, { company: companyCode }),
  );
  appendAudit(db, {
    company_code: companyCode,
    year,
    parameter,
    old_value: oldValue,
    new_value: value,
    action: 'set',
    reason: context.reason,
    modified_by: context.modifiedBy,
  });
  return true;
}

/** Tombstones one override and audits it: a new version and change_seq, the old value kept in the log. */
function tombstoneOverride(
  db: Database,
  companyCode: string,
  row: { readonly year: number; readonly parameter: string; readonly value: number | null },
  context: ChangeContext,
  action: 'clear' | 'reset',
): void {
  execute(
    db,
    `UPDATE forecast_parameters SET deleted = 1, version = version + 1, change_seq = ?, updated_by = ?,
       updated_at = ? WHERE company_code = ? AND year = ? AND parameter = ?`,
    nextChangeSeq(db, { company: companyCode }),
    context.modifiedBy,
    new Date().toISOString(),
    companyCode,
    row.year,
    row.parameter,
  );
  appendAudit(db, {
    company_code: companyCode,
    year: row.year,
    parameter: row.parameter,
    old_value: row.value,
    new_value: null,
    action,
    reason: context.reason,
    modified_by: context.modifiedBy,
  });
}

/** Clears one year's driver (back to inherited or auto): a tombstone and an audit entry. */
export function clearOverride(
  db: Database,
  companyCode: string,
  year: number,
  parameter: DriverKey,
  context: ChangeContext,
): boolean {
  const existing = queryOne<{ value: number | null }>(
    db,
    `SELECT value FROM forecast_parameters WHERE company_code = ? AND year = ? AND parameter = ? AND deleted = 0`,
    companyCode,
    year,
    parameter,
  );
  if (!existing) return false;
  tombstoneOverride(db, companyCode, { year, parameter, value: existing.value }, context, 'clear');
  return true;
}

/** Tombstones every override of a company (reset to auto), with an audit entry each. */
export function clearOverrides(db: Database, companyCode: string, context: ChangeContext): number {
  const rows = listOverrideRows(db, companyCode);
  for (const row of rows) tombstoneOverride(db, companyCode, row, context, 'reset');
  return rows.length;
}

type ManualValues = Partial<Record<ValuationParameterKey, number | null>>;

/**
 * Sets (a number) or clears (null) manual valuation parameters, in one row per company with its version
 * and change_seq, auditing each value that changed.
 */
export function setValuationInputs(
  db: Database,
  companyCode: string,
  values: ManualValues,
  context: ChangeContext,
  action: 'set' | 'reset' = 'set',
): number {
  const current = queryOne<Record<ValuationParameterKey, number | null> & { deleted: number }>(
    db,
    `SELECT wacc_manual, terminal_growth_rate_manual, total_shares_manual, deleted FROM valuation_inputs
     WHERE company_code = ?`,
    companyCode,
  );
  const before: Record<ValuationParameterKey, number | null> = {
    wacc_manual: current && current.deleted === 0 ? current.wacc_manual : null,
    terminal_growth_rate_manual: current && current.deleted === 0 ? current.terminal_growth_rate_manual : null,
    total_shares_manual: current && current.deleted === 0 ? current.total_shares_manual : null,
  };
  const after = { ...before };
  const changed: ValuationParameterKey[] = [];
  for (const [key, value] of Object.entries(values) as [ValuationParameterKey, number | null | undefined][]) {
    if (value === undefined || before[key] === value) continue;
    after[key] = value;
    changed.push(key);
  }
  if (changed.length === 0) return 0;
  execute(
    db,
    `INSERT INTO valuation_inputs (company_code, wacc_manual, terminal_growth_rate_manual, total_shares_manual,
       updated_by, updated_at, change_seq) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_code) DO UPDATE SET wacc_manual = excluded.wacc_manual,
       terminal_growth_rate_manual = excluded.terminal_growth_rate_manual,
       total_shares_manual = excluded.total_shares_manual, updated_by = excluded.updated_by,
       updated_at = excluded.updated_at, change_seq = excluded.change_seq, version = version + 1, deleted = 0`,
    companyCode,
    after.wacc_manual,
    after.terminal_growth_rate_manual,
    after.total_shares_manual,
    context.modifiedBy,
    new Date().toISOString(),
    nextChangeSeq(db, { company: companyCode }),
  );
  for (const key of changed) {
    appendAudit(db, {
      company_code: companyCode,
      year: null,
      parameter: key,
      old_value: before[key],
      new_value: after[key],
      action: after[key] === null ? (action === 'reset' ? 'reset' : 'clear') : 'set',
      reason: context.reason,
      modified_by: context.modifiedBy,
    });
  }
  return changed.length;
}
