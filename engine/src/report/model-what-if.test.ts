import { describe, expect, it } from 'vitest';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../testing/model-bundles.ts';
import { storyDefaults } from '../valuation/models/story-defaults.ts';
import { STORY_PARAMETER_KEYS } from '../valuation/parameter-rules.ts';
import { bundleModelInput } from './model-views.ts';
import { countLevers, defaultCustomModel, modelChoices, modelWhatIfView } from './model-what-if.ts';

const company = SAMPLE_COMPANY_BUNDLE;
const bank = ICBC_BUNDLE;

describe('the custom page’s story and excess-return models', () => {
  it('opens an industrial company with the FCFF and a bank with excess returns', () => {
    expect(defaultCustomModel(company)).toBe('fcff');
    expect(defaultCustomModel(bank)).toBe('excess_return');
    expect(modelChoices(company)).toEqual({ preferred: 'fcff', unfit: {} });
    const choices = modelChoices(bank);
    expect(choices.preferred).toBe('excess_return');
    expect(Object.keys(choices.unfit)).toEqual(['fcff', 'story']);
    expect(choices.unfit.story).toContain('金融企业');
  });

  it('offers every lever of the story model with its default from the company’s history', () => {
    const view = modelWhatIfView(company, 'story', {}, undefined, null);
    const levers = view.groups.flatMap((group) => group.levers);
    const defaults = storyDefaults(bundleModelInput(company));
    expect(levers).toHaveLength(STORY_PARAMETER_KEYS.length);
    for (const lever of levers) {
      expect(lever.manual).toBe(false);
      expect(lever.value).toBe(defaults.inputs[lever.key as keyof typeof defaults.inputs]);
      expect(lever.basis).not.toBe('');
    }
    expect(view.result?.value_per_share).toBe(view.automaticPerShare);
    expect(view.result?.rows.map((row) => row.key)).toContain('fcff');
  });

  it('moves the value when a lever moves, marks it as the reader’s, and counts it', () => {
    const base = modelWhatIfView(company, 'story', {}, undefined, null);
    const faster = modelWhatIfView(company, 'story', { revenue_growth_years_1_5: 0.2 }, undefined, null);
    const growth = faster.groups.flatMap((group) => group.levers).find((l) => l.key === 'revenue_growth_years_1_5');
    expect(growth).toMatchObject({ value: 0.2, manual: true, basis: '我的设定' });
    expect(faster.result?.value_per_share).not.toBe(base.result?.value_per_share);
    expect(faster.automaticPerShare).toBe(base.result?.value_per_share);
    expect(countLevers({ revenue_growth_years_1_5: 0.2, shares: undefined })).toBe(1);
  });

  it('says why levers admit no valuation instead of figures', () => {
    const view = modelWhatIfView(company, 'story', { cost_of_capital_terminal: 0.02, terminal_growth: 0.03 });
    expect(view.result).toBeNull();
    expect(view.error).toContain('永续期资本成本');
  });

  it('values a bank by excess returns with Ke, the ROE path, g and shares as levers', () => {
    const view = modelWhatIfView(bank, 'excess_return', {}, undefined, null);
    const keys = view.groups.flatMap((group) => group.levers.map((lever) => lever.key));
    expect(keys).toEqual([
      'normalised_roe',
      'sustainable_roe',
      'cost_of_equity',
      'terminal_growth_rate_manual',
      'total_shares_manual',
    ]);
    expect(view.result?.value_per_share).toBeCloseTo(10.08, 2);
    const ke = view.groups[0]?.levers.find((lever) => lever.key === 'cost_of_equity');
    expect(ke?.value).toBeCloseTo(0.084, 6);
    expect(ke?.basis).toContain('CAPM');
    const cheaper = modelWhatIfView(bank, 'excess_return', { cost_of_equity: 0.07 }, undefined, null);
    expect(cheaper.result?.value_per_share).toBeGreaterThan(10.08);
    const growing = modelWhatIfView(bank, 'excess_return', { terminal_growth_rate_manual: 0.03 }, undefined, null);
    expect(growing.result?.value_per_share).not.toBeCloseTo(10.08, 2);
    const refused = modelWhatIfView(bank, 'excess_return', { cost_of_equity: 0.02 }, undefined, null);
    expect(refused.result).toBeNull();
    expect(refused.error).toMatch(/Ke/);
  });

  it('says why the story model does not apply to a bank', () => {
    const view = modelWhatIfView(bank, 'story', {}, undefined, null);
    expect(view.result).toBeNull();
    expect(view.error).toContain('金融企业');
  });
});
