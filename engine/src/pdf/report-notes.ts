import type { CompanyReport } from '../report/company-bundle.ts';
import { formatPercent } from '../report/format.ts';
import { GROWTH_SOURCE, WACC_SOURCE } from '../report/specs/dcf-table-spec.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import { DISCLAIMER } from './report-cover.ts';

/** The paragraphs of '数据来源与说明': where the figures come from, the units, and the formulas. */
function noteParagraphs(report: CompanyReport): { title: string; text: string }[] {
  const { dcf } = report;
  const latest = dcf?.meta.latest_report_year ?? report.financialAnalysis.summary.data_years.at(-1);
  const rates = dcf
    ? {
        wacc: `本报告 WACC 为 ${formatPercent(dcf.wacc)}（${WACC_SOURCE[dcf.meta.wacc_source]}）。`,
        g: `本报告永续增长率 g 为 ${formatPercent(dcf.g)}（${GROWTH_SOURCE[dcf.meta.terminal_growth_source]}）。`,
      }
    : { wacc: '', g: '' };
  return [
    {
      title: '数据来源',
      text:
        `本报告的全部数据取自本平台存储的公司财务报表，即${report.company.name}历年年度报告中的利润表、资产负债表、` +
        `现金流量表及主要财务指标${latest === undefined ? '' : `（最新年报年度：${latest}）`}。预测期为最新年报之后的 5 年，` +
        '预测值由近年的收入增长、成本费用率、折旧摊销率、资本开支率与营运资本周转推算，并叠加平台上人工设定的参数。',
    },
    {
      title: '单位',
      text:
        '金额单位为亿元人民币，股本单位为亿股，每股价值单位为元；比率以百分比表示并保留两位小数，倍数以“倍”表示；' +
        '“-”表示数据缺失或不适用；年份后带“E”的为预测年度。',
    },
    {
      title: '自由现金流（FCF）',
      text:
        '自由现金流 = 税后营业利润（NOPAT）+ 非现金成本（折旧摊销）− 营运资本变动 − 资本开支。其中 NOPAT = 息税前利润' +
        '（EBIT）×（1 − 所得税率）；营运资本增加为现金流出，资本开支与折旧摊销均以正数列示。',
    },
    {
      title: '折现',
      text:
        '第 n 个预测年度的折现系数 = (1 + WACC)^(−n)，n 从 1 起；折现后现金流 = 预测自由现金流 × 折现系数；' +
        `预测期现值合计为各年折现后现金流之和。${rates.wacc}`,
    },
    {
      title: '终值',
      text:
        '终值 = 预测期最后一年自由现金流 × (1 + g) ÷ (WACC − g)（永续增长模型，要求 WACC 高于 g）；终值现值 = 终值 × ' +
        `预测期最后一年的折现系数。${rates.g}`,
    },
    {
      title: '从企业价值到每股价值',
      text:
        '企业价值 = 预测期现值合计 + 终值现值；股权价值 = 企业价值 + 非核心资产 + 现金 − 有息负债 − 少数股东权益；' +
        '每股价值 = 股权价值 ÷ 总股本（缺少总股本时不计算）。非核心资产、现金、有息负债与少数股东权益取自最新年报的资产负债表。' +
        report.fcfEvBasis.note,
    },
  ];
}

export function drawNotes(canvas: PdfCanvas, title: string, report: CompanyReport): void {
  canvas.heading(title, 30);
  for (const note of noteParagraphs(report)) {
    canvas.subheading(note.title, 10);
    canvas.paragraph(note.text, { size: 9, after: 2.5 });
  }
  const limitations = report.dcf?.meta.limitations ?? [];
  if (limitations.length > 0 || !report.dcf) {
    canvas.subheading('数据局限', 10);
    const items = report.dcf ? limitations : [...limitations, `无法完成DCF估值：${report.dcfError ?? '估值参数无效'}`];
    items.forEach((item, index) => {
      canvas.paragraph(`${index + 1}. ${item}`, { size: 9, indent: 2, after: 1.5 });
    });
    canvas.y += 1.5;
  }
  canvas.subheading('免责声明', 10);
  canvas.paragraph(DISCLAIMER.replace(/^免责声明：/, ''), { size: 9, color: COLORS.muted });
}
