import { type CompanyStatements, NO_MANUAL_PARAMETERS, type ValuationParameters, WACC_ASSUMPTIONS } from '@fcf/engine';
import { buildReportPdf } from '@fcf/engine/pdf';
import {
  buildCompanyReport,
  type CompanyReport,
  industryComparisonView,
  industryStatisticsOf,
  REPORT_MODULE_PATHS,
  REPORT_MODULE_TITLES,
  type Rgb,
  TONE_RGB,
} from '@fcf/engine/report';
import { afterEach, describe, expect, it } from 'vitest';
import { readPdfTables } from '../../../engine/src/pdf/testing/read-tables.ts';
import { RecordingDoc } from '../../../engine/src/pdf/testing/recording-doc.ts';
import { ANGEL_YEAST } from '../../../engine/src/testing/angel-yeast.ts';
import { SAMPLE_COMPANY } from '../../../engine/src/testing/sample-company.ts';
import { mount, resizeTo, unmountAll } from '../testing/dom.tsx';
import { ReportModules } from './ReportModules.tsx';
import { readScreenTables } from './testing/read-screen-tables.ts';

/**
 * The page and the PDF draw the same specs: every table the report page shows (jsdom, desktop width, so
 * no year is trimmed) appears in the PDF with the same caption, header, row labels, order and figures,
 * each figure in the same tone (red rise, green fall).
 * The PDF is recorded as jsPDF calls and its tables read back from the lines and text it drew.
 */

function report(statements: CompanyStatements, parameters: Partial<ValuationParameters> = {}): CompanyReport {
  return buildCompanyReport({
    company: { code: statements.code, name: statements.name, industry: '制造业' },
    statements,
    parameters: { ...NO_MANUAL_PARAMETERS, ...parameters },
    overrides: {},
    waccAssumptions: WACC_ASSUMPTIONS,
    version: 1,
  });
}

/** The sample company priced (with 股息率), with year-end quotes and its industry: every section has figures. */
function pricedReport(): CompanyReport {
  const base = report(SAMPLE_COMPANY, { wacc_manual: 0.09 });
  const peer = (code: string, roe: number, pe: number) => ({
    code,
    name: `公司${code}`,
    year: 2024,
    revenue: 100,
    financial: false,
    roe,
    roic: roe,
    gross_margin: 0.4,
    net_margin: 0.1,
    revenue_growth: 0.25,
    debt_to_assets: 0.5,
    pe,
    pb: 2,
    margin_of_safety: 0.1,
  });
  const peers = [peer('000001', 0.15, 20), peer('000002', 0.1, 15), peer('000003', 0.2, 30)];
  return buildCompanyReport(
    {
      company: base.company,
      statements: SAMPLE_COMPANY,
      parameters: { ...NO_MANUAL_PARAMETERS, wacc_manual: 0.09 },
      overrides: {},
      waccAssumptions: WACC_ASSUMPTIONS,
      industry_comparison: industryComparisonView(
        { code: '000001', industry: '制造业' },
        peers[0] ?? null,
        industryStatisticsOf('制造业', peers),
      ),
      year_end_quotes: [
        { date: '2023-12-29', price: 23, market_cap: 230, shares: null },
        { date: '2024-12-31', price: 29, market_cap: 290, shares: null },
      ],
      version: 1,
    },
    {
      quote: { price: 29, date: '2024-12-31', market_cap: 290, shares: null, dividend_yield: 0.031 },
      today: '2025-01-02',
    },
  );
}

const COMPANIES: readonly [string, CompanyReport][] = [
  ['the sample company priced, with year-end quotes and its industry', pricedReport()],
  ['安琪酵母 (published 2018–2019 figures, model WACC)', report(ANGEL_YEAST)],
  ['the sample company at a manual WACC of 9%', report(SAMPLE_COMPANY, { wacc_manual: 0.09 })],
  ['the sample company without a share count', report(SAMPLE_COMPANY, { wacc_manual: 0.09, total_shares_manual: 0 })],
];

const sameRgb = (a: Rgb, b: Rgb) => a.every((channel, index) => channel === b[index]);
/** A PDF text colour as the colour rule names it. */
const toneOfRgb = (rgb: Rgb) =>
  sameRgb(rgb, TONE_RGB.rise) ? 'rise' : sameRgb(rgb, TONE_RGB.fall) ? 'fall' : 'neutral';

/** The PDF draws wrapped lines without the space it broke at; compare the words, not the spacing. */
const squeeze = (text: string | null) => (text ?? '').replace(/\s+/g, '');
interface ReadTable {
  readonly caption: string | null;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}
const squeezed = (table: ReadTable) => ({
  caption: squeeze(table.caption),
  header: table.header.map(squeeze),
  rows: table.rows.map((row) => row.map(squeeze)),
});

function pdfTables(company: CompanyReport) {
  let recorded: RecordingDoc | null = null;
  class Recorder extends RecordingDoc {
    constructor() {
      super();
      recorded = this;
    }
  }
  buildReportPdf({ jsPDF: Recorder, fontBase64: '' }, company, { generatedAt: new Date('2026-05-01T06:30:05Z') });
  if (!recorded) throw new Error('the PDF made no document');
  return readPdfTables((recorded as RecordingDoc).ops).map((table) => ({
    ...squeezed(table),
    tones: table.colors.map((row) => row.map(toneOfRgb)),
  }));
}

function screenTables(company: CompanyReport) {
  const modules = REPORT_MODULE_PATHS.map((path) => ({ path, name: REPORT_MODULE_TITLES[path] }));
  const state = { status: 'ready', company: company.company.name, report: company, stale: false } as const;
  const { container } = mount(
    <ReportModules state={state} modules={modules} onReload={() => {}} onOpenCustom={() => {}} onPick={() => {}} />,
  );
  return readScreenTables(container).map((table) => ({ ...squeezed(table), tones: table.tones }));
}

afterEach(() => unmountAll());

describe('the report page and its PDF', () => {
  it.each(COMPANIES)('show the same tables for %s', (_, company) => {
    resizeTo(1280);
    const screen = screenTables(company);
    // The PDF's 价格与价值 block is the page's header (above the modules), not a module: compared elsewhere.
    const pdf = pdfTables(company).filter((table) => !table.caption.startsWith('行情日期：'));
    expect(screen.length).toBeGreaterThanOrEqual(3);
    expect(pdf.map((table) => table.caption)).toEqual(screen.map((table) => table.caption));
    screen.forEach((table, index) => {
      expect(pdf[index]).toEqual(table);
    });
    // The figures that are changes (growth rates, ΔOWC, ROE − ROIC) are coloured, on both sides alike.
    expect(screen.flatMap((table) => table.tones.flat()).filter((tone) => tone !== 'neutral').length).toBeGreaterThan(
      0,
    );
  });
});
