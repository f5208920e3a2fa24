import { describe, expect, it } from 'vitest';
import { describeEdit } from './describe-edit.ts';

describe('a scenario edit as a conflict shows it', () => {
  it('says a story scenario’s WACC and an excess-return scenario’s ROE and Ke', () => {
    const story = describeEdit('putScenario', {
      user: 'ann',
      scenario: { id: 'a', company: '000333', name: '乐观', weight: 0.25, model: 'story', inputs: { wacc: 0.085 } },
    });
    expect(story.label).toBe('估值情景“乐观”（000333）');
    expect(story.mine).toBe('“乐观” 权重 25.00% · WACC 8.50%');
    const bank = describeEdit('putScenario', {
      user: 'ann',
      scenario: {
        id: 'b',
        company: '601398',
        name: '乐观',
        weight: 0.25,
        model: 'excess_return',
        inputs: { normalised_roe: 0.125, cost_of_equity: 0.07, terminal_growth: 0.03 },
      },
    });
    expect(bank.mine).toBe('“乐观” 权重 25.00% · ROE 12.50% · Ke 7.00%');
    expect(bank.theirs(null)).toBe('（已删除）');
  });
});
