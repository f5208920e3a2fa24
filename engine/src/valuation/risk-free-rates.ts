/**
 * China's 10-year government bond yield at each year-end: the risk-free rate of a valuation is the yield at
 * the last year-end on or before its date (docs/model.md §6). Source: ChinaBond (中央国债登记结算有限责任公司)
 * 中债国债收益率曲线, 10-year tenor, the last trading day of each year, rounded to 0.01 point. The server
 * keeps an admin's edits and additions (a later year-end) in its own table and passes the merged table in.
 */
export interface RiskFreeRate {
  /** The year whose year-end yield this is. */
  readonly year: number;
  /** A fraction (0.0323 = 3.23%). */
  readonly rate: number;
}

export const RISK_FREE_SOURCE = '中债国债收益率曲线（10年期）年末值，中央国债登记结算有限责任公司';

/**
 * What an admin may enter for a year-end (docs/model.md §6): a yield of 0%–20% (a fraction here; China's has
 * stayed within 1%–5% since 2000) for a year of 2000–2100.
 */
export const RISK_FREE_RATE_RULE = { min: 0, max: 0.2, firstYear: 2000, lastYear: 2100 } as const;

/** The message of a yield outside RISK_FREE_RATE_RULE or not a number. */
export const RISK_FREE_RATE_MESSAGE = '10年期国债收益率应为 0%–20% 之间的数字';
export const RISK_FREE_YEAR_MESSAGE = `年份应为 ${RISK_FREE_RATE_RULE.firstYear}–${RISK_FREE_RATE_RULE.lastYear} 的整数`;

export const CHINA_10Y_YIELDS: readonly RiskFreeRate[] = [
  { year: 2011, rate: 0.0343 },
  { year: 2012, rate: 0.0357 },
  { year: 2013, rate: 0.0455 },
  { year: 2014, rate: 0.0362 },
  { year: 2015, rate: 0.0282 },
  { year: 2016, rate: 0.0301 },
  { year: 2017, rate: 0.0388 },
  { year: 2018, rate: 0.0323 },
  { year: 2019, rate: 0.0314 },
  { year: 2020, rate: 0.0314 },
  { year: 2021, rate: 0.0278 },
  { year: 2022, rate: 0.0284 },
  { year: 2023, rate: 0.0256 },
  { year: 2024, rate: 0.0168 },
];

/** The rate a valuation dated `asOf` takes, with the year-end it is from. */
export interface DatedRiskFreeRate {
  readonly rate: number;
  /** 'YYYY-12-31' of the year-end read. */
  readonly date: string;
}

/**
 * The yield at the last year-end on or before `asOf` ('YYYY-MM-DD'): the year before, or the year itself on
 * 31 December; the table's latest earlier year when that one is missing (a table not yet extended), its
 * earliest when `asOf` precedes it. Null without a date or a table.
 */
export function riskFreeRateAt(
  asOf: string | null | undefined,
  table: readonly RiskFreeRate[] | undefined,
): DatedRiskFreeRate | null {
  if (!asOf || !table || table.length === 0) return null;
  const year = Number(asOf.slice(0, 4));
  if (!Number.isInteger(year)) return null;
  const wanted = asOf.slice(5) >= '12-31' ? year : year - 1;
  let best: RiskFreeRate | null = null;
  let earliest: RiskFreeRate | null = null;
  for (const entry of table) {
    if (!Number.isFinite(entry.rate)) continue;
    if (entry.year <= wanted && (!best || entry.year > best.year)) best = entry;
    if (!earliest || entry.year < earliest.year) earliest = entry;
  }
  const chosen = best ?? earliest;
  return chosen ? { rate: chosen.rate, date: `${chosen.year}-12-31` } : null;
}

/** The engine's table with `edits` laid over it by year (an admin's corrections and later years). */
export function mergedRiskFreeRates(edits: readonly RiskFreeRate[]): RiskFreeRate[] {
  const byYear = new Map<number, number>(CHINA_10Y_YIELDS.map((entry) => [entry.year, entry.rate]));
  for (const entry of edits) byYear.set(entry.year, entry.rate);
  return [...byYear.entries()].sort(([a], [b]) => a - b).map(([year, rate]) => ({ year, rate }));
}
