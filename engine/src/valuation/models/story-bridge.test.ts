import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../../statements/items.ts';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { leanEquityValue } from '../../uncertainty/lean-value.ts';
import { valueCompany } from '../company-valuation.ts';
import { storyDefaults } from './story-defaults.ts';
import { STORY_MODEL } from './story-model.ts';

/** 样本公司 whose minorities earn a fifth of its profit, with 理财 in 其他流动资产 and its equity lines. */
function withMinorities(): CompanyStatements {
  const years = Object.fromEntries(
    Object.entries(SAMPLE_COMPANY.years).map(([year, figures]) => [
      year,
      { ...figures, minority_profit: (figures.net_profit ?? 0) * 0.2, other_current_assets: 12, total_assets: 300 },
    ]),
  );
  return { ...SAMPLE_COMPANY, years };
}

describe('the story model’s equity bridge is the DCF’s (docs/model.md §7)', () => {
  const statements = withMinorities();

  it('values minority interest pro rata to the minorities’ share of profit, its book value the lever beside', () => {
    const defaults = storyDefaults({ statements });
    expect(defaults.inputs.minority_profit_share).toBeCloseTo(0.2, 12);
    expect(defaults.inputs.minority_interest).toBe(3);
    expect(defaults.basis.minority_interest).toContain('账面值 3.00');
    const result = STORY_MODEL.value({ statements });
    const { inputs, valuation } = result.detail;
    const before = valuation.operating_assets - inputs.debt + inputs.cash + inputs.non_operating_assets;
    expect(valuation.minority_interest).toBeCloseTo(0.2 * before, 9);
    expect(valuation.equity_value).toBeCloseTo(0.8 * before, 9);
    expect(result.figures.find((figure) => figure.key === 'minority_interest')?.value).toBe(
      valuation.minority_interest,
    );
    // The range's lean path takes the same claim.
    expect(leanEquityValue(inputs)).toBeCloseTo(valuation.equity_value, 9);
    // The DCF takes the same share of its own equity before minorities.
    const dcf = valueCompany({ statements }).dcf;
    const line = dcf?.bridge.find((each) => each.item === 'minority_interest');
    expect(line?.profit_share).toBe(inputs.minority_profit_share);
  });

  it('takes a minority interest set by hand as that amount', () => {
    const result = STORY_MODEL.value({ statements, levers: { minority_interest: 7 } });
    const { valuation } = result.detail;
    expect(valuation.minority_interest).toBe(7);
    expect(result.detail.inputs.minority_profit_share).toBeNull();
  });

  it('counts 其他流动资产 as cash where an admin marks it, as the DCF does', () => {
    const plain = storyDefaults({ statements });
    const marked = storyDefaults({
      statements,
      choices: { other_income_operating: true, other_current_assets_cash_like: true },
    });
    expect(marked.inputs.cash).toBe(plain.inputs.cash + 12);
    expect(marked.basis.cash).toContain('其他流动资产');
    const dcf = valueCompany({
      statements,
      choices: { other_income_operating: true, other_current_assets_cash_like: true },
    });
    expect(marked.inputs.cash).toBe(dcf.bridge.cash);
  });

  it('carries the bridge’s warnings: a debt-like line gone from the latest balance sheet', () => {
    const { 2024: latest, ...rest } = statements.years;
    const { long_term_borrowings: _gone, ...without } = latest ?? {};
    const vanished = { ...statements, years: { ...rest, 2024: without } };
    const codes = STORY_MODEL.value({ statements: vanished }).warnings.map((warning) => warning.code);
    expect(codes).toContain('debt_line_vanished');
  });
});
