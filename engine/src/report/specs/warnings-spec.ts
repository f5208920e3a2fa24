import type { ValuationWarning, WarningCode } from '../../valuation/warnings.ts';

/** What every screen (report, custom page, PDF, exported image) shows beside a value per share. */

/** Shown instead of a price-like figure when the equity value is not positive. */
export const NOT_APPLICABLE = '不适用';

export interface WarningSpec {
  readonly code: WarningCode;
  readonly text: string;
}

export function warningSpecs(warnings: readonly ValuationWarning[]): WarningSpec[] {
  return warnings.map((warning) => ({ code: warning.code, text: warning.message }));
}

/**
 * Why the value per share is not shown as a price ('不适用' instead): the equity value is not positive, or the
 * terminal value exceeds the enterprise value (not a result). The API keeps the number; a screen showing it
 * would read as a price. Null when it applies.
 */
export function perShareNotApplicable(dcf: {
  readonly valuation: { readonly equity_value: number };
  readonly warnings: readonly ValuationWarning[];
}): string | null {
  const exceeds = dcf.warnings.find((warning) => warning.code === 'terminal_value_exceeds_ev');
  if (exceeds) return exceeds.message;
  if (dcf.valuation.equity_value > 0) return null;
  return (
    dcf.warnings.find((warning) => warning.code === 'negative_equity_value')?.message ??
    '股权价值不为正，每股价值不适用'
  );
}
