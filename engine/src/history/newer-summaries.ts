import type { CompanyStatements } from '../statements/items.ts';
import { fromStatements, reportedYears } from './historical-rows.ts';

/** The statements a valuation rests on, and the newest year left out because only its summary is there. */
export interface FullStatementsBase {
  readonly statements: CompanyStatements;
  /** The latest year only a financial summary reports after the full statements; null when there is none. */
  readonly newerSummaryYear: number | null;
}

/**
 * A company with full statements keeps them as its base (docs/model.md section 2): a later year that only the
 * financial summary (主要财务指标) reports is left out, since it has no cost lines, cash flows, cash or debt to
 * bridge with and would collapse the bridge to EV. A company without full statements is left as it is.
 */
export function fullStatementsBase(statements: CompanyStatements): FullStatementsBase {
  const years = reportedYears(statements);
  const lastFull = years.filter((year) => fromStatements(statements.years[year] ?? {})).at(-1);
  const newer = years.filter((year) => lastFull !== undefined && year > lastFull);
  const newest = newer.at(-1);
  if (lastFull === undefined || newest === undefined) return { statements, newerSummaryYear: null };
  const kept = Object.fromEntries(
    Object.entries(statements.years).filter(([year]) => Number(year) <= lastFull),
  ) as CompanyStatements['years'];
  return { statements: { ...statements, years: kept }, newerSummaryYear: newest };
}
