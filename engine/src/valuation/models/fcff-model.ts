import { ValuationError } from '../../errors.ts';
import { BRIDGE_TOTAL_LABELS } from '../bridge.ts';
import { type CompanyValuation, valueCompany } from '../company-valuation.ts';
import { ADJUSTABLE_PARAMETERS } from '../parameter-rules.ts';
import { companyFacts, FIT_REASONS } from './company-facts.ts';
import { MODEL_NAMES } from './model-names.ts';
import { modelFigure, modelRow, perShareValue } from './model-result.ts';
import type { FcffResult, ModelFit, ValuationModel } from './model-types.ts';

/** The column after the forecast years: the terminal value. */
const TERMINAL_COLUMN = '终值';

/**
 * The one FCFF valuation as a model result: `valueCompany` unchanged (docs/model.md sections 1–8), its DCF
 * table as rows. Throws the valuation's error when it has no DCF (a financial company, WACC ≤ g).
 */
export function fcffResult(valuation: CompanyValuation): FcffResult {
  const { dcf, parameters, forecast } = valuation;
  if (!dcf) throw valuation.error ?? new ValuationError('FORECAST_MISSING', 'fcf');
  const { valuation: totals } = dcf;
  const shares = parameters.total_shares;
  const lastFactor = dcf.forecast[dcf.forecast.length - 1]?.discount_factor ?? null;
  return {
    model: 'fcff',
    value_per_share: perShareValue(totals.equity_value, shares),
    equity_value: totals.equity_value,
    columns: [...valuation.forecastYears.map(String), TERMINAL_COLUMN],
    rows: [
      modelRow('operating_revenue', '营业收入', 'amount', [...forecast.map((row) => row.operating_revenue), null]),
      modelRow('nopat', '税后经营利润（NOPAT）', 'amount', [...forecast.map((row) => row.nopat), dcf.terminal.nopat]),
      modelRow('fcff', '自由现金流（FCFF）', 'amount', [...dcf.forecast.map((row) => row.fcf), dcf.terminal_value]),
      modelRow('discount_factor', '折现系数', 'factor', [
        ...dcf.forecast.map((row) => row.discount_factor),
        lastFactor,
      ]),
      modelRow('pv', '现值', 'amount', [...dcf.forecast.map((row) => row.discounted_fcf), dcf.terminal_pv]),
    ],
    figures: [
      modelFigure('wacc', 'WACC', 'fraction', dcf.wacc),
      modelFigure('terminal_growth', '永续增长率', 'fraction', dcf.g),
      modelFigure('forecast_pv_sum', '预测期现值合计', 'amount', dcf.forecast_fcf_sum),
      modelFigure('terminal_value', '终值', 'amount', dcf.terminal_value),
      modelFigure('terminal_pv', '终值现值', 'amount', dcf.terminal_pv),
      modelFigure('enterprise_value', BRIDGE_TOTAL_LABELS.enterprise_value, 'amount', totals.enterprise_value),
      modelFigure('cash', BRIDGE_TOTAL_LABELS.cash, 'amount', totals.cash),
      modelFigure('non_core_assets', BRIDGE_TOTAL_LABELS.non_core_assets, 'amount', totals.non_core_assets),
      modelFigure(
        'interest_bearing_liabilities',
        BRIDGE_TOTAL_LABELS.interest_bearing_liabilities,
        'amount',
        totals.interest_bearing_liabilities,
      ),
      modelFigure('minority_interest', BRIDGE_TOTAL_LABELS.minority_interest, 'amount', totals.minority_interest),
      modelFigure('equity_value', '股权价值', 'amount', totals.equity_value),
    ],
    // The FCFF's own warnings already say when its equity value is not positive or its shares are unknown.
    warnings: valuation.warnings,
    shares: shares > 0 ? shares : null,
    shares_source: parameters.total_shares_source,
    detail: valuation,
  };
}

/** The product's five-year FCFF DCF, for non-financial companies with full statements. */
export const FCFF_MODEL: ValuationModel<FcffResult> = {
  id: 'fcff',
  name: MODEL_NAMES.fcff,
  description: '预测5年企业自由现金流，以WACC折现并加上永续终值，再从企业价值调整到股权价值',
  needs: [
    { label: '利润表（营业收入与成本费用）', items: ['operating_revenue', 'operating_cost'] },
    { label: '资产负债表（营运资本、现金与有息负债）', items: ['total_assets', 'cash'] },
    {
      label: '现金流量表（资本开支与折旧摊销）',
      items: ['Cash_Paid_For_Acquisition_Assets', 'depreciation_fixed_assets'],
    },
  ],
  parameters: ADJUSTABLE_PARAMETERS,
  fits(context): ModelFit {
    const facts = companyFacts(context);
    if (facts.latestYear === null) return { fits: false, reason: FIT_REASONS.noHistory };
    if (facts.classification.kind === 'financial') return { fits: false, reason: FIT_REASONS.financial };
    if (facts.summaryOnly) return { fits: false, reason: FIT_REASONS.summaryOnly };
    return { fits: true };
  },
  value: (input) => fcffResult(valueCompany(input)),
};
