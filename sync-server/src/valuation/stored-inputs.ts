import {
  type AdminChoices,
  type CompanyStatements,
  type CompanyValuationInput,
  type DriverKey,
  isDriverKey,
  type ListedShares,
  listedSharesOf,
  NO_ADMIN_CHOICES,
  NO_MANUAL_PARAMETERS,
  type PlatformSettings,
  preferredModel,
  type RiskFreeRate,
  type ValuationParameters,
  valuationDate,
  WACC_ASSUMPTIONS,
  type WaccAssumptions,
  type YearOverrides,
} from '@fcf/engine';
import type { Quote } from '@fcf/engine/contract';
import type { CompanyBundle, CompanyListing, YearEndQuote } from '@fcf/engine/report';
import type { Database } from '../db/database.ts';
import { queryAll, queryOne } from '../db/query.ts';
import { loadAdminChoices } from '../store/admin-choices.ts';
import { type CompanyRecord, DEFAULT_INDUSTRY } from '../store/companies.ts';
import { effectiveRiskFreeRates, readPlatformSettings } from '../store/platform-settings.ts';
import { latestQuote } from '../store/quotes.ts';
import { loadCompanyStatements } from '../store/statements.ts';
import { yearEndQuotes } from '../store/year-end-quotes.ts';

export interface OverrideRow {
  year: number;
  parameter: string;
  value: number | null;
}

/** The per-year drivers a person set for a company, as the engine's overrides. */
export function loadOverrides(db: Database, companyCode: string): YearOverrides {
  const rows = queryAll<OverrideRow>(
    db,
    `SELECT year, parameter, value FROM forecast_parameters
     WHERE company_code = ? AND deleted = 0 AND source = 'user_set'`,
    companyCode,
  );
  return overridesFromRows(rows);
}

/** Stored `user_set` forecast parameters (live rows) as the engine's overrides. */
export function overridesFromRows(rows: readonly OverrideRow[]): YearOverrides {
  const overrides: Record<number, Partial<Record<DriverKey, number>>> = {};
  for (const row of rows) {
    if (row.value === null || !isDriverKey(row.parameter)) continue;
    const year = overrides[row.year] ?? {};
    year[row.parameter] = row.value;
    overrides[row.year] = year;
  }
  return overrides;
}

export function loadValuationParameters(db: Database, companyCode: string): ValuationParameters {
  const row = queryOne<ValuationParameters>(
    db,
    `SELECT wacc_manual, terminal_growth_rate_manual, total_shares_manual FROM valuation_inputs
     WHERE company_code = ? AND deleted = 0`,
    companyCode,
  );
  return parametersFromRow(row);
}

/** A live valuation_inputs row (or none) as the engine's parameters. */
export function parametersFromRow(row: ValuationParameters | undefined): ValuationParameters {
  return row
    ? {
        wacc_manual: row.wacc_manual,
        terminal_growth_rate_manual: row.terminal_growth_rate_manual,
        total_shares_manual: row.total_shares_manual,
      }
    : NO_MANUAL_PARAMETERS;
}

export interface AssumptionRow {
  risk_free_rate: number;
  market_risk_premium: number;
  default_beta: number;
  default_cost_of_debt: number;
  min_cost_of_debt: number;
  max_cost_of_debt: number;
  min_wacc: number;
  max_wacc: number;
}

export interface StoredWaccAssumptions extends WaccAssumptions {
  /** True when the beta is the company's industry's, false when it is the default. */
  readonly industryBeta: boolean;
}

/**
 * CAPM inputs from the database: the defaults, the year-end yields in force (the engine's table with the
 * admins' edits) and the beta of the company's industry when one is set (`betaIndustry` names it, for the
 * WACC's components).
 */
export function loadWaccAssumptions(db: Database, company: CompanyRecord): StoredWaccAssumptions {
  const row = queryOne<AssumptionRow>(db, 'SELECT * FROM wacc_assumptions WHERE id = 1');
  const industryBeta = queryOne<{ beta: number }>(
    db,
    'SELECT beta FROM industry_betas WHERE industry = ?',
    company.industry,
  )?.beta;
  return waccAssumptionsFrom(row, company.industry, industryBeta, effectiveRiskFreeRates(db));
}

/** The stored CAPM defaults (or none: the engine's) with the yields in force and the industry's beta when set. */
export function waccAssumptionsFrom(
  row: AssumptionRow | undefined,
  industry: string,
  industryBeta: number | undefined,
  riskFreeRates: readonly RiskFreeRate[],
): StoredWaccAssumptions {
  if (!row) return { ...WACC_ASSUMPTIONS, riskFreeRates, industryBeta: false };
  return {
    riskFreeRate: row.risk_free_rate,
    riskFreeRates,
    marketRiskPremium: row.market_risk_premium,
    beta: industryBeta ?? row.default_beta,
    betaIndustry: industryBeta === undefined ? null : industry,
    defaultCostOfDebt: row.default_cost_of_debt,
    costOfDebtRange: [row.min_cost_of_debt, row.max_cost_of_debt],
    waccRange: [row.min_wacc, row.max_wacc],
    industryBeta: industryBeta !== undefined,
  };
}

/**
 * What every company's valuation reads alike (docs/model.md 6 and 13): the platform's settings, the CAPM
 * defaults, the year-end yields in force and the industries' betas. A valuation run reads them once per
 * slice of companies, not once per company (`readSharedInputs`).
 */
export interface SharedInputs {
  readonly platform: PlatformSettings;
  readonly assumptions: AssumptionRow | undefined;
  readonly riskFreeRates: readonly RiskFreeRate[];
  readonly industryBetas: ReadonlyMap<string, number>;
}

export function readSharedInputs(db: Database): SharedInputs {
  return {
    platform: readPlatformSettings(db),
    assumptions: queryOne<AssumptionRow>(db, 'SELECT * FROM wacc_assumptions WHERE id = 1'),
    riskFreeRates: effectiveRiskFreeRates(db),
    industryBetas: new Map(
      queryAll<{ industry: string; beta: number }>(db, 'SELECT industry, beta FROM industry_betas').map((row) => [
        row.industry,
        row.beta,
      ]),
    ),
  };
}

/** A company's own stored inputs, each read once: what its valuation and its range are computed from. */
export interface CompanyInputs {
  readonly statements: CompanyStatements;
  readonly parameters: ValuationParameters;
  readonly overrides: YearOverrides;
  readonly waccAssumptions: StoredWaccAssumptions;
  readonly choices: AdminChoices;
  readonly quote: Quote | null;
  readonly yearEndQuotes: YearEndQuote[];
  readonly platform: PlatformSettings;
}

export function loadCompanyInputs(db: Database, company: CompanyRecord, shared: SharedInputs): CompanyInputs {
  const { assumptions, industryBetas, riskFreeRates } = shared;
  return {
    statements: loadCompanyStatements(db, company),
    parameters: loadValuationParameters(db, company.code),
    overrides: loadOverrides(db, company.code),
    waccAssumptions: waccAssumptionsFrom(
      assumptions,
      company.industry,
      industryBetas.get(company.industry),
      riskFreeRates,
    ),
    choices: loadAdminChoices(db, company.code),
    quote: latestQuote(db, company.code) ?? null,
    yearEndQuotes: yearEndQuotes(db, company.code),
    platform: shared.platform,
  };
}

/** What the engine learns of a company besides its figures and parameters (see loadCompanyContext). */
export type CompanyContext = Required<Pick<CompanyValuationInput, 'industry' | 'listedShares' | 'asOf'>>;

/**
 * The listed share count of a company: the engine's rule (`listedSharesOf`) over its latest quote and its
 * year-end snapshots, the very rows a device holds (the synced quote and the bundle's `year_end_quotes`), so
 * the API and the device's report value with one count (docs/model.md section 6).
 */
export function loadListedShares(db: Database, code: string): ListedShares | null {
  return listedSharesOf(latestQuote(db, code), yearEndQuotes(db, code));
}

/**
 * The company's side of a valuation: its industry section (金融业 is valued as a financial company, with no
 * FCFF value; 房地产业 warns as a property developer), its listed share count (loadListedShares; without
 * one the statements' 期末总股本, 股本 and EPS decide) and the date the valuation is for, so a latest annual
 * report more than 18 months old warns. The engine reads no clock, so the caller passes `today`.
 */
export function loadCompanyContext(db: Database, company: CompanyRecord, today: Date): CompanyContext {
  return companyContext(company, loadListedShares(db, company.code), today);
}

function companyContext(company: CompanyRecord, listedShares: ListedShares | null, today: Date): CompanyContext {
  return {
    industry: company.industry === DEFAULT_INDUSTRY ? null : company.industry,
    listedShares,
    asOf: valuationDate(today),
  };
}

/** The server's valuation input (loadCompanyContext's side beside the stored figures). */
export function valuationInputOf(company: CompanyRecord, inputs: CompanyInputs, today: Date): CompanyValuationInput {
  return {
    statements: inputs.statements,
    parameters: inputs.parameters,
    overrides: inputs.overrides,
    waccAssumptions: inputs.waccAssumptions,
    platform: inputs.platform,
    choices: inputs.choices,
    ...companyContext(company, listedSharesOf(inputs.quote, inputs.yearEndQuotes), today),
  };
}

/**
 * The input the company's range is drawn from: the bundle's as a device reads it (`bundleInput` of
 * `bundleOf` with the latest quote), built from the inputs already read, so the stored range is the page's.
 */
export function rangeInputOf(company: CompanyRecord, inputs: CompanyInputs, today: Date): CompanyValuationInput {
  const { industryBeta: _industryBeta, ...waccAssumptions } = inputs.waccAssumptions;
  return {
    statements: inputs.statements,
    parameters: inputs.parameters,
    overrides: inputs.overrides,
    waccAssumptions,
    platform: inputs.platform,
    industry: company.industry,
    asOf: valuationDate(today),
    listedShares: listedSharesOf(inputs.quote, inputs.yearEndQuotes),
    choices: inputs.choices,
  };
}

/** A company's bundle from its stored parts (the industry-beta flag stays on the server). */
export function bundleOf(
  company: CompanyRecord,
  listing: CompanyListing | null,
  parts: Omit<CompanyBundle, 'company' | 'waccAssumptions' | 'platform'> & {
    waccAssumptions: StoredWaccAssumptions;
    platform: PlatformSettings;
  },
): CompanyBundle {
  const { industryBeta: _industryBeta, ...waccAssumptions } = parts.waccAssumptions;
  return {
    company: { code: company.code, name: company.name, industry: company.industry, listing },
    statements: parts.statements,
    parameters: parts.parameters,
    overrides: parts.overrides,
    waccAssumptions,
    industry_comparison: parts.industry_comparison ?? null,
    year_end_quotes: parts.year_end_quotes ?? [],
    version: parts.version,
    model: preferredModel({ statements: parts.statements, industry: company.industry }),
    platform: parts.platform,
    admin_choices: parts.admin_choices ?? NO_ADMIN_CHOICES,
  };
}
