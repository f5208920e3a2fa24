import type { CompanyValuation } from '@fcf/engine';
import {
  type DcfValuationView,
  dcfValuationView,
  type ModelValuationView,
  modelValuationView,
} from '@fcf/engine/report';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/errors.ts';

/**
 * The DCF module's view of a valuation, or the refusal an FCFF endpoint answers: a financial company (bank,
 * insurer, broker) is 422 `financial_company` and a company with only financial summaries 422 `summary_only`,
 * with the reason and the model they are valued by instead; any other input that admits no value is `status`
 * with the engine's reason.
 */
export function dcfOrRefusal(valuation: CompanyValuation, status: ContentfulStatusCode = 422): DcfValuationView {
  const view = dcfValuationView(valuation);
  if (view) return view;
  const reason = valuation.model.reason ?? valuation.error?.message ?? '估值参数无效';
  if (valuation.classification.kind === 'financial') {
    const why = valuation.warnings.find((warning) => warning.code === 'financial_company')?.message ?? reason;
    throw new ApiError(422, `无法完成DCF估值：${why}`, reason, {}, { code: 'financial_company' });
  }
  if (valuation.error?.code === 'SUMMARY_ONLY') {
    const why = valuation.error.message;
    throw new ApiError(422, `无法完成DCF估值：${why}`, reason, {}, { code: 'summary_only' });
  }
  throw new ApiError(status, `无法完成DCF估值：${reason}`, reason);
}

/**
 * The company's value from the model the registry chose (docs/model.md 15.1): the FCFF's DCF, or the
 * excess-return model's result for a bank, insurer, broker or summary-only company; the refusal of
 * `dcfOrRefusal` when no model could value it.
 */
export function valuationOrRefusal(valuation: CompanyValuation): DcfValuationView | ModelValuationView {
  return modelValuationView(valuation) ?? dcfOrRefusal(valuation);
}

/**
 * Refuses an FCFF section (FCF structure, FCF ratios, WACC) of a financial company, with the same 422 body as
 * the DCF's: its deposits and reserves are the raw material of the business, so free cash flow and a debt
 * weight mean nothing there (docs/model.md section 1). `section` names it in the message.
 */
export function refuseFinancialSection(valuation: CompanyValuation, section: string): void {
  if (valuation.classification.kind !== 'financial') return;
  const reason = valuation.error?.message ?? valuation.model.reason ?? '';
  throw new ApiError(422, `${section}不适用于金融企业：${reason}`, reason, {}, { code: 'financial_company' });
}
