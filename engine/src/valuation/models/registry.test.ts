import { describe, expect, it } from 'vitest';
import type { CompanyStatements } from '../../statements/items.ts';
import { ANGEL_YEAST } from '../../testing/angel-yeast.ts';
import { ICBC } from '../../testing/icbc.ts';
import { SAMPLE_BANK } from '../../testing/sample-bank.ts';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { valueCompany } from '../company-valuation.ts';
import { MODEL_PARAMETER_RULES, PARAMETER_RULES } from '../parameter-rules.ts';
import { MODEL_IDS } from './model-types.ts';
import { modelById, modelFits, preferredModel, VALUATION_MODELS, valueWithModel } from './registry.ts';

/** 样本公司 with only financial-summary lines (no cost lines, cash flows or balance-sheet detail). */
const SUMMARY_ONLY: CompanyStatements = {
  ...SAMPLE_COMPANY,
  years: Object.fromEntries(
    Object.entries(SAMPLE_COMPANY.years).map(([year, figures]) => [
      year,
      {
        operating_revenue: figures.operating_revenue,
        operating_profit: (figures.total_profit ?? 0) + 1,
        total_profit: figures.total_profit,
        net_profit_parent: figures.net_profit_parent,
        eps_basic: (figures.net_profit_parent ?? 0) / 10,
        parent_equity: figures.parent_equity,
        book_value_per_share: 10,
      },
    ]),
  ),
};

describe('the model registry', () => {
  it('lists each model once, in order, with a Chinese name, a description and ranged levers', () => {
    expect(VALUATION_MODELS.map((model) => model.id)).toEqual([...MODEL_IDS]);
    for (const model of VALUATION_MODELS) {
      expect(modelById(model.id)).toBe(model);
      expect(model.name).toMatch(/[\u4e00-\u9fff]/);
      expect(model.description).toMatch(/[\u4e00-\u9fff]/);
      expect(model.needs.length).toBeGreaterThan(0);
      for (const parameter of model.parameters) {
        const rules: Readonly<Record<string, unknown>> = { ...PARAMETER_RULES, ...MODEL_PARAMETER_RULES };
        expect(rules[parameter], `${model.id} ${parameter}`).toBeDefined();
      }
    }
  });

  it('values an industrial company with full statements by FCFF, a bank or a summary-only company by excess returns', () => {
    expect(preferredModel({ statements: SAMPLE_COMPANY })).toBe('fcff');
    expect(preferredModel({ statements: ANGEL_YEAST, industry: 'C14' })).toBe('fcff');
    expect(preferredModel({ statements: SAMPLE_BANK })).toBe('excess_return');
    expect(preferredModel({ statements: ICBC, industry: 'J66' })).toBe('excess_return');
    expect(preferredModel({ statements: SUMMARY_ONLY })).toBe('excess_return');
    expect(preferredModel({ statements: { code: 'x', name: 'x', years: {} } })).toBeNull();
  });

  it('says in Chinese why a model does not fit', () => {
    const fits = (statements: CompanyStatements, industry?: string) =>
      Object.fromEntries(
        modelFits({ statements, industry }).map(({ model, fit }) => [model, fit.fits ? true : fit.reason]),
      );
    expect(fits(SAMPLE_COMPANY)).toEqual({ fcff: true, excess_return: true, story: true });
    expect(fits(ICBC, 'J66')).toEqual({
      fcff: expect.stringContaining('金融企业'),
      excess_return: true,
      story: expect.stringContaining('金融企业'),
    });
    expect(fits(SUMMARY_ONLY)).toEqual({
      fcff: expect.stringContaining('仅有财务摘要'),
      excess_return: true,
      story: expect.stringContaining('仅有财务摘要'),
    });
  });
});

describe('the FCFF model', () => {
  it('is valueCompany unchanged, its DCF as the result', () => {
    for (const statements of [SAMPLE_COMPANY, ANGEL_YEAST]) {
      const input = { statements, parameters: { wacc_manual: 0.09 } };
      const result = valueWithModel('fcff', input);
      const plain = valueCompany(input);
      if (result.model !== 'fcff') throw new Error('not the FCFF');
      expect(result.detail.dcf).toEqual(plain.dcf);
      expect(result.detail.warnings).toEqual(plain.warnings);
      expect(result.equity_value).toBe(plain.dcf?.valuation.equity_value);
      expect(result.value_per_share).toBe(plain.dcf?.valuation.value_per_share);
      expect(result.rows.find((row) => row.key === 'fcff')?.values).toEqual([
        ...(plain.dcf?.forecast.map((row) => row.fcf) ?? []),
        plain.dcf?.terminal_value,
      ]);
      expect(result.columns).toEqual([...plain.forecastYears.map(String), '终值']);
      expect(result.shares_source).toBe(plain.parameters.total_shares_source);
    }
  });

  it('names a missing share count instead of a value per share of 0', () => {
    const noShares: CompanyStatements = {
      ...SAMPLE_COMPANY,
      years: Object.fromEntries(
        Object.entries(SAMPLE_COMPANY.years).map(([year, figures]) => [year, { ...figures, share_capital: undefined }]),
      ) as CompanyStatements['years'],
    };
    const result = valueWithModel('fcff', { statements: noShares });
    expect(valueCompany({ statements: noShares }).dcf?.valuation.value_per_share).toBeNull();
    expect(result.value_per_share).toBeNull();
    expect(result.shares).toBeNull();
    expect(result.warnings.map((warning) => warning.code)).toContain('shares_unknown');
  });

  it('throws the valuation’s error where it has no DCF', () => {
    expect(() => valueWithModel('fcff', { statements: SAMPLE_BANK })).toThrow(/金融企业/);
  });
});
