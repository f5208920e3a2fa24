import type { WhatIfView } from '@fcf/engine/report';
import { useEffect, useRef } from 'react';
import { saveCompleteValuation } from '../admin-api.ts';

/** The spec's delay before a valid valuation is saved (back-office §4). */
const AUTO_SAVE_DELAY_MS = 2000;

/**
 * Saves the valuation 2 s after the page shows a valid, positive enterprise value — once the admin's
 * edits are synced (the server values its own data, so unsynced edits would not match) and online.
 */
export function useAutoSave(company: string | null, view: WhatIfView | null, unsynced: number, online: boolean) {
  const saved = useRef<string | null>(null);
  useEffect(() => {
    const dcf = view?.dcf;
    if (!company || !dcf || dcf.valuation.enterprise_value <= 0 || unsynced > 0 || !online) return;
    const signature = `${company}:${dcf.valuation.value_per_share}`;
    if (saved.current === signature) return;
    const timer = setTimeout(() => {
      saved.current = signature;
      saveCompleteValuation(company, {
        valuation_results: {
          forecast_fcf_sum: dcf.forecast_fcf_sum,
          terminal_value: dcf.terminal_value,
          terminal_pv: dcf.terminal_pv,
          enterprise_value: dcf.valuation.enterprise_value,
          equity_value: dcf.valuation.equity_value,
          value_per_share: dcf.valuation.value_per_share,
        },
        discounted_cashflows: dcf.forecast.map((row) => ({ ...row, wacc: dcf.wacc })),
        valuation_year: dcf.forecast[0]?.year ?? 0,
      }).catch((error: unknown) => console.warn('估值结果保存失败', error));
    }, AUTO_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [company, view, unsynced, online]);
}
