import type { CompanyValuation } from '@fcf/engine';
import { type DcfValuationView, dcfValuationView } from '@fcf/engine/report';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../http/errors.ts';

/**
 * The DCF module's view of a valuation, or the refusal a DCF endpoint answers: a financial company (bank, insurer,
 * broker) is 422 `financial_company` with the reason and what to use instead; any other input that admits
 * no value is `status` with the engine's reason.
 */
export function dcfOrRefusal(valuation: CompanyValuation, status: ContentfulStatusCode = 422): DcfValuationView {
  const view = dcfValuationView(valuation);
  if (view) return view;
  const reason = valuation.error?.message ?? '估值参数无效';
  if (valuation.classification.kind === 'financial') {
    const why = valuation.warnings.find((warning) => warning.code === 'financial_company')?.message ?? reason;
    throw new ApiError(422, `无法完成DCF估值：${why}`, reason, {}, { code: 'financial_company' });
  }
  throw new ApiError(status, `无法完成DCF估值：${reason}`, reason);
}
