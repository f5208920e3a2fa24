/**
 * The track record's summaries: median errors per horizon and metric against the baselines, the share of
 * company-years where the model beats each baseline, the same by industry, value ÷ close, and the JSON that
 * `npm run backtest -- --json` prints. Pure functions over the observations.
 */
import { type Metric, type Observation, TRAITS, type Trait, type ValueToClose } from './company-backtest.ts';
import { HORIZONS, type Horizon, median, quantile, winShares } from './metrics.ts';

export type HorizonKey = `t+${Horizon}`;
export const horizonKey = (horizon: Horizon): HorizonKey => `t+${horizon}`;

export interface MetricSummary {
  /** Company-years counted. */
  readonly n: number;
  /** Median absolute percentage errors, as fractions (null without company-years). */
  readonly model: number | null;
  readonly randomWalk: number | null;
  /** Revenue only: the random walk with drift. */
  readonly drift: number | null;
  /** Share of company-years where the model's error is strictly smaller than the baseline's. */
  readonly beatsRandomWalk: number | null;
  readonly beatsDrift: number | null;
  /** Share where both errors are the same (the engine's t+1 revenue is often the drift's own forecast). */
  readonly tiesRandomWalk: number | null;
  readonly tiesDrift: number | null;
  /** Operating profit only: the median error of the latest-margin diagnostic (Observation.latestMarginError). */
  readonly latestMargin: number | null;
}

export type HorizonSummaries = Readonly<Record<HorizonKey, Readonly<Record<Metric, MetricSummary>>>>;

const METRICS: readonly Metric[] = ['revenue', 'operating_profit', 'ebit'];

export function summariseMetric(observations: readonly Observation[]): MetricSummary {
  const modelErrors: number[] = [];
  const randomWalkErrors: number[] = [];
  const driftErrors: number[] = [];
  const versusRandomWalk: [number, number][] = [];
  const versusDrift: [number, number][] = [];
  const latestMarginErrors: number[] = [];
  for (const { errors, latestMarginError } of observations) {
    if (latestMarginError !== null) latestMarginErrors.push(latestMarginError);
    modelErrors.push(errors.model);
    randomWalkErrors.push(errors.randomWalk);
    versusRandomWalk.push([errors.model, errors.randomWalk]);
    if (errors.drift !== null) {
      driftErrors.push(errors.drift);
      versusDrift.push([errors.model, errors.drift]);
    }
  }
  const versusRandomWalkShares = winShares(versusRandomWalk);
  const versusDriftShares = winShares(versusDrift);
  return {
    n: observations.length,
    model: median(modelErrors),
    randomWalk: median(randomWalkErrors),
    drift: median(driftErrors),
    beatsRandomWalk: versusRandomWalkShares?.wins ?? null,
    beatsDrift: versusDriftShares?.wins ?? null,
    tiesRandomWalk: versusRandomWalkShares?.ties ?? null,
    tiesDrift: versusDriftShares?.ties ?? null,
    latestMargin: median(latestMarginErrors),
  };
}

/** Every horizon × metric, each over its own counted company-years. */
export function summariseHorizons(observations: readonly Observation[]): HorizonSummaries {
  const groups = new Map<string, Observation[]>();
  for (const observation of observations) {
    const key = `${observation.horizon}|${observation.metric}`;
    const group = groups.get(key) ?? [];
    group.push(observation);
    groups.set(key, group);
  }
  const result = {} as Record<HorizonKey, Record<Metric, MetricSummary>>;
  for (const horizon of HORIZONS) {
    const metrics = {} as Record<Metric, MetricSummary>;
    for (const metric of METRICS) metrics[metric] = summariseMetric(groups.get(`${horizon}|${metric}`) ?? []);
    result[horizonKey(horizon)] = metrics;
  }
  return result;
}

/** The industry's name in the tables: its 国标 section, or 未分类 when the market lists do not file it. */
export const UNCLASSIFIED = '未分类';

export interface IndustrySummary {
  readonly industry: string;
  readonly companies: number;
  readonly horizons: HorizonSummaries;
}

/** The same summaries per industry section, the largest (by company-years) first. */
export function summariseByIndustry(observations: readonly Observation[]): IndustrySummary[] {
  const groups = new Map<string, Observation[]>();
  for (const observation of observations) {
    const industry = observation.industry ?? UNCLASSIFIED;
    const group = groups.get(industry) ?? [];
    group.push(observation);
    groups.set(industry, group);
  }
  return [...groups]
    .map(([industry, group]) => ({
      industry,
      companies: new Set(group.map((observation) => observation.code)).size,
      horizons: summariseHorizons(group),
      size: group.length,
    }))
    .sort((a, b) => b.size - a.size || a.industry.localeCompare(b.industry, 'zh-CN'))
    .map(({ size: _size, ...summary }) => summary);
}

export interface TraitSummary {
  /** null: every company-year. */
  readonly trait: Trait | null;
  readonly horizons: HorizonSummaries;
}

/** The summaries of every company-year, then of those with each trait (a company-year may have several). */
export function summariseByTrait(observations: readonly Observation[]): TraitSummary[] {
  return [
    { trait: null, horizons: summariseHorizons(observations) },
    ...TRAITS.map((trait) => ({
      trait,
      horizons: summariseHorizons(observations.filter((observation) => observation.traits.includes(trait))),
    })),
  ];
}

export interface ValueToCloseSummary {
  readonly n: number;
  readonly median: number | null;
  readonly p10: number | null;
  readonly p25: number | null;
  readonly p75: number | null;
  readonly p90: number | null;
  /** Share of company-years whose value per share is below 0 (negative equity value). */
  readonly negative: number | null;
  /** Share valued below the close (ratio < 1). */
  readonly belowClose: number | null;
}

export function summariseValueToClose(values: readonly ValueToClose[]): ValueToCloseSummary {
  const ratios = values.map((value) => value.ratio);
  const share = (test: (ratio: number) => boolean) =>
    ratios.length === 0 ? null : ratios.filter(test).length / ratios.length;
  return {
    n: ratios.length,
    median: median(ratios),
    p10: quantile(ratios, 0.1),
    p25: quantile(ratios, 0.25),
    p75: quantile(ratios, 0.75),
    p90: quantile(ratios, 0.9),
    negative: share((ratio) => ratio < 0),
    belowClose: share((ratio) => ratio < 1),
  };
}

/** The machine-readable result, exactly: medians as fractions (null where nothing counted). */
export interface BacktestJson {
  readonly companies: number;
  readonly horizons: Readonly<
    Record<
      HorizonKey,
      {
        readonly revenue: {
          readonly model: number | null;
          readonly random_walk: number | null;
          readonly drift: number | null;
          readonly n: number;
        };
        readonly operating_profit: {
          readonly model: number | null;
          readonly random_walk: number | null;
          readonly n: number;
        };
      }
    >
  >;
}

/** `companies`: the companies with at least one counted company-year. */
export function backtestJson(observations: readonly Observation[], horizons: HorizonSummaries): BacktestJson {
  const result = {} as Record<HorizonKey, BacktestJson['horizons'][HorizonKey]>;
  for (const horizon of HORIZONS) {
    const { revenue, operating_profit } = horizons[horizonKey(horizon)];
    result[horizonKey(horizon)] = {
      revenue: { model: revenue.model, random_walk: revenue.randomWalk, drift: revenue.drift, n: revenue.n },
      operating_profit: {
        model: operating_profit.model,
        random_walk: operating_profit.randomWalk,
        n: operating_profit.n,
      },
    };
  }
  return { companies: countedCompanies(observations), horizons: result };
}

export function countedCompanies(observations: readonly Observation[]): number {
  return new Set(observations.map((observation) => observation.code)).size;
}
