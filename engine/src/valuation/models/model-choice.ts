import { isValuationError, ValuationError } from '../../errors.ts';
import {
  type CompanyValuation,
  type CompanyValuationInput,
  isSummaryOnly,
  valueCompany,
} from '../company-valuation.ts';
import { summaryOnlyWarning, type ValuationWarning, type WarningCode } from '../warnings.ts';
import { EXCESS_RETURN_MODEL } from './excess-return-model.ts';
import type { ChosenModel } from './model-types.ts';
import { preferredModel } from './registry.ts';

/** The valuation's own warnings that concern the company, not the FCFF's figures: they stand whatever the model. */
const COMPANY_WARNINGS: ReadonlySet<WarningCode> = new Set(['financial_company', 'property_developer']);

/** Why the company has no FCFF value: a financial company, or only financial summaries. */
function notFcffError(valuation: CompanyValuation): ValuationError {
  return valuation.classification.kind === 'financial'
    ? new ValuationError('FINANCIAL_COMPANY', 'industry')
    : new ValuationError('SUMMARY_ONLY', 'statements');
}

/**
 * The company valued by the model that fits it (docs/model.md 15.1): `preferredModel` of the registry
 * decides; for the FCFF this is `valueCompany` unchanged. A bank, insurer or broker and a company with only
 * financial summaries get no DCF (`dcf` null, `error` says why) and their value from the excess-return
 * model in `model.result`; where that model does not fit either, `model.reason` says why. The server, the
 * report and the browser's worker all value through here, so a company has one value everywhere.
 */
export function valueCompanyByModel(input: CompanyValuationInput): CompanyValuation {
  const valuation = valueCompany(input);
  const preferred = preferredModel(input);
  if (preferred === 'fcff') return valuation;
  const error = notFcffError(valuation);
  const kept = valuation.warnings.filter((warning) => COMPANY_WARNINGS.has(warning.code));
  if (valuation.classification.kind !== 'financial' && isSummaryOnly(valuation.history)) {
    kept.push(summaryOnlyWarning());
  }
  let model: ChosenModel;
  let modelWarnings: readonly ValuationWarning[] = valuation.warnings.filter(
    (warning) => warning.code === 'stale_report',
  );
  if (preferred === null) {
    const fit = EXCESS_RETURN_MODEL.fits(input);
    model = { id: null, result: null, reason: `${error.message}；超额收益模型亦不适用：${fit.fits ? '' : fit.reason}` };
  } else {
    try {
      const result = EXCESS_RETURN_MODEL.value(input);
      model = { id: 'excess_return', result, reason: null };
      modelWarnings = result.warnings;
    } catch (caught) {
      if (!isValuationError(caught)) throw caught;
      model = { id: null, result: null, reason: caught.message };
    }
  }
  return {
    ...valuation,
    dcf: null,
    sensitivity: null,
    error,
    warnings: [...kept, ...modelWarnings],
    model,
  };
}
