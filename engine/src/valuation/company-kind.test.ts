import { describe, expect, it } from 'vitest';
import { SAMPLE_BANK } from '../testing/sample-bank.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { classifyCompany } from './company-kind.ts';
import { valueCompany } from './company-valuation.ts';

describe('financial companies', () => {
  it('are known by industry section J, whatever the statements', () => {
    expect(classifyCompany('J66', SAMPLE_COMPANY.years[2024] ?? {})).toMatchObject({
      kind: 'financial',
      evidence: 'industry',
    });
    expect(classifyCompany('金融业', {}).kind).toBe('financial');
  });

  it('are known by their balance sheet without an industry: deposits 82% of liabilities', () => {
    const bank = classifyCompany(null, SAMPLE_BANK.years[2024] ?? {});
    expect(bank).toMatchObject({ kind: 'financial', evidence: 'statements' });
    expect(bank.financialShare).toBeCloseTo(2870 / 3500, 12);
  });

  it('are not an industrial group with a small finance company', () => {
    const group = { ...SAMPLE_COMPANY.years[2024], customer_deposits: 5, total_liabilities: 100 };
    expect(classifyCompany('C38', group).kind).toBe('general');
  });

  it('get no FCFF value, keep their history, and say why and what to use instead', () => {
    const result = valueCompany({ statements: SAMPLE_BANK });
    expect(result.dcf).toBeNull();
    expect(result.sensitivity).toBeNull();
    expect(result.error?.code).toBe('FINANCIAL_COMPANY');
    expect(result.error?.message).toContain('超额收益');
    expect(result.model).toEqual({ id: null, result: null, reason: result.error?.message });
    expect(result.history).toHaveLength(3);
    expect(result.returns[2]?.roe).toBeCloseTo(45 / ((296 + 296 * 0.95) / 2), 12);
    expect(result.warnings.map((entry) => entry.code)).toEqual(['financial_company']);
    expect(result.limitations).toEqual([result.error?.message]);
  });
});
