import { z } from 'zod';
import { DRIVER_KEYS } from '../forecast/drivers.ts';
import { VALUATION_PARAMETER_KEYS } from '../valuation/parameters.ts';
import type { ResetScope } from '../valuation/reset-scope.ts';
import { companyCodeField as companyCode, usernameField as username } from './arg-fields.ts';
import type { MutationName } from './mutation-names.ts';
import { PULL_PAGE_MAX } from './pull-limits.ts';
import { REJECTION_CODES } from './rejections.ts';
import { deleteScenarioArgs, putScenarioArgs } from './scenario-contract.ts';
import { scenarioKey } from './scenario-edits.ts';
import { watchlistKey } from './watchlist-edits.ts';

/**
 * The sync protocol between a browser's IndexedDB and the server, defined once and checked
 * on both sides. A client pulls rows changed since its cursor and pushes its outbox of mutations; each
 * mutation names the row version it was based on, so a concurrent edit becomes a conflict, never a loss.
 */

/**
 * Raised whenever a mutation's name or arguments or the push answer change shape: an older client is
 * refused (and asked to reload), not misread. 2: per-mutation rejection codes, at most 100 a push.
 * 3: `resetToAuto`. 4: the watchlist (`addToWatchlist`, `removeFromWatchlist`, rejections `admin_only`
 * and `other_user`). 5: a client id belongs to one user (a browser keeps one client per user), and the
 * pull answer says whether it carries the client's state (`clientState`). 6: valuation scenarios
 * (`putScenario`, `deleteScenario`, rejection `scenario_limit`). 7: a scenario names its model
 * (`model`: the story model's inputs, or excess returns').
 */
export const SYNC_SCHEMA_VERSION = 7;

/** The most mutations one push may carry; a client sends a longer outbox in chunks, in order. */
export const MAX_PUSH_MUTATIONS = 100;

/**
 * The stable codes of the sync routes' refusals (beside their Chinese message): a client id that belongs
 * to another user (403), and the user's daily quota of stored mutations or new clients used up (429,
 * with Retry-After).
 */
export const CLIENT_OF_OTHER_USER = 'client_of_other_user';
export const SYNC_QUOTA_USED = 'sync_quota_used';

export const SYNC_TABLES = [
  'companies',
  'statement_values',
  'forecast_parameters',
  'valuation_inputs',
  'valuation_results',
  'fcf_ratio_results',
  'top_menus',
  'core_menus',
  'pdf_categories',
  'pdf_files',
  // Each company's latest market quote (the history stays on the server).
  'quotes',
  // Each valued company's model side of the screener (engine ScreenerModel as JSON).
  'screener_models',
  // Each user's watchlist (自选): a pull carries only the caller's rows (none without a token).
  'watchlist',
  // Each user's valuation scenarios: owned like the watchlist.
  'scenarios',
] as const;
export type SyncTable = (typeof SYNC_TABLES)[number];

/** One row as it travels: its table and key, its version and change sequence, and its data (null = deleted). */
export interface SyncRow {
  readonly table: SyncTable;
  readonly key: string;
  readonly version: number;
  readonly change_seq: number;
  readonly data: Record<string, unknown> | null;
}

export function forecastParameterKey(company: string, year: number, parameter: string): string {
  return `${company}|${year}|${parameter}`;
}

const numberOrClear = z.number({ error: '无效的数值' }).nullable();
const resetScope = z.strictObject({
  fcf_parameters: z.boolean(),
  wacc_parameters: z.boolean(),
  terminal_growth_rate: z.boolean(),
  total_shares: z.boolean(),
}) satisfies z.ZodType<ResetScope>;

/** The mutations a client may push, by name: argument schemas and the row each one edits. */
export const MUTATION_ARGS = {
  /** Sets (a number) or clears (null) one forecast year's driver. */
  setForecastParameter: z.strictObject({
    company: companyCode,
    year: z.number().int(),
    parameter: z.enum(DRIVER_KEYS),
    value: numberOrClear,
  }),
  /** Sets or clears one manual valuation parameter (WACC, g, shares). */
  setValuationParameter: z.strictObject({
    company: companyCode,
    parameter: z.enum(VALUATION_PARAMETER_KEYS),
    value: numberOrClear,
  }),
  /**
   * Clears a company's manual values in the scope (its forecast drivers, WACC, g, shares) so the auto
   * forecast applies again. It edits a set of rows, versioned as one: see `mutationTarget`.
   */
  resetToAuto: z.strictObject({ company: companyCode, scope: resetScope }),
  /** Dismisses one of this client's conflicts or rejections (after "keep mine" re-pushed, or "take theirs"). */
  resolveConflict: z.strictObject({ mutationId: z.number().int().positive() }),
  /** Adds a company to a user's watchlist (the pusher's own: another user's is rejected `other_user`). */
  addToWatchlist: z.strictObject({ user: username, company: companyCode }),
  /** Removes a company from a user's watchlist. */
  removeFromWatchlist: z.strictObject({ user: username, company: companyCode }),
  /** Saves one of a user's valuation scenarios (the pusher's own: another user's is rejected `other_user`). */
  putScenario: putScenarioArgs,
  /** Deletes one of a user's valuation scenarios. */
  deleteScenario: deleteScenarioArgs,
} as const satisfies Record<MutationName, z.ZodType>;

export type MutationArgs<Name extends MutationName> = z.infer<(typeof MUTATION_ARGS)[Name]>;

export interface Mutation<Name extends MutationName = MutationName> {
  /** Per client, increasing by one from 1. */
  readonly id: number;
  readonly name: Name;
  readonly args: MutationArgs<Name>;
  /** The version of the edited row the edit was based on (0: the row did not exist). */
  readonly baseVersion: number;
}

/**
 * What a mutation edits, by the pull's names: one row (its version is the row's), or a company's rows of
 * some tables (`resetToAuto`), versioned as one set: the sum of their versions, tombstones included. Every
 * write of one of those rows adds exactly one to that sum, so it equals the client's only when the client
 * has seen every write. Null for mutations that edit no synced row.
 */
export type MutationTarget =
  | { readonly kind: 'row'; readonly table: SyncTable; readonly key: string }
  | { readonly kind: 'company'; readonly company: string; readonly tables: readonly SyncTable[] };

export function mutationTarget(mutation: Pick<Mutation, 'name' | 'args'>): MutationTarget | null {
  switch (mutation.name) {
    case 'setForecastParameter': {
      const args = mutation.args as MutationArgs<'setForecastParameter'>;
      return {
        kind: 'row',
        table: 'forecast_parameters',
        key: forecastParameterKey(args.company, args.year, args.parameter),
      };
    }
    case 'setValuationParameter':
      return {
        kind: 'row',
        table: 'valuation_inputs',
        key: (mutation.args as MutationArgs<'setValuationParameter'>).company,
      };
    case 'addToWatchlist':
    case 'removeFromWatchlist': {
      const args = mutation.args as MutationArgs<'addToWatchlist'>;
      return { kind: 'row', table: 'watchlist', key: watchlistKey(args.user, args.company) };
    }
    case 'putScenario': {
      const args = mutation.args as MutationArgs<'putScenario'>;
      return { kind: 'row', table: 'scenarios', key: scenarioKey(args.user, args.scenario.id) };
    }
    case 'deleteScenario': {
      const args = mutation.args as MutationArgs<'deleteScenario'>;
      return { kind: 'row', table: 'scenarios', key: scenarioKey(args.user, args.id) };
    }
    case 'resetToAuto': {
      const { company, scope } = mutation.args as MutationArgs<'resetToAuto'>;
      const tables: SyncTable[] = [];
      if (scope.fcf_parameters) tables.push('forecast_parameters');
      if (scope.wacc_parameters || scope.terminal_growth_rate || scope.total_shares) tables.push('valuation_inputs');
      return { kind: 'company', company, tables };
    }
    default:
      return null;
  }
}

/** Whether a row of a company-keyed table belongs to the company (forecast keys start with its code). */
export function isCompanyRow(table: SyncTable, key: string, company: string): boolean {
  return table === 'forecast_parameters' ? key.startsWith(`${company}|`) : key === company;
}

export const pushRequestSchema = z.object({
  clientId: z.string().min(8).max(64),
  schemaVersion: z.number().int(),
  mutations: z
    .array(
      z.object({
        id: z.number().int().positive(),
        name: z.string().max(64),
        args: z.unknown(),
        baseVersion: z.number().int().nonnegative(),
      }),
    )
    .max(MAX_PUSH_MUTATIONS, `一次最多同步 ${MAX_PUSH_MUTATIONS} 条修改`),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export type MutationStatus = 'applied' | 'conflict' | 'rejected';

const syncRowSchema = z.object({
  table: z.enum(SYNC_TABLES),
  key: z.string(),
  version: z.number(),
  change_seq: z.number(),
  data: z.record(z.string(), z.unknown()).nullable(),
});

/** What became of one pushed mutation; 'gap' when an earlier id never reached the server. */
export const mutationResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(['applied', 'conflict', 'rejected', 'gap']),
  /** Why it was rejected; a code this client does not know reads as `internal`. */
  code: z.enum(REJECTION_CODES).catch('internal').optional(),
  /** The Chinese explanation (rejected, conflict, gap). */
  message: z.string().optional(),
  /** The row after the mutation (applied) or as the server has it (conflict). */
  row: syncRowSchema.nullish(),
});
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResponseSchema = z.object({
  results: z.array(mutationResultSchema),
  lastMutationId: z.number().int().nonnegative(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/**
 * A conflict the server keeps for the client until it is resolved. (Schema 1 servers listed rejections
 * here too; the browser moves any it still holds into its list of rejected edits.)
 */
export interface OpenIssue {
  readonly mutationId: number;
  readonly status: 'conflict' | 'rejected';
  readonly name: MutationName | string;
  readonly args: unknown;
  readonly reason: string;
  /** The server's row at the time of the conflict (null when it does not exist). */
  readonly serverRow: SyncRow | null;
}

export interface PullResponse {
  readonly changes: SyncRow[];
  /** Where the next pull starts. */
  readonly cursor: number;
  readonly hasMore: boolean;
  /**
   * Whether `lastMutationId` and `issues` are the calling client's: only when the pull names a client and
   * carries its user's token. Otherwise they are 0 and empty, and say nothing about any client.
   */
  readonly clientState: boolean;
  /** The calling client's last mutation the server has processed (0: none). */
  readonly lastMutationId: number;
  /** The calling client's unresolved conflicts. */
  readonly issues: OpenIssue[];
}

const openIssueSchema = z.object({
  mutationId: z.number().int(),
  status: z.enum(['conflict', 'rejected']),
  name: z.string(),
  args: z.unknown(),
  reason: z.string(),
  serverRow: syncRowSchema.nullable(),
});

/** The pull answer's `data` (sync-contract.test.ts proves it describes PullResponse). */
export const pullResponseSchema = z.object({
  changes: z.array(syncRowSchema),
  cursor: z.number().int().nonnegative().describe('下一次拉取从这里开始'),
  hasMore: z.boolean(),
  clientState: z
    .boolean()
    .describe('lastMutationId 与 issues 是否为本客户端的：仅当请求带 clientId 且以其所属用户登录时为 true'),
  lastMutationId: z.number().int().nonnegative().describe('服务器已处理的本客户端最后一条修改（0：没有）'),
  issues: z.array(openIssueSchema).describe('本客户端尚未解决的冲突'),
});

/** A whole number of at least `min` in a query string, with one message for anything else. */
const wholeNumber = (min: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message);

/** GET /api/sync/pull's query: where to start, how many rows at most, whose outbox, which tables. */
export const pullQuerySchema = z.object({
  cursor: wholeNumber(0, '必须是非负整数').default(0).describe('上次拉取得到的 cursor；首次为 0'),
  limit: wholeNumber(1, '必须是正整数')
    .default(1000)
    .describe(`每页最多行数（最多 ${PULL_PAGE_MAX}，更大按 ${PULL_PAGE_MAX} 计）`),
  clientId: z
    .string()
    .max(64)
    .optional()
    .describe('本浏览器中当前用户的客户端编号：以其所属用户登录时，回答附带它的已处理修改与冲突；属于另一用户时 403'),
  tables: z
    .string()
    .max(500)
    .optional()
    .describe(`逗号分隔的表名；不填为全部：${SYNC_TABLES.join(', ')}`),
});
