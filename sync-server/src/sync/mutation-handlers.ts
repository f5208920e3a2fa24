import {
  DEFAULT_TERMINAL_GROWTH_RATE,
  type MutationArgs,
  type MutationName,
  parameterError,
  type SyncRow,
  waccGrowthError,
} from '@fcf/engine';
import type { Database } from '../db/database.ts';
import { execute, queryOne } from '../db/query.ts';
import { findCompany } from '../store/companies.ts';
import { type ChangeContext, clearOverride, setOverride, setValuationInputs } from '../store/forecast-parameters.ts';
import type { ValuationService } from '../valuation/valuation-service.ts';
import { readSyncRow } from './sync-rows.ts';

export class MutationRejected extends Error {}

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
  if (!company) throw new MutationRejected(`未找到公司"${code}"`);
  return company;
}

function versionCheck(context: HandlerContext, current: SyncRow | null): Outcome | null {
  return (current?.version ?? 0) === context.baseVersion ? null : { status: 'conflict', row: current };
}

function setForecastParameter(context: HandlerContext, args: MutationArgs<'setForecastParameter'>): Outcome {
  const company = companyOf(context, args.company);
  const years = context.valuations.value(company).forecastYears;
  if (!years.includes(args.year)) {
    throw new MutationRejected(`只能调整预测年份（${years[0]}–${years[years.length - 1]}）`);
  }
  if (args.value !== null) {
    const problem = parameterError(args.parameter, args.value);
    if (problem) throw new MutationRejected(problem);
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
  if (args.value !== null) {
    const problem = parameterError(args.parameter, args.value);
    if (problem) throw new MutationRejected(problem);
  }
  const current = readSyncRow(context.db, 'valuation_inputs', [args.company]);
  const conflict = versionCheck(context, current);
  if (conflict) return conflict;
  const { parameters } = context.valuations.value(company);
  const wacc =
    args.parameter === 'wacc_manual' ? (args.value ?? parameters.wacc_calculated ?? parameters.wacc) : parameters.wacc;
  const growth =
    args.parameter === 'terminal_growth_rate_manual'
      ? (args.value ?? DEFAULT_TERMINAL_GROWTH_RATE)
      : parameters.terminal_growth_rate;
  const problem = waccGrowthError(wacc, growth);
  if (problem) throw new MutationRejected(problem);
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
  if (!open) throw new MutationRejected(`没有编号为 ${args.mutationId} 的修改`);
  execute(
    context.db,
    'UPDATE sync_mutations SET resolved = 1 WHERE client_id = ? AND mutation_id = ?',
    context.clientId,
    args.mutationId,
  );
  return { status: 'applied', row: null };
}

/** Applies one validated mutation; throws MutationRejected with the reason when it cannot apply. */
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
