import type { FinancialYearRow } from '../history/financial-row.ts';
import { perShareValueOf } from '../market/value-figures.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import type { ModelFigure, ModelRow } from '../valuation/models/model-types.ts';
import { modelById } from '../valuation/models/registry.ts';
import type { ShareSource } from '../valuation/shares.ts';
import type { ValuationWarning } from '../valuation/warnings.ts';

/**
 * The value of a company the registry values by a model other than the FCFF (docs/model.md 15.1: a bank,
 * insurer, broker or summary-only company by excess returns), as GET /api/home/dcf_valuation answers it and
 * the report's valuation section shows it: the model's table, key figures (P/B and justified P/B beside the
 * value) and warnings.
 */
export interface ModelValuationView {
  model: 'excess_return';
  /** The model's Chinese name. */
  model_name: string;
  /** 元; null when not meaningful (`value_per_share_reason` says why). */
  value_per_share: number | null;
  value_per_share_reason: string | null;
  equity_value: number;
  /** 亿股; null when unknown. */
  shares: number | null;
  shares_source: ShareSource;
  columns: string[];
  rows: ModelRow[];
  figures: ModelFigure[];
  warnings: ValuationWarning[];
  meta: {
    company: string;
    code: string;
    /** The annual report the model values from. */
    latest_report_year: number;
    basis: FinancialYearRow['basis'];
    /** Why the company is not valued by an FCFF DCF. */
    not_fcff_reason: string;
    limitations: readonly string[];
  };
}

/** The chosen model's view, or null when the value is the FCFF's DCF or no model could value the company. */
export function modelValuationView(valuation: CompanyValuation): ModelValuationView | null {
  const { model } = valuation;
  if (model.id !== 'excess_return') return null;
  const { result } = model;
  const year = result.detail.latestYear;
  const perShare = perShareValueOf(valuation);
  return {
    model: result.model,
    model_name: modelById(result.model).name,
    value_per_share: perShare.value,
    value_per_share_reason: perShare.reason,
    equity_value: result.equity_value,
    shares: result.shares,
    shares_source: result.shares_source,
    columns: [...result.columns],
    rows: result.rows.map((row) => ({ ...row, values: [...row.values] })),
    figures: [...result.figures],
    warnings: valuation.warnings.slice(),
    meta: {
      company: valuation.name,
      code: valuation.code,
      latest_report_year: year,
      basis: valuation.history.find((row) => row.year === year)?.basis ?? 'statements',
      not_fcff_reason: valuation.error?.message ?? '',
      limitations: valuation.limitations,
    },
  };
}
