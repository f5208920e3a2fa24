import { type AnalyticsCache, valueCompany } from '../valuation/company-valuation.ts';
import { valueCompanyByModel } from '../valuation/models/model-choice.ts';
import type { ListedShares } from '../valuation/shares.ts';
import {
  boundedWacc,
  type WaccBound,
  type WaccBreakdown,
  type WaccFormulaInputs,
  waccFromInputs,
} from '../valuation/wacc.ts';
import type { ValuationWarning } from '../valuation/warnings.ts';
import type { CompanyBundle } from './company-bundle.ts';
import { financialSectionNotice, type SectionNotice } from './section-notice.ts';
import { perShareNotApplicable } from './specs/warnings-spec.ts';

/** The WACC tool's inputs, in the order the page lists them. */
export const WACC_TOOL_INPUTS = [
  'risk_free_rate',
  'equity_risk_premium',
  'beta',
  'cost_of_debt',
  'tax_rate',
  'debt_weight',
] as const satisfies readonly (keyof WaccFormulaInputs)[];
export type WaccToolInput = (typeof WACC_TOOL_INPUTS)[number];

/** Each input's name, where its value comes from, its unit and the range the tool accepts. */
export const WACC_TOOL_INPUT_RULES: Readonly<
  Record<
    WaccToolInput,
    { readonly label: string; readonly unit: 'percent' | 'number'; readonly min: number; readonly max: number }
  >
> = {
  risk_free_rate: { label: '无风险利率 rf', unit: 'percent', min: 0, max: 0.2 },
  equity_risk_premium: { label: '市场风险溢价 ERP', unit: 'percent', min: 0, max: 0.2 },
  beta: { label: '行业 β', unit: 'number', min: 0, max: 5 },
  cost_of_debt: { label: '税前债务成本 Kd', unit: 'percent', min: 0, max: 0.3 },
  tax_rate: { label: '所得税率 t', unit: 'percent', min: 0, max: 1 },
  debt_weight: { label: '债务权重 D/V', unit: 'percent', min: 0, max: 1 },
};

export type WaccToolEdits = Partial<Record<WaccToolInput, number>>;

export interface WaccToolView {
  readonly company: CompanyBundle['company'];
  /** Why a WACC does not apply (a bank, insurer or broker: no debt weight to speak of); the page shows it alone. */
  readonly not_applicable: SectionNotice | null;
  /** What the stored valuation uses: calculated vs applied, the bound, the components. */
  readonly stored: WaccBreakdown;
  /** A person's WACC set in the back office (it replaces the calculated one in the valuation). */
  readonly manual_wacc: number | null;
  readonly wacc_range: readonly [number, number];
  /** The bounds of the calculated cost of debt and the one used without interest data. */
  readonly cost_of_debt_range: readonly [number, number];
  readonly default_cost_of_debt: number;
  /** The inputs after the edits; null when the WACC cannot be calculated (equity not positive). */
  readonly inputs: (WaccFormulaInputs & { readonly beta_industry: string | null }) | null;
  readonly edited: readonly WaccToolInput[];
  /** The WACC of `inputs` before and after its bound. */
  readonly calculated: number | null;
  readonly applied: number | null;
  readonly bound: WaccBound | null;
  /** The value per share at `applied` (the rest of the model as stored); null with the reason otherwise. */
  readonly value_per_share: number | null;
  readonly value_error: string | null;
  /** Why the value per share is shown as 不适用 (equity value not positive); null when it is a number. */
  readonly value_not_applicable: string | null;
  /** The warnings of the valuation at `applied`, shown beside its value per share. */
  readonly warnings: readonly ValuationWarning[];
  /** The latest annual report year, for the data date beside the value. */
  readonly latest_year: number;
  /** The interim report of a trailing-twelve-months base ('2022-09-30'), for the data date; else null. */
  readonly base_period: string | null;
}

/** The day the tool values at (stale data date) and the listed share count, as the report uses them. */
export interface WaccToolContext {
  readonly asOf?: string | null;
  readonly listedShares?: ListedShares | null;
}

/**
 * The WACC tool: a company's WACC components and, with edits, the WACC they give (within the bound) and the
 * value per share at that WACC, the model otherwise as stored. Runs in the worker, offline from the bundle.
 */
export function waccToolView(
  bundle: CompanyBundle,
  edits: WaccToolEdits,
  cache?: AnalyticsCache,
  context: WaccToolContext = {},
): WaccToolView {
  const common = {
    statements: bundle.statements,
    overrides: bundle.overrides,
    waccAssumptions: bundle.waccAssumptions,
    platform: bundle.platform ?? null,
    industry: bundle.company.industry,
    choices: bundle.admin_choices ?? null,
    asOf: context.asOf ?? null,
    listedShares: context.listedShares ?? null,
    sensitivity: false as const,
    ...(cache ? { cache } : {}),
  };
  const base = valueCompany({ ...common, parameters: bundle.parameters });
  const stored = base.parameters.wacc_breakdown;
  const components = stored.components;
  const inputs = components ? { ...components, ...edits } : null;
  const calculated = inputs ? waccFromInputs(inputs) : null;
  const bounded = calculated === null ? null : boundedWacc(calculated, bundle.waccAssumptions.waccRange);
  let value: number | null = null;
  let error: string | null = null;
  let notApplicable: string | null = null;
  let warnings = base.warnings;
  if (bounded) {
    // Through the registry's choice: a summary-only company has no FCFF value at any WACC, only the reason.
    const valued = valueCompanyByModel({
      ...common,
      parameters: { ...bundle.parameters, wacc_manual: bounded.bounded },
    });
    value = valued.dcf && valued.dcf.valuation.total_shares > 0 ? valued.dcf.valuation.value_per_share : null;
    error = valued.error?.message ?? (value === null && valued.dcf ? '缺少总股本，无法得到每股价值' : null);
    notApplicable = valued.dcf
      ? perShareNotApplicable({ valuation: valued.dcf.valuation, warnings: valued.warnings })
      : null;
    warnings = valued.warnings;
  } else {
    error = '股东权益为负或为零，无法按账面权重计算 WACC';
  }
  return {
    company: bundle.company,
    not_applicable: financialSectionNotice(base, 'wacc'),
    stored,
    manual_wacc: bundle.parameters.wacc_manual,
    wacc_range: bundle.waccAssumptions.waccRange,
    cost_of_debt_range: bundle.waccAssumptions.costOfDebtRange,
    default_cost_of_debt: bundle.waccAssumptions.defaultCostOfDebt,
    inputs: inputs
      ? {
          risk_free_rate: inputs.risk_free_rate,
          equity_risk_premium: inputs.equity_risk_premium,
          beta: inputs.beta,
          beta_industry: inputs.beta_industry,
          cost_of_debt: inputs.cost_of_debt,
          tax_rate: inputs.tax_rate,
          debt_weight: inputs.debt_weight,
        }
      : null,
    edited: WACC_TOOL_INPUTS.filter((key) => edits[key] !== undefined),
    calculated,
    applied: bounded?.bounded ?? null,
    bound: bounded?.bound ?? null,
    value_per_share: value,
    value_error: error,
    value_not_applicable: notApplicable,
    warnings,
    latest_year: base.latestYear,
    base_period: base.base.period === 'FY' ? null : base.base.date,
  };
}

/** An edit the tool accepts, or the Chinese message why not (the input is left unchanged). */
export function checkWaccInput(key: WaccToolInput, value: number): string | null {
  const rule = WACC_TOOL_INPUT_RULES[key];
  if (!Number.isFinite(value)) return `${rule.label}须为数字`;
  if (value < rule.min || value > rule.max) {
    const show = (bound: number) => (rule.unit === 'percent' ? `${bound * 100}%` : String(bound));
    return `${rule.label}须在 ${show(rule.min)} 至 ${show(rule.max)} 之间`;
  }
  return null;
}
