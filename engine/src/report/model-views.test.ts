import { describe, expect, it } from 'vitest';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../testing/model-bundles.ts';
import { MODEL_EXPLANATIONS } from '../valuation/models/model-formulas.ts';
import { VALUATION_MODELS, valueWithModel } from '../valuation/models/registry.ts';
import { modelValueText } from './model-format.ts';
import { bundleModelInput, type ModelValueEntry, modelCatalogue, modelComparison, spreadText } from './model-views.ts';

const entry = (name: string, value: number | null): ModelValueEntry => ({
  model: 'fcff',
  name,
  preferred: false,
  fits: true,
  reason: null,
  value_per_share: value,
  equity_value: value,
  figures: [],
  warnings: [],
  margin_of_safety: null,
});

describe('the 估值模型 page’s views', () => {
  it('lists every model of the registry with its fit, formulas and ranged levers in Chinese', () => {
    const catalogue = modelCatalogue();
    expect(catalogue.map((model) => model.id)).toEqual(VALUATION_MODELS.map((model) => model.id));
    for (const model of catalogue) {
      expect(model.formulas).toBe(MODEL_EXPLANATIONS[model.id].formulas);
      expect(model.formulas.length).toBeGreaterThan(3);
      expect(model.needs.length).toBeGreaterThan(0);
      for (const parameter of model.parameters) {
        expect(parameter.label).toMatch(/[\u4e00-\u9fff]|WACC|ROE/);
        expect(parameter.range).toContain('至');
      }
    }
    const story = catalogue.find((model) => model.id === 'story');
    expect(story?.parameters.find((p) => p.key === 'margin_convergence_year')?.range).toBe('1 至 10 的整数');
    const er = catalogue.find((model) => model.id === 'excess_return');
    expect(er?.parameters.find((p) => p.key === 'cost_of_equity')?.range).toBe('1% 至 30%');
  });

  it('values an industrial company by every model that fits, each value the model’s own', () => {
    const bundle = SAMPLE_COMPANY_BUNDLE;
    const view = modelComparison(bundle, undefined, null);
    expect(view.preferred).toBe('fcff');
    expect(view.entries.map((e) => [e.model, e.fits])).toEqual([
      ['fcff', true],
      ['excess_return', true],
      ['story', true],
    ]);
    for (const e of view.entries) {
      const direct = valueWithModel(e.model, bundleModelInput(bundle));
      expect(e.value_per_share).toBe(direct.value_per_share);
    }
    expect(view.entries[0]?.preferred).toBe(true);
    expect(view.spread).toMatch(/3 个模型的每股价值在/);
  });

  it('values 工商银行 by excess returns alone, saying why the FCFF and the story model do not apply', () => {
    const view = modelComparison(ICBC_BUNDLE, undefined, null);
    expect(view.preferred).toBe('excess_return');
    const [fcff, er, story] = view.entries;
    expect(fcff?.fits).toBe(false);
    expect(fcff?.reason).toContain('金融企业');
    expect(story?.fits).toBe(false);
    expect(er?.value_per_share).toBeCloseTo(10.08, 2);
    expect(er?.figures.map((figure) => figure.key)).toContain('justified_pb');
    expect(view.spread).toContain('只有超额收益模型');
  });

  it('says the spread in words: none, one, small, marked and large', () => {
    expect(spreadText([entry('甲', null)])).toContain('没有模型');
    expect(spreadText([entry('甲', 10), entry('乙', 11)])).toContain('差异不大');
    expect(spreadText([entry('甲', 10), entry('乙', 13)])).toContain('差异明显');
    const large = spreadText([entry('甲', 10), entry('乙', 25), entry('丙', 12)]);
    expect(large).toContain('10.00 元（甲）至 25.00 元（乙）');
    expect(large).toContain('150.00%');
    expect(large).toContain('差异很大');
  });

  it('formats a model’s figures by their unit', () => {
    expect(modelValueText('fraction', 0.084)).toBe('8.40%');
    expect(modelValueText('times', 1.14)).toBe('1.14倍');
    expect(modelValueText('year', 5)).toBe('5');
    expect(modelValueText('amount', null)).toBe('-');
  });
});
