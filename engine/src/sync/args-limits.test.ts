import { describe, expect, it } from 'vitest';
import { argsLimitProblem, MAX_ARGS_CHARS, MAX_ARGS_DEPTH } from './args-limits.ts';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = [value];
  return value;
}

describe('the bounds on a mutation’s arguments', () => {
  it('passes every real mutation’s arguments and anything within the bounds', () => {
    expect(
      argsLimitProblem({
        company: '000333',
        scope: { fcf_parameters: true, wacc_parameters: false, terminal_growth_rate: false, total_shares: true },
      }),
    ).toBeNull();
    expect(argsLimitProblem(undefined)).toBeNull();
    expect(argsLimitProblem(nested(MAX_ARGS_DEPTH))).toBeNull();
  });

  it('names the field and the bound for arguments nested too deep, without overflowing on 20,000 levels', () => {
    expect(argsLimitProblem(nested(MAX_ARGS_DEPTH + 1))).toBe(`args 嵌套过深（最多 ${MAX_ARGS_DEPTH} 层）`);
    expect(argsLimitProblem({ company: '000333', deep: nested(20_000) })).toContain('args 嵌套过深');
  });

  it('refuses arguments longer than the bound', () => {
    expect(argsLimitProblem({ company: 'x'.repeat(MAX_ARGS_CHARS) })).toMatch(/^args 过长（\d+ 个字符/);
  });
});
