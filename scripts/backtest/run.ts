/** The whole track record in one call: read the market, backtest every company, summarise (`npm run backtest`, the bench). */
import { backtestCompany, type Observation, type ValueToClose } from './company-backtest.ts';
import { loadIndustryBetas, loadMarketSummaries, loadYearEndQuotes, SHARED_DATA_DIR } from './market-data.ts';
import {
  type BacktestJson,
  backtestJson,
  type HorizonSummaries,
  type IndustrySummary,
  summariseByIndustry,
  summariseByTrait,
  summariseHorizons,
  summariseValueToClose,
  type TraitSummary,
  type ValueToCloseSummary,
} from './summary.ts';

export interface BacktestRun {
  /** Summary files read, and those the parser refused. */
  readonly filesRead: number;
  readonly refused: readonly string[];
  readonly observations: readonly Observation[];
  readonly valuesToClose: readonly ValueToClose[];
  /** Quoted company-years the engine gave no value per share. */
  readonly unvalued: number;
  readonly horizons: HorizonSummaries;
  readonly industries: readonly IndustrySummary[];
  readonly traits: readonly TraitSummary[];
  readonly valueToClose: ValueToCloseSummary;
  readonly valueToCloseByYear: ReadonlyMap<number, ValueToCloseSummary>;
  readonly json: BacktestJson;
  /** Wall-clock milliseconds: reading and parsing the files, and the engine's runs. */
  readonly timings: { readonly readMs: number; readonly computeMs: number };
}

export interface RunOptions {
  readonly dataDir?: string;
  /** Only these companies (tests). */
  readonly codes?: readonly string[];
}

/** Every summary of the run's observations and values ÷ close (pure). */
export function summariseRun(
  filesRead: number,
  refused: readonly string[],
  computed: Pick<BacktestRun, 'observations' | 'valuesToClose' | 'unvalued'>,
  timings: BacktestRun['timings'],
): BacktestRun {
  const { observations, valuesToClose } = computed;
  const horizons = summariseHorizons(observations);
  const byYear = new Map<number, ValueToClose[]>();
  for (const value of valuesToClose) {
    const year = byYear.get(value.baseYear) ?? [];
    year.push(value);
    byYear.set(value.baseYear, year);
  }
  return {
    filesRead,
    refused,
    ...computed,
    horizons,
    industries: summariseByIndustry(observations),
    traits: summariseByTrait(observations),
    valueToClose: summariseValueToClose(valuesToClose),
    valueToCloseByYear: new Map(
      [...byYear].sort(([a], [b]) => a - b).map(([year, values]) => [year, summariseValueToClose(values)]),
    ),
    json: backtestJson(observations, horizons),
    timings,
  };
}

export function runBacktest(options: RunOptions = {}): BacktestRun {
  const dataDir = options.dataDir ?? SHARED_DATA_DIR;
  const readStarted = performance.now();
  const { companies, refused } = loadMarketSummaries(dataDir, options.codes);
  const quotes = loadYearEndQuotes(dataDir);
  const betas = loadIndustryBetas();
  const computeStarted = performance.now();
  const observations: Observation[] = [];
  const valuesToClose: ValueToClose[] = [];
  let unvalued = 0;
  for (const company of companies) {
    const result = backtestCompany(company, { quotes: quotes.get(company.code) ?? new Map(), betas });
    for (const observation of result.observations) observations.push(observation);
    for (const value of result.valuesToClose) valuesToClose.push(value);
    unvalued += result.unvalued;
  }
  const computed = { observations, valuesToClose, unvalued };
  const finished = performance.now();
  return summariseRun(companies.length + refused.length, refused, computed, {
    readMs: computeStarted - readStarted,
    computeMs: finished - computeStarted,
  });
}
