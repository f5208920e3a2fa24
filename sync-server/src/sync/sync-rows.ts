import { QUOTE_FIGURES } from '@fcf/engine/contract';
import { forecastParameterKey, type SyncRow, type SyncTable } from '@fcf/engine/sync';
import type { Database } from '../db/database.ts';
import { queryAll } from '../db/query.ts';

/**
 * How each synced table travels: its key and data columns. A tombstone (deleted = 1) travels as data null.
 */
interface TableSpec {
  readonly keyColumns: readonly string[];
  readonly dataColumns: readonly string[];
  /** Readable without an admin token. */
  readonly public: boolean;
  /**
   * The column naming each row's owner (a lower-case username): a pull carries only the caller's rows,
   * and none to a caller without a token.
   */
  readonly ownerColumn?: string;
  /** Data columns stored as JSON text that travel as what they hold (a scenario's inputs). */
  readonly jsonColumns?: readonly string[];
}

export const TABLE_SPECS: Readonly<Record<SyncTable, TableSpec>> = {
  companies: { keyColumns: ['code'], dataColumns: ['code', 'name', 'industry'], public: true },
  // `period`: 'FY' for an annual report, 'Q1' / 'H1' / 'Q3' for an interim one (docs/sync.md): an annual
  // row keeps the key it always had, an interim row's key ends in its period.
  statement_values: {
    keyColumns: ['company_code', 'report_type', 'year', 'period', 'item'],
    dataColumns: ['company_code', 'report_type', 'year', 'period', 'item', 'value'],
    public: true,
  },
  forecast_parameters: {
    keyColumns: ['company_code', 'year', 'parameter'],
    dataColumns: ['company_code', 'year', 'parameter', 'value', 'source', 'updated_by', 'updated_at'],
    public: true,
  },
  valuation_inputs: {
    keyColumns: ['company_code'],
    dataColumns: [
      'company_code',
      'wacc_manual',
      'terminal_growth_rate_manual',
      'total_shares_manual',
      'updated_by',
      'updated_at',
    ],
    public: true,
  },
  valuation_results: {
    keyColumns: ['company_code'],
    dataColumns: [
      'company_code',
      'latest_year',
      'enterprise_value',
      'equity_value',
      'value_per_share',
      'source',
      'computed_at',
      'model',
    ],
    public: true,
  },
  fcf_ratio_results: {
    keyColumns: ['company_code'],
    dataColumns: ['company_code', 'result_json', 'computed_at'],
    public: true,
  },
  top_menus: {
    keyColumns: ['id'],
    dataColumns: ['id', 'parent_id', 'name', 'link', 'is_group', 'sort_order'],
    public: true,
  },
  core_menus: {
    keyColumns: ['id'],
    dataColumns: ['id', 'name', 'path', 'link', 'description', 'sort_order'],
    public: true,
  },
  pdf_categories: { keyColumns: ['id'], dataColumns: ['id', 'name', 'sort_order'], public: true },
  // The metadata only: the bytes stay in pdf_file_data and are fetched per file.
  pdf_files: {
    keyColumns: ['id'],
    dataColumns: ['id', 'filename', 'category_id', 'size', 'sha256', 'upload_time'],
    public: true,
  },
  quotes: {
    keyColumns: ['company_code'],
    dataColumns: ['company_code', 'date', ...QUOTE_FIGURES],
    public: true,
  },
  screener_models: { keyColumns: ['company_code'], dataColumns: ['company_code', 'model_json'], public: true },
  watchlist: {
    keyColumns: ['username', 'company_code'],
    dataColumns: ['username', 'company_code', 'added_at'],
    public: true,
    ownerColumn: 'username',
  },
  scenarios: {
    keyColumns: ['username', 'id'],
    dataColumns: ['username', 'id', 'company_code', 'name', 'weight', 'model', 'inputs', 'updated_at'],
    public: true,
    ownerColumn: 'username',
    jsonColumns: ['inputs'],
  },
};

type RawRow = Record<string, unknown> & { version: number; change_seq: number; deleted: number };

/** A statement figure's key: 'code|type|year|item' for an annual report, with '|Q1' (…) for an interim one. */
function statementValueKey(raw: RawRow): string {
  const key = `${raw.company_code}|${raw.report_type}|${raw.year}|${raw.item}`;
  return raw.period === undefined || raw.period === 'FY' ? key : `${key}|${raw.period}`;
}

function toSyncRow(table: SyncTable, raw: RawRow): SyncRow {
  const spec = TABLE_SPECS[table];
  const key =
    table === 'forecast_parameters'
      ? forecastParameterKey(String(raw.company_code), Number(raw.year), String(raw.parameter))
      : table === 'statement_values'
        ? statementValueKey(raw)
        : spec.keyColumns.map((column) => String(raw[column])).join('|');
  const data: Record<string, unknown> = {};
  for (const column of spec.dataColumns) data[column] = raw[column] ?? null;
  for (const column of spec.jsonColumns ?? []) {
    if (typeof data[column] === 'string') data[column] = JSON.parse(data[column]);
  }
  return { table, key, version: raw.version, change_seq: raw.change_seq, data: raw.deleted ? null : data };
}

function selectColumns(table: SyncTable): string {
  const spec = TABLE_SPECS[table];
  return [...new Set([...spec.keyColumns, ...spec.dataColumns, 'version', 'change_seq', 'deleted'])].join(', ');
}

/** The condition naming the rows of an owned table the viewer may read (none for an anonymous viewer). */
function viewerCondition(table: SyncTable, viewer: string | null): { sql: string; values: unknown[] } | null {
  const owner = TABLE_SPECS[table].ownerColumn;
  if (!owner) return { sql: '', values: [] };
  if (viewer === null) return null;
  return { sql: `${owner} = ? AND `, values: [viewer.toLowerCase()] };
}

/**
 * The change sequence numbers of a table's rows the viewer may read after `after`, oldest first, at most
 * `limit`: read from the change_seq index alone, so finding where a page ends costs no row.
 */
export function changeSeqsSince(
  db: Database,
  table: SyncTable,
  viewer: string | null,
  after: number,
  limit: number,
): number[] {
  const condition = viewerCondition(table, viewer);
  if (!condition) return [];
  return queryAll<{ change_seq: number }>(
    db,
    `SELECT change_seq FROM ${table} WHERE ${condition.sql}change_seq > ? ORDER BY change_seq LIMIT ?`,
    ...condition.values,
    after,
    limit,
  ).map((row) => row.change_seq);
}

/**
 * A table's rows the viewer may read with `after` < change_seq ≤ `upTo`, oldest first. Of an owned table
 * only the viewer's own rows (none for an anonymous viewer).
 */
export function rowsChangedSince(
  db: Database,
  table: SyncTable,
  viewer: string | null,
  range: { after: number; upTo: number },
): SyncRow[] {
  const condition = viewerCondition(table, viewer);
  if (!condition) return [];
  return queryAll<RawRow>(
    db,
    `SELECT ${selectColumns(table)} FROM ${table}
     WHERE ${condition.sql}change_seq > ? AND change_seq <= ? ORDER BY change_seq`,
    ...condition.values,
    range.after,
    range.upTo,
  ).map((raw) => toSyncRow(table, raw));
}

/** One row by its key columns, tombstones included (null: it never existed). */
export function readSyncRow(db: Database, table: SyncTable, keyValues: readonly unknown[]): SyncRow | null {
  const spec = TABLE_SPECS[table];
  const where = spec.keyColumns.map((column) => `${column} = ?`).join(' AND ');
  const raw = queryAll<RawRow>(db, `SELECT ${selectColumns(table)} FROM ${table} WHERE ${where}`, ...keyValues)[0];
  return raw ? toSyncRow(table, raw) : null;
}
