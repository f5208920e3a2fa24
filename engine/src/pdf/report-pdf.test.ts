import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsPDF } from 'jspdf';
import { afterAll, describe, expect, it } from 'vitest';
import { buildCompanyReport, type CompanyReport } from '../report/company-bundle.ts';
import { formatAmount } from '../report/format.ts';
import type { StatementYear } from '../statements/items.ts';
import { SAMPLE_COMPANY } from '../testing/sample-company.ts';
import { NO_MANUAL_PARAMETERS, type ValuationParameters, WACC_ASSUMPTIONS } from '../valuation/parameters.ts';
import { buildReportPdf, MIN_PDF_BYTES, REPORT_VERSION } from './report-pdf.ts';

/**
 * The real thing end to end: the real jspdf in Node and the real font make the PDF, and poppler reads it
 * back — the text (so the Chinese glyphs are there, not blank boxes) and the pixels of page 1.
 */

const FONT_PATH = new URL('../../../pwa/public/fonts/wqy-microhei-gb2312.ttf', import.meta.url);
const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined;

function sampleReport(parameters: Partial<ValuationParameters> = {}, statements = SAMPLE_COMPANY): CompanyReport {
  return buildCompanyReport({
    company: { code: statements.code, name: statements.name, industry: '制造业' },
    statements,
    parameters: { ...NO_MANUAL_PARAMETERS, wacc_manual: 0.09, ...parameters },
    overrides: {},
    waccAssumptions: WACC_ASSUMPTIONS,
    version: 1,
  });
}

describe.skipIf(!hasPoppler)('buildReportPdf with jspdf and poppler', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fcf-pdf-'));
  const fontBase64 = readFileSync(FONT_PATH).toString('base64');
  const generatedAt = new Date('2026-05-01T06:30:05Z');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const render = (name: string, report: CompanyReport) => {
    const pdf = buildReportPdf({ jsPDF, fontBase64 }, report, { generatedAt, version: REPORT_VERSION });
    const file = join(dir, `${name}.pdf`);
    writeFileSync(file, new Uint8Array(pdf));
    return { pdf, file };
  };
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { encoding: 'buffer' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr.toString()}`);
    return result.stdout;
  };
  // pdftotext drops or adds spaces between CJK glyphs at will: compare without any whitespace.
  const squash = (value: string) => value.replace(/\s+/g, '');
  const text = (file: string) => squash(run('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8'));

  const report = sampleReport();
  const { pdf, file } = render('sample', report);

  it('writes a PDF whose text reads back in Chinese, with the value per share', () => {
    expect(pdf.byteLength).toBeGreaterThan(MIN_PDF_BYTES);
    expect(new TextDecoder().decode(new Uint8Array(pdf, 0, 5))).toBe('%PDF-');
    const content = text(file);
    const perShare = report.dcf?.valuation.value_per_share;
    expect(perShare).toBeGreaterThan(0);
    for (const expected of [
      '自由现金流估值平台',
      '公司财务分析与DCF估值报告',
      '样本公司',
      '000001',
      REPORT_VERSION,
      '2026-05-01 14:30:05',
      '每股价值',
      formatAmount(perShare),
      'ROE-ROIC',
      '盈利能力分析',
      '自由现金流结构',
      '自由现金流比率',
      'DCF估值',
      '敏感性分析',
      '2029E',
      '数据来源与说明',
      '第 1 页',
      // The data date beside the value per share, on the cover and in the DCF section.
      `每股价值基于 ${report.dcf?.meta.latest_report_year} 年报`,
      `数据日期：每股价值基于 ${report.dcf?.meta.latest_report_year} 年报`,
    ]) {
      expect(content).toContain(squash(expected));
    }
  });

  it('has at least 4 A4 pages, each with its page number', () => {
    const info = run('pdfinfo', [file]).toString('utf8');
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(text(file)).toContain(`第${pages}页/共${pages}页`);
  });

  it('draws the cover text as real glyphs (dark pixels where the title and company name are)', () => {
    const pgm = run('pdftoppm', ['-r', '40', '-gray', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'cover')]);
    expect(pgm.length).toBe(0);
    const image = readFileSync(join(dir, 'cover.pgm'));
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.subarray(0, 32).toString('latin1'));
    expect(header).not.toBeNull();
    const [whole, width, height] = [header?.[0] ?? '', Number(header?.[1]), Number(header?.[2])];
    const pixels = image.subarray(whole.length);
    expect(pixels.length).toBe(width * height);
    // Below the coloured band: the report title, the company name and code, all text (75–130 mm).
    const mm = height / 297;
    let dark = 0;
    for (let row = Math.round(75 * mm); row < Math.round(130 * mm); row++) {
      for (let column = 0; column < width; column++) if ((pixels[row * width + column] ?? 255) < 200) dark++;
    }
    // About 1,400 with the glyphs drawn; about 140 (the rule and the digits) when Chinese prints blank.
    expect(dark).toBeGreaterThan(600);
  });

  it('explains a DCF that cannot be made, and keeps the history modules', () => {
    const failed = sampleReport({ wacc_manual: 0.01, terminal_growth_rate_manual: 0.02 });
    expect(failed.dcf).toBeNull();
    const content = text(render('no-dcf', failed).file);
    expect(content).toContain('无法完成DCF估值');
    expect(content).toContain('盈利能力分析');
    expect(content).toContain('数据来源与说明');
  });

  it('lists the data limitations in the notes', () => {
    const withoutCashFlow: Record<number, StatementYear> = {};
    for (const [year, values] of Object.entries(SAMPLE_COMPANY.years)) {
      const {
        depreciation_fixed_assets,
        amortization_intangible_assets,
        Cash_Paid_For_Acquisition_Assets,
        operating_cash_flow,
        ...rest
      } = values;
      withoutCashFlow[Number(year)] = rest;
    }
    const limited = sampleReport({}, { ...SAMPLE_COMPANY, years: withoutCashFlow });
    expect(limited.dcf?.meta.limitations.length).toBeGreaterThan(0);
    const content = text(render('limited', limited).file);
    expect(content).toContain('数据局限');
    expect(content).toContain('缺少现金流量表');
  });
});
