import {
  isUserMutation,
  type MutationArgs,
  type MutationName,
  mutationTarget,
  type RejectionCode,
  type SyncRow,
  type SyncTable,
  scenarioLimitProblem,
} from '@fcf/engine/sync';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import type { EditOptions, EditOutcome, ForecastEdit, ForecastService } from '../forecast/forecast-service.ts';
import { findCompany } from '../store/companies.ts';
import type { ChangeContext } from '../store/forecast-parameters.ts';
import { deleteScenario, liveScenarioCounts, putScenario, scenarioRecord } from '../store/scenarios.ts';
import { addToWatchlist, removeFromWatchlist } from '../store/watchlist.ts';
import { readSyncRow } from './sync-rows.ts';

/** A mutation the server refuses, with the stable code the client acts on and the message it shows. */
export class MutationRejected extends Error {
  constructor(
    readonly code: RejectionCode,
    message: string,
  ) {
    super(message);
  }
}

export type Outcome = { status: 'applied'; row: SyncRow | null } | { status: 'conflict'; row: SyncRow | null };

/** Who pushed: an ordinary user may push only edits of their own rows (watchlist, scenarios) and dismissals. */
export interface Pusher {
  readonly username: string;
  readonly isAdmin: boolean;
}

interface HandlerContext {
  readonly db: Database;
  readonly pusher: Pusher;
  readonly forecasts: ForecastService;
  readonly clientId: string;
  readonly change: ChangeContext;
  readonly baseVersion: number;
}

/**
 * The edit through the forecast service, which checks and writes it, told whether the pusher saw the rows'
 * present version: a stale edit found valid is a conflict carrying the server's row, an invalid one a
 * rejection whatever version it saw.
 */
function throughService(
  context: HandlerContext,
  version: () => number,
  row: () => SyncRow | null,
  edit: (options: EditOptions) => EditOutcome<object>,
): Outcome {
  const outcome = edit({ stale: version() !== context.baseVersion });
  return { status: outcome.status === 'stale' ? 'conflict' : 'applied', row: row() };
}

/** One value through the forecast service: `row` is what it writes, whose version the base is checked against. */
function adjustRow(context: HandlerContext, code: string, row: () => SyncRow | null, edit: ForecastEdit): Outcome {
  const company = context.forecasts.company(code);
  return throughService(
    context,
    () => row()?.version ?? 0,
    row,
    (options) => context.forecasts.adjust(company, edit, context.change, options),
  );
}

function setForecastParameter(context: HandlerContext, args: MutationArgs<'setForecastParameter'>): Outcome {
  const row = () => readSyncRow(context.db, 'forecast_parameters', [args.company, args.year, args.parameter]);
  return adjustRow(context, args.company, row, { year: args.year, parameters: { [args.parameter]: args.value } });
}

function setValuationParameter(context: HandlerContext, args: MutationArgs<'setValuationParameter'>): Outcome {
  const row = () => readSyncRow(context.db, 'valuation_inputs', [args.company]);
  return adjustRow(context, args.company, row, { year: null, parameters: { [args.parameter]: args.value } });
}

/** The version of a company's rows in the given tables as one set: the sum of their versions, tombstones too. */
function companyRowsVersion(db: Database, company: string, tables: readonly SyncTable[]): number {
  let sum = 0;
  for (const table of tables) {
    sum +=
      queryOne<{ total: number }>(
        db,
        `SELECT coalesce(sum(version), 0) AS total FROM ${table} WHERE company_code = ?`,
        company,
      )?.total ?? 0;
  }
  return sum;
}

function resetToAuto(context: HandlerContext, args: MutationArgs<'resetToAuto'>): Outcome {
  const company = context.forecasts.company(args.company);
  const target = mutationTarget({ name: 'resetToAuto', args });
  const tables = target?.kind === 'company' ? target.tables : [];
  return throughService(
    context,
    () => companyRowsVersion(context.db, args.company, tables),
    () => null,
    (options) => context.forecasts.reset(company, args.scope, context.change, options),
  );
}

function resolveConflict(context: HandlerContext, args: MutationArgs<'resolveConflict'>): Outcome {
  const open = queryOne<{ status: string }>(
    context.db,
    'SELECT status FROM sync_mutations WHERE client_id = ? AND mutation_id = ?',
    context.clientId,
    args.mutationId,
  );
  if (!open) throw new MutationRejected('invalid_args', `没有编号为 ${args.mutationId} 的修改`);
  execute(
    context.db,
    'UPDATE sync_mutations SET resolved = 1 WHERE client_id = ? AND mutation_id = ?',
    context.clientId,
    args.mutationId,
  );
  return { status: 'applied', row: null };
}

/**
 * Adds to or removes from the pusher's own watchlist (another user's is refused `other_user`). Never a
 * conflict: adding and removing are idempotent, so the last edit wins whatever version it saw.
 */
function editWatchlist(
  context: HandlerContext,
  name: 'addToWatchlist' | 'removeFromWatchlist',
  args: MutationArgs<'addToWatchlist'>,
): Outcome {
  ownRows(context, args.user, '自选');
  if (name === 'addToWatchlist') {
    if (!findCompany(context.db, args.company)) {
      throw new MutationRejected('unknown_company', `未找到公司：${args.company}`);
    }
    addToWatchlist(context.db, args.user, args.company, new Date().toISOString());
  } else {
    removeFromWatchlist(context.db, args.user, args.company);
  }
  return { status: 'applied', row: readSyncRow(context.db, 'watchlist', [args.user.toLowerCase(), args.company]) };
}

/** Refuses an edit of another user's rows (`other_user`). */
function ownRows(context: HandlerContext, user: string, what: string): void {
  if (user.toLowerCase() !== context.pusher.username.toLowerCase()) {
    throw new MutationRejected('other_user', `只能修改自己的${what}（登录用户为 ${context.pusher.username}）`);
  }
}

/**
 * A scenario edit's version check: the row's present version (0: never stored) against the one the
 * pusher saw. A stale edit is a conflict carrying the server's row, and writes nothing.
 */
function staleScenario(context: HandlerContext, user: string, id: string): Outcome | null {
  const row = readSyncRow(context.db, 'scenarios', [user.toLowerCase(), id]);
  return (row?.version ?? 0) === context.baseVersion ? null : { status: 'conflict', row };
}

/**
 * Saves one of the pusher's scenarios: the company must exist, a scenario keeps the company it was made
 * for, and a new (or restored) one must fit the user's limits (`scenario_limit`).
 */
function saveScenario(context: HandlerContext, args: MutationArgs<'putScenario'>): Outcome {
  ownRows(context, args.user, '估值情景');
  const { scenario } = args;
  if (!findCompany(context.db, scenario.company)) {
    throw new MutationRejected('unknown_company', `未找到公司：${scenario.company}`);
  }
  const stored = scenarioRecord(context.db, args.user, scenario.id);
  if (stored && stored.company_code !== scenario.company) {
    throw new MutationRejected('invalid_args', `情景 ${scenario.id} 属于公司 ${stored.company_code}，不能改为其他公司`);
  }
  const stale = staleScenario(context, args.user, scenario.id);
  if (stale) return stale;
  const problem =
    stored?.deleted === 0 ? null : scenarioLimitProblem(liveScenarioCounts(context.db, args.user, scenario.company));
  if (problem) throw new MutationRejected('scenario_limit', problem);
  putScenario(context.db, args.user, scenario, new Date().toISOString());
  return { status: 'applied', row: readSyncRow(context.db, 'scenarios', [args.user.toLowerCase(), scenario.id]) };
}

/**
 * Deletes one of the pusher's scenarios (a tombstone). One already gone changes nothing, whatever version
 * the pusher saw (both sides want it gone); a deletion of a scenario edited meanwhile is a conflict.
 */
function removeScenario(context: HandlerContext, args: MutationArgs<'deleteScenario'>): Outcome {
  ownRows(context, args.user, '估值情景');
  const row = () => readSyncRow(context.db, 'scenarios', [args.user.toLowerCase(), args.id]);
  if (scenarioRecord(context.db, args.user, args.id)?.deleted !== 0) return { status: 'applied', row: row() };
  const stale = staleScenario(context, args.user, args.id);
  if (stale) return stale;
  deleteScenario(context.db, args.user, args.id, new Date().toISOString());
  return { status: 'applied', row: row() };
}

/**
 * Applies one validated mutation; throws MutationRejected, or the forecast service's ForecastError, when
 * it cannot apply (any other exception is unexpected: the caller rolls the mutation back and records it
 * as `internal`).
 */
export function applyMutation(context: HandlerContext, name: MutationName, args: unknown): Outcome {
  if (!context.pusher.isAdmin && !isUserMutation(name)) {
    throw new MutationRejected('admin_only', '只有管理员可以修改估值参数，请以管理员身份登录后重试');
  }
  switch (name) {
    case 'setForecastParameter':
      return setForecastParameter(context, args as MutationArgs<'setForecastParameter'>);
    case 'setValuationParameter':
      return setValuationParameter(context, args as MutationArgs<'setValuationParameter'>);
    case 'resetToAuto':
      return resetToAuto(context, args as MutationArgs<'resetToAuto'>);
    case 'resolveConflict':
      return resolveConflict(context, args as MutationArgs<'resolveConflict'>);
    case 'addToWatchlist':
    case 'removeFromWatchlist':
      return editWatchlist(context, name, args as MutationArgs<'addToWatchlist'>);
    case 'putScenario':
      return saveScenario(context, args as MutationArgs<'putScenario'>);
    case 'deleteScenario':
      return removeScenario(context, args as MutationArgs<'deleteScenario'>);
  }
}
