/** The benchmark's test companies: the engine's sample company, extended and perturbed deterministically. */
import {
  type AnalyticsCache,
  type CompanyStatements,
  type CompanyValuation,
  isStatementItem,
  type StatementYear,
  valueCompany,
  type YearOverrides,
} from '@fcf/engine';
import { SAMPLE_COMPANY } from '../../engine/src/testing/sample-company.ts';

export const FIRST_HISTORY_YEAR = 2015;
export const LATEST_HISTORY_YEAR = 2024;
const ITEM_JITTER = 0.05;
const MIN_REVENUE_GROWTH = 0.05;
const REVENUE_GROWTH_SPREAD = 0.15;
export const BENCH_WACC = 0.09;
export const VALUATION_PARAMETERS = { wacc_manual: BENCH_WACC } as const;
export const SAMPLE_OVERRIDES: YearOverrides = { 2026: { operating_revenue_yoy: 0.1 } };

/** Deterministic uniform numbers in [0, 1) (Numerical Recipes LCG), so every run values the same companies. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sampleTemplateYear(): StatementYear {
  const template = SAMPLE_COMPANY.years[LATEST_HISTORY_YEAR];
  if (!template) throw new Error(`SAMPLE_COMPANY has no ${LATEST_HISTORY_YEAR} report`);
  return template;
}

/** The template year scaled to the year's size, every item off by up to ±ITEM_JITTER so ratios differ by year. */
function perturbedYear(template: StatementYear, scale: number, random: () => number): StatementYear {
  const year: StatementYear = {};
  for (const [item, amount] of Object.entries(template)) {
    if (!isStatementItem(item) || amount === undefined) continue;
    // The share count does not grow with the business, and jittering it would only move value per share.
    year[item] = item === 'share_capital' ? amount : amount * scale * (1 + ITEM_JITTER * (2 * random() - 1));
  }
  return year;
}

/** SAMPLE_COMPANY extended to ten years of history (2015–2024), growing 5–20% a year, perturbed per `seed`. */
export function perturbedCompany(seed: number): CompanyStatements {
  const template = sampleTemplateYear();
  const random = seededRandom(seed);
  const years: Record<number, StatementYear> = {};
  let scale = 1;
  for (let year = LATEST_HISTORY_YEAR; year >= FIRST_HISTORY_YEAR; year--) {
    years[year] = perturbedYear(template, scale, random);
    scale /= 1 + MIN_REVENUE_GROWTH + REVENUE_GROWTH_SPREAD * random();
  }
  return { code: String(seed).padStart(6, '0'), name: `${SAMPLE_COMPANY.name} ${seed}`, years };
}

export function valuePerShare(valuation: CompanyValuation): number {
  return valuation.dcf?.valuation.value_per_share ?? 0;
}

export function valueWithOverrides(
  statements: CompanyStatements,
  overrides: YearOverrides,
  cache?: AnalyticsCache,
): CompanyValuation {
  return valueCompany({ statements, parameters: VALUATION_PARAMETERS, overrides, ...(cache ? { cache } : {}) });
}

/** The 2026 revenue growth of the index-th edit of a batch, as the custom valuation page commits edits. */
export function editedGrowth(index: number, count: number): number {
  return 0.05 + index / (count * 10);
}

/** One distinct revenue-growth override per call of a batch. */
export function driverEdits(count: number): YearOverrides[] {
  return Array.from({ length: count }, (_, index) => ({ 2026: { operating_revenue_yoy: editedGrowth(index, count) } }));
}
