import { describe, expect, it } from 'vitest';
import { buildReportPdf } from '../../pdf/report-pdf.ts';
import { readPdfTables } from '../../pdf/testing/read-tables.ts';
import { RecordingDoc } from '../../pdf/testing/recording-doc.ts';
import { buildCompanyReport, type CompanyBundle } from '../../report/company-bundle.ts';
import { modelValuationSpec } from '../../report/specs/model-valuation-spec.ts';
import type { CompanyStatements } from '../../statements/items.ts';
import { ICBC } from '../../testing/icbc.ts';
import { SAMPLE_COMPANY } from '../../testing/sample-company.ts';
import { valueCompany } from '../company-valuation.ts';
import { NO_MANUAL_PARAMETERS } from '../parameters.ts';
import { WACC_ASSUMPTIONS } from '../wacc.ts';
import { EXCESS_RETURN_MODEL } from './excess-return-model.ts';
import { valueCompanyByModel } from './model-choice.ts';

/** The server's CAPM inputs for a bank: 金融业's β 0.9 (fixtures/industry-betas.json). */
const FINANCE = { ...WACC_ASSUMPTIONS, beta: 0.9, betaIndustry: '金融业' };

/** 样本公司 with only financial-summary lines, as the market's 主要财务指标 carry them. */
function summaryOnly(bookValuePerShare: number): CompanyStatements {
  return {
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
          parent_equity: bookValuePerShare * 10,
          book_value_per_share: bookValuePerShare,
          weighted_roe_percent: 12,
        },
      ]),
    ),
  };
}

const codes = (warnings: readonly { code: string }[]) => warnings.map((warning) => warning.code);

describe('the valuation by the model that fits (valueCompanyByModel)', () => {
  it('is valueCompany unchanged for an industrial company with full statements', () => {
    const input = { statements: SAMPLE_COMPANY, parameters: { wacc_manual: 0.09 } };
    const chosen = valueCompanyByModel(input);
    expect(chosen).toEqual(valueCompany(input));
    expect(chosen.model).toEqual({ id: 'fcff', result: null, reason: null });
  });

  it('values 工商银行 by excess returns, with its P/B and justified P/B, and no DCF', () => {
    const input = { statements: ICBC, industry: 'J66', waccAssumptions: FINANCE };
    const valuation = valueCompanyByModel(input);
    expect(valuation.dcf).toBeNull();
    expect(valuation.sensitivity).toBeNull();
    expect(valuation.error?.code).toBe('FINANCIAL_COMPANY');
    if (valuation.model.id !== 'excess_return') throw new Error('not valued by excess returns');
    const { result } = valuation.model;
    expect(result).toEqual(EXCESS_RETURN_MODEL.value(input));
    // docs/model.md 15.2: 10.08 元, P/B 1.14, justified P/B 1.63.
    expect(result.value_per_share).toBeCloseTo(10.08, 2);
    const figure = (key: string) => result.figures.find((entry) => entry.key === key)?.value;
    expect(figure('implied_pb')).toBeCloseTo(1.14, 2);
    expect(figure('justified_pb')).toBeCloseTo(1.63, 2);
    expect(codes(valuation.warnings)[0]).toBe('financial_company');
    expect(valuation.warnings[0]?.message).toContain('超额收益');
  });

  it('values a summary-only company by excess returns, warned summary_only, its limitations kept', () => {
    const plain = valueCompany({ statements: summaryOnly(10) });
    expect(plain.dcf).not.toBeNull();
    const valuation = valueCompanyByModel({ statements: summaryOnly(10) });
    expect(valuation.dcf).toBeNull();
    expect(valuation.error?.code).toBe('SUMMARY_ONLY');
    expect(valuation.model.id).toBe('excess_return');
    expect(codes(valuation.warnings)).toContain('summary_only');
    expect(codes(valuation.warnings)).not.toContain('terminal_value_dominates');
    expect(valuation.limitations).toEqual(plain.limitations);
  });

  it('says why when the excess-return model does not fit either: never an FCFF DCF instead', () => {
    const valuation = valueCompanyByModel({ statements: summaryOnly(-1) });
    expect(valuation.dcf).toBeNull();
    expect(valuation.model.id).toBeNull();
    expect(valuation.model.reason).toContain('仅有财务摘要');
    expect(valuation.model.reason).toContain('超额收益模型亦不适用');
  });

  it('is what the report (the browser’s worker) values by: the bank’s report shows the excess-return result', () => {
    const bundle: CompanyBundle = {
      company: { code: '601398', name: '工商银行', industry: 'J66' },
      statements: ICBC,
      parameters: NO_MANUAL_PARAMETERS,
      overrides: {},
      waccAssumptions: FINANCE,
      version: 1,
    };
    const report = buildCompanyReport(bundle);
    const valuation = valueCompanyByModel({ statements: ICBC, industry: 'J66', waccAssumptions: FINANCE });
    expect(report.dcf).toBeNull();
    expect(report.model?.model).toBe('excess_return');
    if (valuation.model.id !== 'excess_return') throw new Error('not valued by excess returns');
    expect(report.model?.value_per_share).toBe(valuation.model.result.value_per_share);
    expect(report.model?.figures.map((entry) => entry.key)).toContain('justified_pb');
    expect(report.valuationSummary.model).toBe('excess_return');
    expect(report.valuationSummary.value_per_share).toBe(report.model?.value_per_share);
  });

  it('the PDF draws the bank’s excess-return table as the page does', () => {
    const report = buildCompanyReport({
      company: { code: '601398', name: '工商银行', industry: 'J66' },
      statements: ICBC,
      parameters: NO_MANUAL_PARAMETERS,
      overrides: {},
      waccAssumptions: FINANCE,
      version: 1,
    });
    if (!report.model) throw new Error('no excess-return value');
    const spec = modelValuationSpec(report.model, report.company.name);
    const docs: RecordingDoc[] = [];
    class Recorder extends RecordingDoc {
      constructor() {
        super();
        docs.push(this);
      }
    }
    buildReportPdf({ jsPDF: Recorder, fontBase64: '' }, report, { generatedAt: new Date('2026-05-01T06:30:05Z') });
    const table = readPdfTables(docs[0]?.ops ?? []).find((entry) => entry.caption === spec.table.caption);
    expect(table?.header).toEqual(['项目', ...spec.table.columns]);
    // A long label wraps inside its cell: compared without spaces.
    const bare = (text: string | undefined) => text?.replaceAll(' ', '');
    expect(table?.rows.map((row) => bare(row[0]))).toEqual(spec.table.rows.map((row) => bare(row.label)));
    expect(table?.rows[0]?.[1]).toBe(spec.table.rows[0]?.texts[0]);
  });
});
