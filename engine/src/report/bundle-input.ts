import type { CompanyValuationInput } from '../valuation/company-valuation.ts';
import { listedSharesOf, type ShareSnapshot } from '../valuation/listed-shares.ts';
import type { ListedShares } from '../valuation/shares.ts';
import type { CompanyBundle } from './company-bundle.ts';

/**
 * The listed share count of a bundled company with its latest quote (null without one): the same rule over
 * the same snapshots as the server's (`listedSharesOf`), so the device and the server value with one count.
 */
export function bundleListedShares(
  bundle: CompanyBundle,
  quote: ShareSnapshot | null | undefined,
): ListedShares | null {
  return listedSharesOf(quote, bundle.year_end_quotes ?? []);
}

/** What valueBundle values: the bundle as the engine's input (the models of the registry read it too). */
export function bundleInput(
  bundle: CompanyBundle,
  asOf: string | null,
  quote: ShareSnapshot | null = null,
): CompanyValuationInput {
  return {
    statements: bundle.statements,
    parameters: bundle.parameters,
    overrides: bundle.overrides,
    waccAssumptions: bundle.waccAssumptions,
    platform: bundle.platform ?? null,
    industry: bundle.company.industry,
    asOf,
    listedShares: bundleListedShares(bundle, quote),
    choices: bundle.admin_choices ?? null,
  };
}
