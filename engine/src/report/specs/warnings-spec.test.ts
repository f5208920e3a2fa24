import { describe, expect, it } from 'vitest';
import { SAMPLE_BANK } from '../../testing/sample-bank.ts';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { NO_MANUAL_PARAMETERS, WACC_ASSUMPTIONS } from '../../valuation/parameters.ts';
import { buildCompanyReport } from '../company-bundle.ts';
import type { DcfValuationView } from '../report-views.ts';
import { dcfTableSpec } from './dcf-table-spec.ts';
import { fcfValuationSpec } from './fcf-valuation-spec.ts';
import { NOT_MEANINGFUL, roeRoicSpec } from './roe-roic-spec.ts';
import { NOT_APPLICABLE } from './warnings-spec.ts';

const report = (statements = SAMPLE_COMPANY, industry = '其他') =>
  buildCompanyReport(
    {
      company: { code: statements.code, name: statements.name, industry },
      statements,
      parameters: { ...NO_MANUAL_PARAMETERS, wacc_manual: 0.09 },
      overrides: {},
      waccAssumptions: WACC_ASSUMPTIONS,
      version: 1,
    },
    undefined,
    '2025-06-30',
  );

describe('warnings and the bridge on every screen (the report specs)', () => {
  const dcf = report().dcf as DcfValuationView;

  it('the DCF table lists the bridge line by line, summing to the equity value', () => {
    const table = dcfTableSpec(dcf);
    const keys = table.bridge.map((line) => line.key);
    const from = keys.indexOf('enterprise_value');
    const to = keys.indexOf('equity_value');
    const steps = table.bridge.slice(from, to).map((line) => line.value ?? 0);
    expect(steps.reduce((sum, value) => sum + value, 0)).toBeCloseTo(dcf.valuation.equity_value, 9);
    expect(table.bridge.slice(from + 1, to).map((line) => line.label)).toEqual(
      dcf.bridge.slice(1).map((line) => `${line.label}（亿元）`),
    );
  });

  it('shows 不适用 with the reason instead of a negative value per share; the warnings beside it', () => {
    const reason = '股权价值为负（-5.00 亿元）：有息负债等索取权超过企业价值，每股价值不适用';
    const negative: DcfValuationView = {
      ...dcf,
      valuation: { ...dcf.valuation, equity_value: -5, value_per_share: -0.5 },
      warnings: [{ code: 'negative_equity_value', message: reason }],
    };
    const spec = fcfValuationSpec(negative, null);
    expect(spec.keyFigures[0]).toMatchObject({ key: 'value_per_share', text: NOT_APPLICABLE, note: reason });
    expect(spec.warnings).toEqual([{ code: 'negative_equity_value', text: reason }]);
    const perShare = spec.table?.bridge.at(-1);
    expect(perShare).toMatchObject({ key: 'value_per_share', text: NOT_APPLICABLE, how: reason });
  });

  it('a bank has no DCF: the module says why and which model values it instead', () => {
    const bank = report(SAMPLE_BANK, 'J66');
    expect(bank.dcf).toBeNull();
    expect(bank.model?.model).toBe('excess_return');
    const spec = fcfValuationSpec(bank.dcf, bank.dcfError);
    expect(spec.error).toContain('超额收益');
    expect(spec.keyFigures).toEqual([]);
  });
});

describe('ratios that are not meaningful', () => {
  it('are n.m. in the table with the reason as a hint, and gaps in the charts', () => {
    const view = report().financialAnalysis;
    const rows = view.data.roe_roic.map((row, index) =>
      index === view.data.roe_roic.length - 1 ? { ...row, roic: null, roic_reason: '投入资本不足总资产的 5%' } : row,
    );
    const spec = roeRoicSpec({ ...view, data: { ...view.data, roe_roic: rows } });
    const roic = spec.tables[0]?.rows.find((row) => row.key === 'roic');
    expect(roic?.texts.at(-1)).toBe(NOT_MEANINGFUL);
    expect(spec.hints.at(-1)).toBe(`n.m. ${rows.at(-1)?.year} ROIC：投入资本不足总资产的 5%`);
    expect(spec.charts[1]?.series[0]?.values.at(-1)).toBeNull();
  });
});
