import { describe, expect, it } from 'vitest';
import type { BacktestJson } from '../backtest/summary.ts';
import { backtestSection } from './backtest.ts';
import { verdictLines } from './report.ts';

function json(operatingProfit: [number, number], revenue: [number, number]): BacktestJson {
  return {
    companies: 3968,
    horizons: {
      't+1': {
        revenue: { model: revenue[0], random_walk: 0.15, drift: revenue[1], n: 26419 },
        operating_profit: { model: 0.4, random_walk: 0.33, n: 26423 },
      },
      't+3': {
        revenue: { model: 0.31, random_walk: 0.35, drift: 0.38, n: 18583 },
        operating_profit: { model: operatingProfit[0], random_walk: operatingProfit[1], n: 18584 },
      },
    },
  };
}

describe('backtestSection', () => {
  it('prints the two ratios against their targets', () => {
    const section = backtestSection(json([0.63, 0.6], [0.129, 0.147]), 10.5);
    expect(section.rows.map((row) => [row.benchmark, row.measured, row.target, row.verdict])).toEqual([
      ['Model ÷ random walk, t+3 operating profit', '1.05', '< 1', 'missed'],
      ['Model ÷ random walk with drift, t+1 revenue', '0.88', '≤ 1.1', 'met'],
    ]);
    const lines = verdictLines([section]);
    expect(lines[0]).toMatch(/^FAIL {2}8\. Model ÷ random walk, t\+3 operating profit: 1\.05/);
    expect(lines[1]).toMatch(/^PASS {2}8\. Model ÷ random walk with drift, t\+1 revenue: 0\.88/);
  });

  it('meets the operating-profit target only below 1 and the revenue target up to 1.1', () => {
    const section = backtestSection(json([0.6, 0.6], [0.11, 0.1]), 1);
    expect(section.rows.map((row) => row.verdict)).toEqual(['missed', 'met']);
    expect(backtestSection(json([0.59, 0.6], [0.111, 0.1]), 1).rows.map((row) => row.verdict)).toEqual([
      'met',
      'missed',
    ]);
  });
});
