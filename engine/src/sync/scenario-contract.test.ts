import { describe, expect, it } from 'vitest';
import { layPending } from './pending.ts';
import { mutationTarget } from './protocol.ts';
import { canonicalScenarioName, storedScenarioSchema } from './scenario-contract.ts';
import { SCENARIO_LIMITS, type StoredScenario, scenarioKey, scenarioLimitProblem } from './scenario-edits.ts';

const BULL: StoredScenario = {
  id: 'bull-1',
  company: '000333',
  name: '乐观',
  weight: 0.25,
  model: 'story',
  inputs: {
    revenue_growth: 0.12,
    target_margin: 0.14,
    sales_to_capital: 3,
    wacc: 0.08,
    terminal_growth: 0.03,
    tax_rate: 0.15,
  },
};

describe('a stored scenario', () => {
  it('is keyed by its owner (lower case) and id, and a pending save or deletion lays over its row', () => {
    expect(mutationTarget({ name: 'putScenario', args: { user: 'Ann', scenario: BULL } })).toEqual({
      kind: 'row',
      table: 'scenarios',
      key: scenarioKey('ann', 'bull-1'),
    });
    const saved = layPending('scenarios', new Map(), [
      { name: 'putScenario', args: { user: 'Ann', scenario: BULL }, createdAt: 0 },
    ]);
    expect(saved.get('ann|bull-1')).toEqual({
      version: 1,
      data: {
        username: 'ann',
        id: 'bull-1',
        company_code: '000333',
        name: '乐观',
        weight: 0.25,
        model: 'story',
        inputs: BULL.inputs,
        updated_at: '1970-01-01T00:00:00.000Z',
      },
    });
    const deleted = layPending('scenarios', saved, [{ name: 'deleteScenario', args: { user: 'ann', id: 'bull-1' } }]);
    expect(deleted.get('ann|bull-1')).toEqual({ version: 2, data: null });
  });

  it('has a canonical name: NFKC, trimmed; the schema refuses any other form with words', () => {
    expect(canonicalScenarioName(' ＢＵＬＬ（乐观） ')).toBe('BULL(乐观)');
    const message = (name: string) => storedScenarioSchema.safeParse({ ...BULL, name }).error?.issues[0]?.message;
    expect(message('乐观')).toBeUndefined();
    expect(message('ＢＵＬＬ')).toBe('情景名称应为规范形式（NFKC，首尾无空白）');
    expect(message('乐\u2066观')).toBe('情景名称含有不可见字符或文字方向控制字符（U+2066）');
    expect(message('长'.repeat(SCENARIO_LIMITS.nameMax + 1))).toBe('情景名称不能超过40个字符');
    // Counted in characters, not UTF-16 units: 40 characters outside the BMP pass.
    expect(message('𠀀'.repeat(SCENARIO_LIMITS.nameMax))).toBeUndefined();
  });

  it('may not be one too many for its company or its user', () => {
    expect(scenarioLimitProblem({ company: SCENARIO_LIMITS.perCompany - 1, total: 0 })).toBeNull();
    expect(scenarioLimitProblem({ company: SCENARIO_LIMITS.perCompany, total: 0 })).toContain('每家公司最多保存 12 个');
    expect(scenarioLimitProblem({ company: 0, total: SCENARIO_LIMITS.perUser })).toContain('最多保存 300 个');
  });

  it('carries its model’s inputs: the story model’s six or excess returns’ three, checked per model', () => {
    const bank = {
      id: 'bank-bull',
      company: '601398',
      name: '乐观',
      weight: 0.25,
      model: 'excess_return',
      inputs: { normalised_roe: 0.11, cost_of_equity: 0.07, terminal_growth: 0.03 },
    } as const;
    expect(storedScenarioSchema.parse(bank)).toEqual(bank);
    // A browser of before queued story scenarios without a model: they read as the story model's.
    const { model: _, ...older } = BULL;
    expect(storedScenarioSchema.parse(older)).toEqual(BULL);
    const issue = (value: unknown) => storedScenarioSchema.safeParse(value).error?.issues[0];
    // Story inputs under excess returns (and the other way round) are refused, naming the field.
    expect(issue({ ...bank, inputs: BULL.inputs })?.path).toEqual(['inputs', 'normalised_roe']);
    expect(issue({ ...BULL, inputs: bank.inputs })?.path).toEqual(['inputs', 'revenue_growth']);
    expect(issue({ ...bank, inputs: { ...bank.inputs, normalised_roe: 1.5 } })?.message).toBe(
      '常态化ROE超出合理范围（-50% 至 100%）',
    );
    expect(issue({ ...bank, inputs: { ...bank.inputs, payout: 0.3 } })?.code).toBe('unrecognized_keys');
    expect(issue({ ...bank, model: 'ddm' })).toMatchObject({
      path: ['model'],
      message: '情景的估值模型无效（应为 story 或 excess_return）',
    });
  });
});
