import { describe, expect, it } from 'vitest';
import type { Metric, Observation, Trait, ValueToClose } from './company-backtest.ts';
import type { Horizon } from './metrics.ts';
import {
  backtestJson,
  summariseByIndustry,
  summariseByTrait,
  summariseHorizons,
  summariseValueToClose,
} from './summary.ts';

function observation(
  code: string,
  horizon: Horizon,
  metric: Metric,
  errors: { model: number; randomWalk: number; drift?: number },
  industry: string | null = '制造业',
  traits: readonly Trait[] = [],
): Observation {
  return {
    code,
    industry,
    baseYear: 2015,
    horizon,
    metric,
    base: 1,
    actual: 1,
    model: 1,
    randomWalk: 1,
    drift: errors.drift === undefined ? null : 1,
    errors: { model: errors.model, randomWalk: errors.randomWalk, drift: errors.drift ?? null },
    startGrowth: 0,
    traits,
    latestMarginError: metric === 'operating_profit' ? errors.model / 2 : null,
  };
}

const OBSERVATIONS: readonly Observation[] = [
  observation('000001', 1, 'revenue', { model: 0.1, randomWalk: 0.2, drift: 0.1 }),
  observation('000002', 1, 'revenue', { model: 0.3, randomWalk: 0.2, drift: 0.4 }, '建筑业', ['loss_base']),
  observation('000003', 1, 'revenue', { model: 0.2, randomWalk: 0.1, drift: 0.3 }, null),
  observation('000001', 1, 'operating_profit', { model: 0.5, randomWalk: 0.4 }),
  observation('000002', 1, 'operating_profit', { model: 0.2, randomWalk: 0.6 }, '建筑业', ['loss_base']),
  observation('000001', 3, 'revenue', { model: 0.4, randomWalk: 0.5, drift: 0.6 }),
  observation('000001', 3, 'operating_profit', { model: 0.9, randomWalk: 0.7 }),
  observation('000004', 3, 'operating_profit', { model: 0.3, randomWalk: 0.7 }),
];

describe('summariseHorizons', () => {
  const horizons = summariseHorizons(OBSERVATIONS);

  it('takes the median of each error over each horizon and metric', () => {
    expect(horizons['t+1'].revenue).toMatchObject({ n: 3, model: 0.2, randomWalk: 0.2, drift: 0.3 });
    expect(horizons['t+1'].operating_profit).toMatchObject({ n: 2, model: 0.35, randomWalk: 0.5, drift: null });
    expect(horizons['t+3'].operating_profit).toMatchObject({ n: 2, model: expect.closeTo(0.6, 12), randomWalk: 0.7 });
    expect(horizons['t+3'].ebit).toMatchObject({ n: 0, model: null, randomWalk: null });
  });

  it('gives the share of company-years where the model beats each baseline, ties apart', () => {
    const revenue = horizons['t+1'].revenue;
    expect(revenue.beatsRandomWalk).toBeCloseTo(1 / 3, 12);
    expect(revenue.beatsDrift).toBeCloseTo(2 / 3, 12);
    expect(revenue.tiesDrift).toBeCloseTo(1 / 3, 12);
    expect(horizons['t+1'].operating_profit.beatsRandomWalk).toBe(0.5);
    expect(horizons['t+1'].operating_profit.latestMargin).toBeCloseTo(0.175, 12);
  });
});

describe('backtestJson', () => {
  it('has exactly the documented shape, medians as fractions', () => {
    const json = backtestJson(OBSERVATIONS, summariseHorizons(OBSERVATIONS));
    expect(json).toEqual({
      companies: 4,
      horizons: {
        't+1': {
          revenue: { model: 0.2, random_walk: 0.2, drift: 0.3, n: 3 },
          operating_profit: { model: 0.35, random_walk: 0.5, n: 2 },
        },
        't+3': {
          revenue: { model: 0.4, random_walk: 0.5, drift: 0.6, n: 1 },
          operating_profit: { model: expect.closeTo(0.6, 12), random_walk: 0.7, n: 2 },
        },
      },
    });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});

describe('summariseByIndustry and summariseByTrait', () => {
  it('groups by the 国标 section, 未分类 without one, the largest first', () => {
    const industries = summariseByIndustry(OBSERVATIONS);
    expect(industries.map((industry) => [industry.industry, industry.companies])).toEqual([
      ['制造业', 2],
      ['建筑业', 1],
      ['未分类', 1],
    ]);
    expect(industries[1]?.horizons['t+1'].operating_profit).toMatchObject({ n: 1, model: 0.2, randomWalk: 0.6 });
  });

  it('summarises every company-year, then those with each trait', () => {
    const traits = summariseByTrait(OBSERVATIONS);
    expect(traits[0]?.trait).toBeNull();
    expect(traits[0]?.horizons['t+1'].revenue.n).toBe(3);
    const loss = traits.find((entry) => entry.trait === 'loss_base');
    expect(loss?.horizons['t+1'].revenue).toMatchObject({ n: 1, model: 0.3 });
    expect(traits.find((entry) => entry.trait === 'growth_at_cap')?.horizons['t+1'].revenue.n).toBe(0);
  });
});

describe('summariseValueToClose', () => {
  it('gives the median, the spread and the shares below the close and below 0', () => {
    const values: ValueToClose[] = [-0.5, 0.5, 1, 2, 4].map((ratio, index) => ({
      code: `00000${index}`,
      industry: null,
      baseYear: 2016,
      valuePerShare: ratio * 10,
      close: 10,
      ratio,
    }));
    expect(summariseValueToClose(values)).toEqual({
      n: 5,
      median: 1,
      p10: expect.closeTo(-0.1, 12),
      p25: 0.5,
      p75: 2,
      p90: 3.2,
      negative: 0.2,
      belowClose: 0.4,
    });
  });
});
