import { resetValuationKeys } from '../valuation/reset-scope.ts';
import type { MutationName } from './mutation-names.ts';
import { isCompanyRow, type MutationArgs, mutationTarget, type SyncTable } from './protocol.ts';
import { isScenarioMutation, scenarioAfterEdit } from './scenario-edits.ts';
import { isWatchlistMutation, watchlistAfterEdit } from './watchlist-edits.ts';

type RowData = Record<string, unknown> | null;

/** A row as a client holds it: its version and data (null: deleted or never existed). */
export interface LocalRow {
  readonly version: number;
  readonly data: RowData;
}

/** An outbox entry's edit, as laid over the rows. */
export interface PendingEdit {
  readonly name: MutationName;
  readonly args: unknown;
  /** When it was made (ms since epoch): a pending watchlist addition's date, a pending scenario's. */
  readonly createdAt?: number;
}

/** A pending single-row edit laid over that row's data, as the server will apply it. */
export function applyPending(entry: PendingEdit, data: RowData): RowData {
  if (entry.name === 'setForecastParameter') {
    const args = entry.args as MutationArgs<'setForecastParameter'>;
    if (args.value === null) return null;
    return { ...data, company_code: args.company, year: args.year, parameter: args.parameter, value: args.value };
  }
  if (entry.name === 'setValuationParameter') {
    const args = entry.args as MutationArgs<'setValuationParameter'>;
    return {
      company_code: args.company,
      wacc_manual: null,
      terminal_growth_rate_manual: null,
      total_shares_manual: null,
      ...data,
      [args.parameter]: args.value,
    };
  }
  if (isWatchlistMutation(entry.name)) {
    const args = entry.args as MutationArgs<'addToWatchlist'>;
    return watchlistAfterEdit(entry.name, args, data, entry.createdAt ?? Date.now());
  }
  if (isScenarioMutation(entry.name)) {
    return scenarioAfterEdit(entry.name, entry.args as MutationArgs<'putScenario'>, entry.createdAt ?? Date.now());
  }
  return data;
}

/**
 * A reset laid over one of the company's rows: a forecast driver goes (tombstone), the scope's manual
 * valuation parameters become null. Null when the row does not change (the server writes nothing then).
 */
function resetRow(args: MutationArgs<'resetToAuto'>, table: SyncTable, data: RowData): RowData | undefined {
  if (!data) return undefined;
  if (table === 'forecast_parameters') return null;
  const keys = resetValuationKeys(args.scope).filter((key) => data[key] !== null && data[key] !== undefined);
  if (keys.length === 0) return undefined;
  return { ...data, ...Object.fromEntries(keys.map((key) => [key, null])) };
}

/**
 * The rows of one table as the server will hold them once the outbox applies, in order: each edit of a
 * row bumps its version by one, as the server's write will. `rows` may hold only the rows of interest
 * (an edit touches only its own row, a reset only the company's rows that exist).
 */
export function layPending(
  table: SyncTable,
  rows: ReadonlyMap<string, LocalRow>,
  outbox: readonly PendingEdit[],
): Map<string, LocalRow> {
  const laid = new Map(rows);
  for (const entry of outbox) {
    const target = mutationTarget({ name: entry.name, args: entry.args as MutationArgs<MutationName> });
    if (!target) continue;
    if (target.kind === 'row') {
      if (target.table !== table) continue;
      const current = laid.get(target.key);
      laid.set(target.key, { version: (current?.version ?? 0) + 1, data: applyPending(entry, current?.data ?? null) });
      continue;
    }
    if (!target.tables.includes(table)) continue;
    for (const [key, row] of laid) {
      if (!isCompanyRow(table, key, target.company)) continue;
      const data = resetRow(entry.args as MutationArgs<'resetToAuto'>, table, row.data);
      if (data !== undefined) laid.set(key, { version: row.version + 1, data });
    }
  }
  return laid;
}
