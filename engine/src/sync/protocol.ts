import { z } from 'zod';
import { DRIVER_KEYS } from '../forecast/drivers.ts';
import { VALUATION_PARAMETER_KEYS } from '../valuation/parameters.ts';

/**
 * The sync protocol between a browser's IndexedDB and the server (DESIGN.md §5), defined once and checked
 * on both sides. A client pulls rows changed since its cursor and pushes its outbox of mutations; each
 * mutation names the row version it was based on, so a concurrent edit becomes a conflict, never a loss.
 */

/**
 * Raised whenever a mutation's name or arguments or the push answer change shape: an older client is
 * refused (and asked to reload), not misread. 2: per-mutation rejection codes, at most 100 a push.
 */
export const SYNC_SCHEMA_VERSION = 2;

/** The most mutations one push may carry; a client sends a longer outbox in chunks, in order. */
export const MAX_PUSH_MUTATIONS = 100;

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

const companyCode = z
  .string()
  .max(6, '公司代码应为6位数字')
  .regex(/^\d{6}$/, '公司代码应为6位数字');
const numberOrClear = z.number({ error: '无效的数值' }).nullable();

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
  /** Dismisses one of this client's conflicts or rejections (after "keep mine" re-pushed, or "take theirs"). */
  resolveConflict: z.strictObject({ mutationId: z.number().int().positive() }),
} as const;

export type MutationName = keyof typeof MUTATION_ARGS;
export type MutationArgs<Name extends MutationName> = z.infer<(typeof MUTATION_ARGS)[Name]>;
export const MUTATION_NAMES = Object.keys(MUTATION_ARGS) as MutationName[];

export interface Mutation<Name extends MutationName = MutationName> {
  /** Per client, increasing by one from 1. */
  readonly id: number;
  readonly name: Name;
  readonly args: MutationArgs<Name>;
  /** The version of the edited row the edit was based on (0: the row did not exist). */
  readonly baseVersion: number;
}

/** The row a mutation edits, as the pull names it; null for mutations that edit no synced row. */
export function mutationRow(mutation: Pick<Mutation, 'name' | 'args'>): { table: SyncTable; key: string } | null {
  switch (mutation.name) {
    case 'setForecastParameter': {
      const args = mutation.args as MutationArgs<'setForecastParameter'>;
      return { table: 'forecast_parameters', key: forecastParameterKey(args.company, args.year, args.parameter) };
    }
    case 'setValuationParameter':
      return { table: 'valuation_inputs', key: (mutation.args as MutationArgs<'setValuationParameter'>).company };
    default:
      return null;
  }
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

/**
 * Why the server refused a mutation, by stable code, with the Chinese label shown when the server's own
 * message is missing. `transient`: the same edit may succeed later (the company's files are uploaded
 * again, another admin changes WACC, …), so the client offers 重试, which pushes it again as a new
 * mutation on the server's current version; otherwise only 放弃. `internal` (an unexpected failure on
 * the server, rolled back) counts as transient: a retry is the admin's choice and never automatic.
 */
export const REJECTIONS = {
  unknown_company: { transient: true, label: '公司不存在或已被删除' },
  no_history: { transient: true, label: '该公司暂无历史财务数据' },
  year_outside_horizon: { transient: true, label: '年份不在预测期内' },
  growth_not_below_wacc: { transient: true, label: '永续增长率必须低于 WACC' },
  out_of_range: { transient: false, label: '数值超出合理范围' },
  invalid_args: { transient: false, label: '修改内容无效' },
  unknown_mutation: { transient: false, label: '未知的修改类型' },
  id_reused: { transient: true, label: '修改编号已被另一条修改使用' },
  internal: { transient: true, label: '服务器处理出错，修改未生效' },
} as const satisfies Record<string, { transient: boolean; label: string }>;
export type RejectionCode = keyof typeof REJECTIONS;
export const REJECTION_CODES = Object.keys(REJECTIONS) as [RejectionCode, ...RejectionCode[]];

export function isTransientRejection(code: RejectionCode): boolean {
  return REJECTIONS[code].transient;
}

/** The code of a rejection recorded under schema 1, which kept only the message: read from its wording. */
export function legacyRejectionCode(message: string): RejectionCode {
  if (message.startsWith('未找到公司')) return 'unknown_company';
  if (message.startsWith('只能调整预测年份')) return 'year_outside_horizon';
  if (message.startsWith('未知的修改类型')) return 'unknown_mutation';
  if (message.startsWith('参数错误') || message.startsWith('没有编号') || message.includes('无效的数值')) {
    return 'invalid_args';
  }
  if (message.includes('必须大于永续增长率')) return 'growth_not_below_wacc';
  return message.includes('超出合理范围') ? 'out_of_range' : 'internal';
}

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
  /** The calling client's last mutation the server has processed (0: none). */
  readonly lastMutationId: number;
  /** The calling client's unresolved conflicts. */
  readonly issues: OpenIssue[];
}
