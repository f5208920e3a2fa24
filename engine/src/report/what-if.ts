import { isValuationError } from '../errors.ts';
import type { DriverKey, YearOverrides } from '../forecast/drivers.ts';
import { type PriceAgainstValue, priceAgainstValue } from '../market/price-against-value.ts';
import { valueFiguresOf } from '../market/value-figures.ts';
import { minorityProfitShareOf } from '../valuation/bridge.ts';
import type { AnalyticsCache, CompanyValuation } from '../valuation/company-valuation.ts';
import {
  type InputIssue,
  inputContextOf,
  inputIssuesMessage,
  validateValuationInput,
} from '../valuation/input-validation.ts';
import { valueCompanyByModel } from '../valuation/models/model-choice.ts';
import type { ValuationSettings } from '../valuation/parameters.ts';
import { impliedGrowth } from '../valuation/reverse-dcf.ts';
import { bundleInput } from './bundle-input.ts';
import type { CompanyBundle, MarketContext } from './company-bundle.ts';
import { type DcfValuationView, dcfValuationView } from './report-views.ts';
import {
  type FinancialDataView,
  financialDataView,
  type ValuationParamsView,
  valuationParamsView,
} from './valuation-views.ts';

/** A reader's (or an admin's unsynced) changes on top of what is stored. */
export interface WhatIf {
  readonly parameters: Partial<ValuationSettings>;
  readonly overrides: YearOverrides;
  /** The valuation date ('YYYY-MM-DD', the caller's today) for the stale-report warning; absent = none. */
  readonly asOf?: string | null;
}

export const NO_WHAT_IF: WhatIf = { parameters: {}, overrides: {} };

/** Layers `extra`'s overrides over `base`'s, year by year (a value in `extra` wins). */
export function mergeOverrides(base: YearOverrides, extra: YearOverrides): YearOverrides {
  const merged: Record<number, Partial<Record<DriverKey, number>>> = {};
  for (const source of [base, extra]) {
    for (const [year, values] of Object.entries(source)) {
      merged[Number(year)] = { ...merged[Number(year)], ...values };
    }
  }
  return merged;
}

/** Everything the custom valuation and FCF parameter pages show, for one state of the inputs. */
export interface WhatIfView {
  readonly company: CompanyBundle['company'];
  readonly latestYear: number;
  readonly forecastYears: readonly number[];
  readonly financialData: FinancialDataView;
  readonly params: ValuationParamsView;
  readonly dcf: DcfValuationView | null;
  /** The engine's message when the inputs admit no valuation (out of range, WACC ≤ g, …). */
  readonly dcfError: string | null;
  /** Price against the what-if's value, when the company has a quote. */
  readonly market: PriceAgainstValue | null;
  /** The inputs refused by the range table (the same check as every server door); empty when none. */
  readonly issues: readonly InputIssue[];
}

/** The what-if's inputs refused by the engine's one check, in the context of its own valuation. */
function whatIfIssues(whatIf: WhatIf, valuation: CompanyValuation): InputIssue[] {
  return validateValuationInput(whatIf, inputContextOf(valuation));
}

/**
 * The FCFF with the what-if's inputs, through the registry's choice (docs/model.md 15.1): a company the
 * registry values by excess returns (a bank, insurer, broker or summary-only company) has no DCF here
 * either, only the reason, so no page presents an FCFF value for it.
 */
function valueWhatIf(bundle: CompanyBundle, whatIf: WhatIf, cache?: AnalyticsCache, market?: MarketContext) {
  // The bundle's input as valueBundle reads it (admin choices included), with the what-if on top.
  return valueCompanyByModel({
    ...bundleInput(bundle, whatIf.asOf ?? null, market?.quote ?? null),
    parameters: { ...bundle.parameters, ...whatIf.parameters },
    overrides: mergeOverrides(bundle.overrides, whatIf.overrides),
    ...(cache ? { cache } : {}),
  });
}

/**
 * Recomputes the model for a what-if: the recompute behind every committed edit. Pass the page's cache to
 * skip re-deriving the history of the same company on every edit.
 */
export function whatIfView(
  bundle: CompanyBundle,
  whatIf: WhatIf,
  cache?: AnalyticsCache,
  market?: MarketContext,
): WhatIfView {
  const valuation = valueWhatIf(bundle, whatIf, cache, market);
  const quote = market?.quote;
  const issues = whatIfIssues(whatIf, valuation);
  return {
    company: bundle.company,
    latestYear: valuation.latestYear,
    forecastYears: valuation.forecastYears,
    financialData: financialDataView(valuation, true),
    params: valuationParamsView(valuation),
    dcf: issues.length > 0 ? null : dcfValuationView(valuation),
    dcfError: issues.length > 0 ? inputIssuesMessage(issues) : (valuation.error?.message ?? null),
    issues,
    market: quote
      ? priceAgainstValue(
          quote,
          valueFiguresOf(valuation, valuation.statements.years[valuation.latestYear]),
          market.today,
        )
      : null,
  };
}

/**
 * Reverse DCF for a price: the constant FCF growth it implies, or the reason there is none. Valued as the
 * what-if's page values it (the same share count, from the quote when `market` has one) and with the same
 * terminal value method, so the page's own value per share gives back the growth of its forecast.
 */
export function impliedGrowthFor(
  bundle: CompanyBundle,
  whatIf: WhatIf,
  price: number,
  cache?: AnalyticsCache,
  market?: MarketContext,
): { readonly growth: number } | { readonly error: string } {
  const valuation = valueWhatIf(bundle, whatIf, cache, market);
  const issues = whatIfIssues(whatIf, valuation);
  if (issues.length > 0) return { error: inputIssuesMessage(issues) };
  const first = valuation.forecast[0];
  if (!valuation.dcf || first?.FCFF === null || first?.FCFF === undefined) {
    return { error: valuation.error?.message ?? '预测自由现金流数据缺失' };
  }
  try {
    const result = impliedGrowth({
      price,
      baseFcf: first.FCFF,
      years: valuation.forecast.length,
      wacc: valuation.dcf.wacc,
      terminalGrowth: valuation.dcf.g,
      bridge: valuation.bridge,
      minorityProfitShare: minorityProfitShareOf(valuation.bridgeLines),
      totalShares: valuation.parameters.total_shares,
      terminal: {
        method: valuation.parameters.terminal_value_method,
        baseNopat: first.nopat,
        ronic: valuation.parameters.manual.ronic_manual ?? null,
      },
    });
    return { growth: result.impliedGrowth };
  } catch (error) {
    if (isValuationError(error)) return { error: error.message };
    throw error;
  }
}
