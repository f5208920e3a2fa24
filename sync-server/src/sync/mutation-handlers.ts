import {
  type CompanyValuation,
  DEFAULT_TERMINAL_GROWTH_RATE,
  isValuationError,
  parameterError,
  waccGrowthError,
} from '@fcf/engine';
import type { MutationArgs, MutationName, RejectionCode, SyncRow } from '@fcf/engine/sync';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { type CompanyRecord, findCompany } from '../store/companies.ts';
import { type ChangeContext, clearOverride, setOverride, setValuationInputs } from '../store/forecast-parameters.ts';
import type { ValuationService } from '../valuation/valuation-service.ts';
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

interface HandlerContext {
  readonly db: Database;
  readonly valuations: ValuationService;
  readonly clientId: string;
  readonly change: ChangeContext;
  readonly baseVersion: number;
}

function companyOf(context: HandlerContext, code: string) {
  const company = findCompany(context.db, code);
  if (!company) throw new MutationRejected('unknown_company', `未找到公司"${code}"（可能已被删除）`);
  return company;
}

/**
 * The company's stored valuation. Handlers take it before they write: a write rolled back afterwards
 * would otherwise leave a valuation cached under a change sequence that a later write reuses.
 */
function valuationOf(context: HandlerContext, company: CompanyRecord): CompanyValuation {
  try {
    return context.valuations.valuation(company);
  } catch (error) {
    if (isValuationError(error) && (error.code === 'NO_HISTORY' || error.code === 'NO_REVENUE')) {
      throw new MutationRejected('no_history', `${company.name}：${error.message}`);
    }
    throw error;
  }
}

function rangeCheck(parameter: Parameters<typeof parameterError>[0], value: number | null): void {
  const problem = value === null ? undefined : parameterError(parameter, value);
  if (problem) throw new MutationRejected('out_of_range', problem);
}

function versionCheck(context: HandlerContext, current: SyncRow | null): Outcome | null {
  return (current?.version ?? 0) === context.baseVersion ? null : { status: 'conflict', row: current };
}

function setForecastParameter(context: HandlerContext, args: MutationArgs<'setForecastParameter'>): Outcome {
  const company = companyOf(context, args.company);
  rangeCheck(args.parameter, args.value);
  const years = valuationOf(context, company).forecastYears;
  if (!years.includes(args.year)) {
    throw new MutationRejected(
      'year_outside_horizon',
      `只能调整预测年份（${years[0]}–${years[years.length - 1]}），${args.year} 不在其中`,
    );
  }
  const key = [args.company, args.year, args.parameter];
  const current = readSyncRow(context.db, 'forecast_parameters', key);
  const conflict = versionCheck(context, current);
  if (conflict) return conflict;
  if (args.value === null) {
    clearOverride(context.db, args.company, args.year, args.parameter, context.change);
  } else {
    setOverride(context.db, args.company, args.year, args.parameter, args.value, context.change);
  }
  return { status: 'applied', row: readSyncRow(context.db, 'forecast_parameters', key) };
}

function setValuationParameter(context: HandlerContext, args: MutationArgs<'setValuationParameter'>): Outcome {
  const company = companyOf(context, args.company);
  rangeCheck(args.parameter, args.value);
  const current = readSyncRow(context.db, 'valuation_inputs', [args.company]);
  const conflict = versionCheck(context, current);
  if (conflict) return conflict;
  const { parameters } = valuationOf(context, company);
  const wacc =
    args.parameter === 'wacc_manual' ? (args.value ?? parameters.wacc_calculated ?? parameters.wacc) : parameters.wacc;
  const growth =
    args.parameter === 'terminal_growth_rate_manual'
      ? (args.value ?? DEFAULT_TERMINAL_GROWTH_RATE)
      : parameters.terminal_growth_rate;
  const problem = waccGrowthError(wacc, growth);
  if (problem) throw new MutationRejected('growth_not_below_wacc', problem);
  setValuationInputs(context.db, args.company, { [args.parameter]: args.value }, context.change);
  return { status: 'applied', row: readSyncRow(context.db, 'valuation_inputs', [args.company]) };
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
 * Applies one validated mutation; throws MutationRejected with the reason when it cannot apply (any
 * other exception is unexpected: the caller rolls the mutation back and records it as `internal`).
 */
export function applyMutation(context: HandlerContext, name: MutationName, args: unknown): Outcome {
  switch (name) {
    case 'setForecastParameter':
      return setForecastParameter(context, args as MutationArgs<'setForecastParameter'>);
    case 'setValuationParameter':
      return setValuationParameter(context, args as MutationArgs<'setValuationParameter'>);
    case 'resolveConflict':
      return resolveConflict(context, args as MutationArgs<'resolveConflict'>);
  }
}
