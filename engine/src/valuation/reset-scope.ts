import type { ValuationParameterKey } from './parameters.ts';

/**
 * What a reset to auto clears: the per-year forecast drivers and/or each manual valuation parameter (the
 * `reset_scope` names of docs/requirements.md#api). The REST reset and the sync mutation both speak it.
 */
export interface ResetScope {
  readonly fcf_parameters: boolean;
  readonly wacc_parameters: boolean;
  readonly terminal_growth_rate: boolean;
  readonly total_shares: boolean;
}

export const FULL_RESET: ResetScope = {
  fcf_parameters: true,
  wacc_parameters: true,
  terminal_growth_rate: true,
  total_shares: true,
};

const SCOPE_OF_PARAMETER = {
  wacc_manual: 'wacc_parameters',
  terminal_growth_rate_manual: 'terminal_growth_rate',
  total_shares_manual: 'total_shares',
} as const satisfies Record<ValuationParameterKey, keyof ResetScope>;

/** The manual valuation parameters the scope clears. */
export function resetValuationKeys(scope: ResetScope): ValuationParameterKey[] {
  return (Object.keys(SCOPE_OF_PARAMETER) as ValuationParameterKey[]).filter((key) => scope[SCOPE_OF_PARAMETER[key]]);
}
