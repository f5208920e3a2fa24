import { describe, expect, it } from 'vitest';
import { FINANCIAL_RISK_RATIOS, RISK_RATIOS } from '../history/risk-ratios.ts';
import { buildReportPdf } from '../pdf/report-pdf.ts';
import { RecordingDoc } from '../pdf/testing/recording-doc.ts';
import { ICBC_BUNDLE, SAMPLE_COMPANY_BUNDLE } from '../testing/model-bundles.ts';
import { buildCompanyReport, type CompanyBundle } from './company-bundle.ts';
import { historyModuleSpec } from './specs/report-specs.ts';
import { FINANCIAL_RISK_HINT } from './specs/risk-spec.ts';

/**
 * A bank's report on the device (the worker builds it, the page and the PDF draw it): the sections built on
 * free cash flow say why they do not apply, with the API's code, and 抗风险能力 uses the bank's measures.
 */

const TODAY = '2023-06-01';
const bankReport = () => buildCompanyReport(ICBC_BUNDLE, undefined, TODAY);

/** 工商银行 with a summary-only year's lines: no loans, no deposits. */
const SUMMARY_BANK: CompanyBundle = {
  ...ICBC_BUNDLE,
  statements: {
    ...ICBC_BUNDLE.statements,
    years: Object.fromEntries(
      Object.entries(ICBC_BUNDLE.statements.years).map(([year, { customer_deposits: _d, ...rest }]) => [year, rest]),
    ),
  },
  company: { ...ICBC_BUNDLE.company, industry: '金融业' },
};

describe('a bank’s FCFF sections on the device', () => {
  it('FCF structure and FCF ratios are a notice with code financial_company, no industrial figures', () => {
    const report = bankReport();
    for (const path of ['fcf-structure', 'fcf-ratio'] as const) {
      const spec = historyModuleSpec(report, path);
      expect(spec.notice?.code, path).toBe('financial_company');
      expect(spec.notice?.text, path).toContain('不适用于金融企业');
      expect(spec.notice?.text, path).toContain('超额收益');
      expect(spec.tables, path).toEqual([]);
      expect(spec.charts, path).toEqual([]);
    }
    expect(report.notices['fcf-structure']?.message).toMatch(/^自由现金流结构不适用于金融企业：/);
  });

  it('an industrial company keeps its FCF sections', () => {
    const report = buildCompanyReport(SAMPLE_COMPANY_BUNDLE, undefined, TODAY);
    expect(report.notices).toEqual({ 'fcf-structure': null, 'fcf-ratio': null });
    expect(historyModuleSpec(report, 'fcf-structure').tables).toHaveLength(1);
  });
});

describe('a bank’s 抗风险能力', () => {
  it('shows equity/assets against the leverage floors, not debt/assets against industry’s 60%', () => {
    const report = bankReport();
    expect(report.risk.basis).toBe('financial');
    expect(report.risk.notice?.code).toBe('financial_company');
    expect(report.risk.ratios.map((ratio) => ratio.key)).toEqual([...FINANCIAL_RISK_RATIOS]);
    // 2022: (396,096.57 − 360,958.31) / 396,096.57 亿元 (its balance sheet, engine/src/testing/icbc.ts).
    const latest = report.risk.years.at(-1);
    expect(latest?.year).toBe(2022);
    expect(latest?.equity_to_assets.value).toBeCloseTo((396096.57 - 360958.31) / 396096.57, 12);
    const spec = historyModuleSpec(report, 'risk');
    expect(spec.notice?.code).toBe('financial_company');
    expect(spec.tables[0]?.rows.map((row) => row.key)).toEqual([...FINANCIAL_RISK_RATIOS]);
    expect(spec.tables[0]?.rows[0]?.texts.at(-1)).toBe('8.87%');
    expect(spec.tables[0]?.rows[0]?.label).toContain('≥4% 达标');
    expect(spec.hints[0]).toBe(FINANCIAL_RISK_HINT);
    expect(spec.charts.map((chart) => chart.benchmarks[0]?.value)).toEqual([0.04, 0.75]);
    expect(JSON.stringify(spec)).not.toContain('≤60% 稳健');
  });

  it('a bank without loans or deposits in its statements says the loan-to-deposit ratio is unavailable', () => {
    const spec = historyModuleSpec(buildCompanyReport(SUMMARY_BANK, undefined, TODAY), 'risk');
    expect(spec.tables[0]?.rows[1]?.texts.every((text) => text === '-')).toBe(true);
    expect(spec.hints).toContain(
      '贷存比（发放贷款及垫款/吸收存款）：报表未列示所需科目（仅有财务摘要的公司，或非银行金融企业），无法计算。',
    );
  });

  it('an industrial company keeps its seven ratios and their bands', () => {
    const report = buildCompanyReport(SAMPLE_COMPANY_BUNDLE, undefined, TODAY);
    expect(report.risk.basis).toBe('industrial');
    expect(report.risk.notice).toBeNull();
    expect(report.risk.ratios.map((ratio) => ratio.key)).toEqual([...RISK_RATIOS]);
  });
});

describe('the bank’s PDF', () => {
  it('prints the notices in place of the FCF sections and the bank measures in 抗风险能力', () => {
    const report = bankReport();
    const docs: RecordingDoc[] = [];
    class Recorder extends RecordingDoc {
      constructor() {
        super();
        docs.push(this);
      }
    }
    buildReportPdf({ jsPDF: Recorder, fontBase64: '' }, report, { generatedAt: new Date('2026-05-01T06:30:05Z') });
    const text = (docs[0]?.pageTexts() ?? [])
      .flat()
      .map((entry) => entry.text)
      .join('')
      .replaceAll(' ', '');
    expect(text).toContain('自由现金流结构不适用于金融企业');
    expect(text).toContain('FCF比率不适用于金融企业');
    expect(text).toContain('权益资产比');
    expect(text).not.toContain('资产负债率（≤60%');
    expect(text).not.toContain('近5年历史自由现金流');
  });
});
