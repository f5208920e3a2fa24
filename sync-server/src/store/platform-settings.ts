import {
  CHINA_10Y_YIELDS,
  mergedRiskFreeRates,
  type PlatformSettings,
  RISK_FREE_SOURCE,
  type RiskFreeRate,
  SEED_PLATFORM_SETTINGS,
  type TerminalValueMethod,
} from '@fcf/engine';
import type { RiskFreeRateRow } from '@fcf/engine/contract';
import { nextChangeSeq } from '../db/change-seq.ts';
import { type Database, transaction } from '../db/database.ts';
import { execute, queryAll, queryOne } from '../db/query.ts';

/**
 * What an admin sets for the whole platform (migration 022, docs/model.md §6): the default terminal value
 * method and edits of the 10-year government bond yields, each laid over the engine's seed. Every write
 * takes a change sequence number, so every company's bundle version moves and cached answers are dropped.
 */

/** The source of a year-end an admin enters without naming one. */
export const ADMIN_RISK_FREE_SOURCE = '管理员录入';

/** The platform's settings in force: the stored ones, else the seed's. */
export function readPlatformSettings(db: Database): PlatformSettings {
  const row = queryOne<{ terminal_value_method: TerminalValueMethod }>(
    db,
    'SELECT terminal_value_method FROM platform_settings WHERE id = 1',
  );
  return row ? { terminal_value_method: row.terminal_value_method } : SEED_PLATFORM_SETTINGS;
}

export function writePlatformSettings(db: Database, settings: PlatformSettings, by: string): void {
  transaction(db, () => {
    execute(
      db,
      `INSERT INTO platform_settings (id, terminal_value_method, updated_by, updated_at, change_seq)
       VALUES (1, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET terminal_value_method = excluded.terminal_value_method,
         updated_by = excluded.updated_by, updated_at = excluded.updated_at, change_seq = excluded.change_seq`,
      settings.terminal_value_method,
      by,
      new Date().toISOString(),
      nextChangeSeq(db),
    );
  });
}

interface RiskFreeEditRow {
  readonly year: number;
  readonly rate: number;
  readonly source: string;
  readonly edited_by: string;
  readonly edited_at: string;
}

function riskFreeEdits(db: Database): RiskFreeEditRow[] {
  return queryAll<RiskFreeEditRow>(
    db,
    'SELECT year, rate, source, edited_by, edited_at FROM risk_free_rate_edits ORDER BY year',
  );
}

/** The table every valuation dates its risk-free rate by: the engine's with the admins' edits laid over it. */
export function effectiveRiskFreeRates(db: Database): RiskFreeRate[] {
  const edits = riskFreeEdits(db);
  return edits.length === 0 ? [...CHINA_10Y_YIELDS] : mergedRiskFreeRates(edits);
}

/** The table in force year by year, with each year's source and who edited it (the back office's view). */
export function riskFreeTable(db: Database): RiskFreeRateRow[] {
  const seed = new Map(CHINA_10Y_YIELDS.map((entry) => [entry.year, entry.rate]));
  const edits = new Map(riskFreeEdits(db).map((edit) => [edit.year, edit]));
  const years = [...new Set([...seed.keys(), ...edits.keys()])].sort((a, b) => a - b);
  return years.map((year) => {
    const edit = edits.get(year);
    return {
      year,
      rate: edit?.rate ?? seed.get(year) ?? 0,
      source: edit?.source ?? RISK_FREE_SOURCE,
      seed_rate: seed.get(year) ?? null,
      edited_by: edit?.edited_by ?? null,
      edited_at: edit?.edited_at ?? null,
    };
  });
}

/** Sets a year-end's yield (a fraction, already checked) in one transaction. */
export function writeRiskFreeRate(
  db: Database,
  entry: { readonly year: number; readonly rate: number; readonly source?: string | undefined },
  by: string,
): void {
  transaction(db, () => {
    execute(
      db,
      `INSERT INTO risk_free_rate_edits (year, rate, source, edited_by, edited_at, change_seq)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (year) DO UPDATE SET rate = excluded.rate, source = excluded.source,
         edited_by = excluded.edited_by, edited_at = excluded.edited_at, change_seq = excluded.change_seq`,
      entry.year,
      entry.rate,
      entry.source || ADMIN_RISK_FREE_SOURCE,
      by,
      new Date().toISOString(),
      nextChangeSeq(db),
    );
  });
}

/** Drops a year's edit (the seed's yield applies again; an added year leaves the table). False: none. */
export function deleteRiskFreeRate(db: Database, year: number): boolean {
  return transaction(db, () => {
    const removed = execute(db, 'DELETE FROM risk_free_rate_edits WHERE year = ?', year).changes > 0;
    if (removed) nextChangeSeq(db);
    return removed;
  });
}
