/** The parts of a year's FCF in the multi-year FCF map. */
export interface FcfComponents {
  readonly nopat: number;
  readonly noncash_cost: number;
  readonly working_capital_change: number;
  readonly capex: number;
}

/** What is known of one year's FCF, from each place it can come from. */
export interface FcfCandidates {
  readonly historical?: number | null | undefined;
  readonly dynamic?: FcfComponents | null | undefined;
  readonly manualForecast?: number | null | undefined;
  readonly forecast?: number | null | undefined;
  readonly autoForecast?: number | null | undefined;
}

export type FcfSource = 'historical' | 'dynamic' | 'manual_forecast' | 'forecast' | 'auto_forecast' | 'none';

const known = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function componentsKnown(parts: FcfComponents | null | undefined): parts is FcfComponents {
  return (
    !!parts &&
    known(parts.nopat) &&
    known(parts.noncash_cost) &&
    known(parts.working_capital_change) &&
    known(parts.capex)
  );
}

/**
 * FCF source priority for a year, by rule: before the first forecast
 * year, the historical figure; otherwise the dynamic multi-year FCF (NOPAT + non-cash cost − working-capital
 * change − capex); otherwise the manual forecast row; otherwise any forecast row; otherwise the auto
 * forecast; otherwise zero.
 */
export function selectFcf(
  year: number,
  firstForecastYear: number,
  candidates: FcfCandidates,
): { value: number; source: FcfSource } {
  if (year < firstForecastYear) {
    return known(candidates.historical)
      ? { value: candidates.historical, source: 'historical' }
      : { value: 0, source: 'none' };
  }
  const parts = candidates.dynamic;
  if (componentsKnown(parts)) {
    return {
      value: parts.nopat + parts.noncash_cost - parts.working_capital_change - parts.capex,
      source: 'dynamic',
    };
  }
  if (known(candidates.manualForecast)) return { value: candidates.manualForecast, source: 'manual_forecast' };
  if (known(candidates.forecast)) return { value: candidates.forecast, source: 'forecast' };
  if (known(candidates.autoForecast)) return { value: candidates.autoForecast, source: 'auto_forecast' };
  return { value: 0, source: 'none' };
}
