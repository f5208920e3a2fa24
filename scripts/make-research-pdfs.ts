/**
 * Writes the sample research PDFs of fixtures/research/ and their manifest (`npx tsx
 * scripts/make-research-pdfs.ts`): a few short reports with Chinese titles, drawn with jspdf and the
 * GB2312 subset of wqy-microhei (a TrueType font, so the Chinese text is real, selectable text). The server
 * seeds them, with their categories, into an empty database (sync-server/src/seed/seed-fixtures.ts).
 *
 * The figures in them are illustrative sample text for the demo, not research.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jsPDF } from 'jspdf';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'fixtures', 'research');
const FONT_FILE = 'wqy-microhei-gb2312.ttf';
const FONT = 'wqy';

interface Bar {
  readonly label: string;
  readonly value: number;
}

interface SampleReport {
  readonly title: string;
  readonly category: string | null;
  readonly uploadTime: string;
  readonly subtitle: string;
  readonly paragraphs: readonly string[];
  /** A small bar chart on page 1. */
  readonly chart: { readonly caption: string; readonly unit: string; readonly bars: readonly Bar[] };
  /** A second page, when the report has one. */
  readonly pageTwo?: readonly string[];
}

const REPORTS: readonly SampleReport[] = [
  {
    title: '家电行业2024年度研究报告',
    category: '行业研究',
    uploadTime: '2025-03-18T09:30:00+08:00',
    subtitle: '行业研究 · 家用电器 · 2025年3月',
    paragraphs: [
      '核心观点：2024年家电行业收入稳健增长，龙头企业凭借渠道与供应链优势持续提升份额，经营性现金流充沛。',
      '内销方面，以旧换新政策带动空调、冰箱、洗衣机更新需求；外销方面，新兴市场需求恢复，出口额保持增长。',
      '自由现金流视角：龙头企业资本开支占收入比重稳定在3%左右，营运资本对上游形成占款，FCF转化率较高。',
    ],
    chart: {
      caption: '图1 主要家电品类2024年零售额同比增速（示例数据）',
      unit: '%',
      bars: [
        { label: '空调', value: 8.2 },
        { label: '冰箱', value: 5.6 },
        { label: '洗衣机', value: 4.1 },
        { label: '厨电', value: 2.3 },
      ],
    },
    pageTwo: [
      '风险提示：原材料价格大幅波动；海外需求不及预期；行业竞争加剧导致价格战。',
      '估值方法：采用FCFF两阶段模型，预测期5年，永续增长率2%，WACC取8%左右。',
      '声明：本报告为平台示例文件，数据仅用于演示，不构成投资建议。',
    ],
  },
  {
    title: '白色家电龙头自由现金流对比',
    category: '公司深度',
    uploadTime: '2025-04-02T14:05:00+08:00',
    subtitle: '公司深度 · 美的集团 / 格力电器 / 海尔智家',
    paragraphs: [
      '本报告比较三家白色家电龙头2020—2024年的自由现金流（FCF = NOPAT + 非现金成本 − 营运资本变动 − 资本开支）。',
      '三家公司FCF均为正且稳定，其中营运资本变动对FCF的贡献差异最大，反映了对经销商与供应商的议价能力。',
      '以FCF/归母净利润衡量盈利质量，三家公司多数年份高于1倍的基准线。',
    ],
    chart: {
      caption: '图1 2024年自由现金流（亿元，示例数据）',
      unit: '亿元',
      bars: [
        { label: '美的', value: 420 },
        { label: '格力', value: 310 },
        { label: '海尔', value: 180 },
      ],
    },
  },
  {
    title: '电力行业资本开支周期分析',
    category: '行业研究',
    uploadTime: '2025-05-20T10:15:00+08:00',
    subtitle: '行业研究 · 电力 · 2025年5月',
    paragraphs: [
      '电力行业属于重资产行业，资本开支周期决定了自由现金流的波动：投产高峰期FCF为负，运营期FCF转正。',
      '水电资产折旧年限长、运营成本低，进入运营期后FCF稳定；火电受燃料成本影响，FCF波动较大。',
      '新能源装机加速，行业整体资本开支维持高位，需关注负债率与利息覆盖。',
    ],
    chart: {
      caption: '图1 行业资本开支/收入（%，示例数据）',
      unit: '%',
      bars: [
        { label: '2020', value: 28 },
        { label: '2021', value: 31 },
        { label: '2022', value: 35 },
        { label: '2023', value: 33 },
        { label: '2024', value: 30 },
      ],
    },
    pageTwo: [
      '结论：资本开支回落阶段，电力公司FCF有望改善，分红能力提升。',
      '声明：本报告为平台示例文件，数据仅用于演示，不构成投资建议。',
    ],
  },
  {
    title: '自由现金流估值方法说明',
    category: null,
    uploadTime: '2025-01-10T16:40:00+08:00',
    subtitle: '方法说明 · 未分类示例',
    paragraphs: [
      '企业自由现金流（FCFF）= 税后经营利润 + 折旧摊销 − 营运资本增加 − 资本开支。',
      '企业价值 = 预测期FCF现值之和 + 终值现值；股权价值 = 企业价值 + 非核心资产 + 现金 − 有息负债 − 少数股东权益。',
      '终值 = 末年FCF × (1 + g) / (WACC − g)，并以第5年的折现因子折现。',
    ],
    chart: {
      caption: '图1 企业价值构成（示例数据，%）',
      unit: '%',
      bars: [
        { label: '预测期', value: 35 },
        { label: '终值', value: 65 },
      ],
    },
  },
];

const MARGIN = 20;
const PAGE_WIDTH = 210;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

function drawChart(doc: jsPDF, chart: SampleReport['chart'], top: number): number {
  const height = 50;
  const max = Math.max(...chart.bars.map((bar) => bar.value));
  const slot = TEXT_WIDTH / chart.bars.length;
  doc.setDrawColor(160, 160, 160);
  doc.line(MARGIN, top + height, MARGIN + TEXT_WIDTH, top + height);
  chart.bars.forEach((bar, index) => {
    const barHeight = (bar.value / max) * (height - 10);
    const x = MARGIN + index * slot + slot * 0.25;
    doc.setFillColor(31, 78, 140);
    doc.rect(x, top + height - barHeight, slot * 0.5, barHeight, 'F');
    doc.setFontSize(9);
    doc.setTextColor(60, 60, 60);
    doc.text(`${bar.value}${chart.unit === '%' ? '%' : ''}`, x + slot * 0.25, top + height - barHeight - 2, {
      align: 'center',
    });
    doc.text(bar.label, x + slot * 0.25, top + height + 5, { align: 'center' });
  });
  doc.setFontSize(9);
  doc.text(chart.caption, MARGIN, top + height + 12);
  return top + height + 18;
}

function paragraphs(doc: jsPDF, lines: readonly string[], top: number): number {
  let y = top;
  doc.setFontSize(11);
  doc.setTextColor(30, 30, 30);
  for (const paragraph of lines) {
    const wrapped = doc.splitTextToSize(paragraph, TEXT_WIDTH) as string[];
    doc.text(wrapped, MARGIN, y);
    y += wrapped.length * 6 + 4;
  }
  return y;
}

function makePdf(report: SampleReport, fontBase64: string): Uint8Array {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(FONT_FILE, fontBase64);
  doc.addFont(FONT_FILE, FONT, 'normal');
  doc.setFont(FONT, 'normal');
  doc.setProperties({ title: report.title, subject: report.subtitle, author: '自由现金流估值平台（示例）' });
  // Fixed date and file id, so running the script again writes the same bytes.
  doc.setCreationDate(new Date(report.uploadTime));
  doc.setFileId(createHash('md5').update(report.title).digest('hex').toUpperCase());
  // Page 1: title, subtitle, text and a chart.
  doc.setFillColor(31, 78, 140);
  doc.rect(0, 0, PAGE_WIDTH, 8, 'F');
  doc.setFontSize(20);
  doc.setTextColor(31, 78, 140);
  doc.text(report.title, MARGIN, 30);
  doc.setFontSize(11);
  doc.setTextColor(110, 110, 110);
  doc.text(report.subtitle, MARGIN, 40);
  doc.setDrawColor(31, 78, 140);
  doc.line(MARGIN, 45, MARGIN + TEXT_WIDTH, 45);
  const y = paragraphs(doc, report.paragraphs, 56);
  drawChart(doc, report.chart, y + 4);
  if (report.pageTwo) {
    doc.addPage();
    doc.setFontSize(14);
    doc.setTextColor(31, 78, 140);
    doc.text('结论与风险提示', MARGIN, 25);
    paragraphs(doc, report.pageTwo, 38);
  }
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFontSize(8);
    doc.setTextColor(140, 140, 140);
    doc.text(`示例研究报告 · 第 ${page} 页 / 共 ${pages} 页`, PAGE_WIDTH / 2, 287, { align: 'center' });
  }
  return new Uint8Array(doc.output('arraybuffer'));
}

function main(): void {
  const fontBase64 = readFileSync(path.join(ROOT, 'pwa', 'public', 'fonts', FONT_FILE)).toString('base64');
  const categories = [...new Set(REPORTS.map((report) => report.category).filter((name) => name !== null))];
  const files = REPORTS.map((report) => {
    const filename = `${report.title}.pdf`;
    const bytes = makePdf(report, fontBase64);
    writeFileSync(path.join(OUT_DIR, filename), bytes);
    console.log(`${filename}: ${bytes.length} bytes`);
    return { filename, category: report.category, upload_time: report.uploadTime };
  });
  writeFileSync(path.join(OUT_DIR, 'research.json'), `${JSON.stringify({ categories, files }, null, 2)}\n`);
}

main();
