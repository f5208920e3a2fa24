import { describe, expect, it } from 'vitest';
import { sampleWith } from '../testing/company-variants.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { storyDefaults } from '../valuation/models/story-defaults.ts';
import {
  DRIVER_RAISES_VALUE,
  defaultScenarios,
  SCENARIO_DRIVERS,
  scenarioInputsOf,
  storyInputsOf,
  weightsIssue,
} from './scenarios.ts';

describe('the generated scenarios', () => {
  it('are 悲观 / 基准 / 乐观 at 25/50/25, the base being the story model’s defaults', () => {
    const { scenarios, defaults } = defaultScenarios('000001', { statements: SAMPLE_COMPANY });
    expect(scenarios.map((s) => [s.id, s.name, s.weight])).toEqual([
      ['000001-bear', '悲观', 0.25],
      ['000001-base', '基准', 0.5],
      ['000001-bull', '乐观', 0.25],
    ]);
    expect(weightsIssue(scenarios)).toBeNull();
    expect(scenarios[1]?.inputs).toEqual(scenarioInputsOf(storyDefaults({ statements: SAMPLE_COMPANY }).inputs));
    // The base scenario's story inputs are the defaults themselves.
    expect(storyInputsOf(defaults.inputs, scenarioInputsOf(defaults.inputs))).toEqual(defaults.inputs);
  });

  it('moves each driver one nudge when the history is flat, and says so', () => {
    // 样本公司 grew 25% and earned a 20% margin every year.
    const { scenarios, words } = defaultScenarios('000001', { statements: SAMPLE_COMPANY });
    const [bear, base, bull] = scenarios;
    expect(bear?.inputs.revenue_growth).toBeCloseTo(0.24, 12);
    expect(bull?.inputs.revenue_growth).toBeCloseTo(0.26, 12);
    expect(bear?.inputs.target_margin).toBeCloseTo(0.19, 12);
    expect(bear?.inputs.wacc).toBeCloseTo((base?.inputs.wacc ?? 0) + 0.005, 12);
    // Sales-to-capital did move: revenue grew on the same invested capital of 106 (2024: 100 / 106).
    expect(bull?.inputs.sales_to_capital).toBeCloseTo(100 / 106, 12);
    expect(bear?.inputs.terminal_growth).toBeCloseTo((base?.inputs.terminal_growth ?? 0) - 0.005, 12);
    expect(words['000001-bear']?.[0]).toBe('第1–5年营业收入增长率 24.0%（基准下调1.0个百分点，历史区间更窄）');
  });

  it('takes the low and high ends of what the company has shown', () => {
    // 2022's margin 12% and 2023's 26%: the bear and bull targets, with their years.
    const statements = sampleWith((year, figures) => {
      const revenue = figures.operating_revenue ?? 0;
      const cost = year === 2022 ? 0.68 : year === 2023 ? 0.54 : 0.6;
      return { ...figures, operating_cost: revenue * cost };
    });
    const { scenarios, words } = defaultScenarios('X', { statements });
    expect(scenarios[0]?.inputs.target_margin).toBeCloseTo(0.12, 12);
    expect(scenarios[2]?.inputs.target_margin).toBeCloseTo(0.26, 12);
    expect(words['X-bear']?.[1]).toBe('目标营业利润率 12.0%（2022年，近5年最低）');
    expect(words['X-bull']?.[1]).toBe('目标营业利润率 26.0%（2023年，近5年最高）');
  });

  it('orders every driver bear ≤ base ≤ bull in the direction that raises the value', () => {
    const { scenarios } = defaultScenarios('000001', { statements: SAMPLE_COMPANY });
    const [bear, base, bull] = scenarios.map((s) => s.inputs);
    for (const driver of SCENARIO_DRIVERS) {
      const sign = DRIVER_RAISES_VALUE[driver] ? 1 : -1;
      expect(sign * ((base?.[driver] ?? 0) - (bear?.[driver] ?? 0))).toBeGreaterThan(0);
      expect(sign * ((bull?.[driver] ?? 0) - (base?.[driver] ?? 0))).toBeGreaterThan(0);
    }
  });

  it('refuses weights that do not total 100% or leave 0…100%', () => {
    expect(weightsIssue([{ weight: 0.3 }, { weight: 0.3 }])).toBe('情景权重合计须为 100%，现为 60.0%');
    expect(weightsIssue([{ weight: 1.2 }, { weight: -0.2 }])).toBe('每个情景的权重须在 0% 至 100% 之间');
    expect(weightsIssue([])).toBe('至少需要一个情景');
  });
});
