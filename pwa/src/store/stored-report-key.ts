import type { CompanyBundle, MarketContext } from '@fcf/engine/report';

/**
 * Everything a stored report was computed from: the engine's build (`ENGINE_BUILD`: the hashed URL of the
 * chunk that starts the engine's worker, so a new engine never reads an old engine's report),
 * the bundle's version and the market context (the quote and the day).
 */
export function storedReportKey(engineBuild: string, bundle: CompanyBundle, market: MarketContext): string {
  return JSON.stringify([engineBuild, bundle.company.code, bundle.version, market]);
}
