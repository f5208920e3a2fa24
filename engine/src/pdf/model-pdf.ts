import { formatAmount, formatPercent, formatWithUnit } from '../report/format.ts';
import { modelValueText } from '../report/model-format.ts';
import type { LeverView, ModelWhatIfView } from '../report/model-what-if.ts';
import { NOT_APPLICABLE } from '../report/specs/warnings-spec.ts';
import { COLORS, PAGE, PdfCanvas } from './pdf-canvas.ts';
import type { ReportPdfDeps } from './pdf-doc.ts';
import { drawTable } from './pdf-tables.ts';
import { REPORT_FONT_FILE, REPORT_FONT_NAME } from './report-constants.ts';
import { PLATFORM_NAME } from './report-cover.ts';

/**
 * The custom page's story model or excess-return valuation as a PDF (A4 portrait): the result, every lever
 * with where it comes from, the model's table year by year, its key figures and formulas. Pure: the caller
 * passes jspdf's class and the font, as for the report.
 */

/**
 * The report font (GB2312) has no en dash, subscripts or superscripts, which the range table's labels and
 * the formulas use ('第1–5年', 'ROEₜ', '(1 + Ke)⁻ᵗ'): they are drawn as the plain characters they stand for.
 */
const PLAIN: Readonly<Record<string, string>> = {
  '–': '-',
  ₜ: 't',
  '₋': '-',
  '₀': '0',
  '₁': '1',
  '₅': '5',
  '₆': '6',
  ᵗ: '^t',
  '⁻': '^-',
  ᴺ: '^N',
};
const NOT_IN_FONT = new RegExp(`[${Object.keys(PLAIN).join('')}]`, 'gu');
const plain = (value: string) => value.replace(NOT_IN_FONT, (char) => PLAIN[char] ?? char);

/** A canvas that draws every text in characters the font has. */
class PlainCanvas extends PdfCanvas {
  override text(value: string, x: number, y: number, style?: Parameters<PdfCanvas['text']>[3]): void {
    super.text(plain(value), x, y, style);
  }
  override wrap(value: string, size: number, maxWidth: number): string[] {
    return super.wrap(plain(value), size, maxWidth);
  }
}

export interface ModelPdfOptions {
  readonly generatedAt: Date;
}

/** A lever's value as the PDF prints it: percent, whole years, or the amount with its unit. */
function leverText(lever: LeverView): string {
  if (lever.value === null) return '-';
  if (lever.rule.percent) return formatPercent(lever.value);
  if (lever.rule.integer) return `${Math.round(lever.value)} 年`;
  return `${formatAmount(lever.value)} ${lever.unit}`;
}

function drawLevers(canvas: PdfCanvas, view: ModelWhatIfView): void {
  for (const group of view.groups) {
    canvas.subheading(group.title, 20);
    drawTable(canvas, {
      columns: [
        { weight: 2.2, align: 'left' },
        { weight: 1.3, align: 'right' },
        { weight: 4, align: 'left' },
      ],
      header: [{ text: '参数', align: 'left' }, '取值', { text: '来源', align: 'left' }],
      rows: group.levers.map((lever) => ({
        cells: [lever.label, leverText(lever), { text: lever.basis, color: COLORS.muted }],
        ...(lever.manual ? { fill: COLORS.keyFill } : {}),
      })),
    });
  }
}

function drawResult(canvas: PdfCanvas, view: ModelWhatIfView): void {
  const { result } = view;
  if (!result) {
    canvas.paragraph(`无法估值：${view.error ?? ''}`, { color: COLORS.danger, after: 4 });
    return;
  }
  const perShare = result.value_per_share === null ? NOT_APPLICABLE : formatWithUnit('yuan', result.value_per_share);
  const margin = view.marginOfSafety === null ? '' : `，安全边际 ${formatPercent(view.marginOfSafety)}`;
  canvas.paragraph(`每股价值 ${perShare}${margin}`, { size: 13, after: 1 });
  canvas.paragraph(
    `股权价值 ${formatWithUnit('amount', result.equity_value)}；总股本 ${result.shares === null ? '未知' : formatWithUnit('shares', result.shares)}（${view.sharesSource ?? ''}）`,
    { size: 9, color: COLORS.muted },
  );
  for (const warning of result.warnings) {
    canvas.paragraph(`提示：${warning.message}`, { size: 8.5, color: COLORS.amber, after: 1 });
  }
}

function drawModelTable(canvas: PdfCanvas, view: ModelWhatIfView): void {
  const { result } = view;
  if (!result) return;
  canvas.subheading('逐年计算（金额单位：亿元）', 60);
  drawTable(canvas, {
    fontSize: 6.5,
    columns: [{ weight: 3, align: 'left' }, ...result.columns.map(() => ({ weight: 1.2, align: 'right' as const }))],
    header: [{ text: '项目', align: 'left' }, ...result.columns],
    rows: result.rows.map((row) => ({
      cells: [row.label, ...row.values.map((value) => modelValueText(row.unit, value))],
    })),
  });
  drawTable(canvas, {
    columns: [
      { weight: 3, align: 'left' },
      { weight: 2, align: 'right' },
    ],
    header: [{ text: '关键数字', align: 'left' }, '取值'],
    rows: result.figures.map((figure) => ({ cells: [figure.label, modelValueText(figure.unit, figure.value)] })),
  });
}

export function buildModelPdf(deps: ReportPdfDeps, view: ModelWhatIfView, options: ModelPdfOptions): ArrayBuffer {
  const doc = new deps.jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  doc.addFileToVFS(REPORT_FONT_FILE, deps.fontBase64);
  doc.addFont(REPORT_FONT_FILE, REPORT_FONT_NAME, 'normal');
  doc.setFont(REPORT_FONT_NAME, 'normal');
  const who = view.company.code ? `${view.company.name}（${view.company.code}）` : view.company.name;
  doc.setProperties({ title: `${view.company.name} ${view.name}`, subject: view.name, author: PLATFORM_NAME });
  const canvas = new PlainCanvas(doc, REPORT_FONT_NAME);
  canvas.heading(`${who} · ${view.name}`, 30);
  canvas.paragraph(`${view.description}。生成于 ${options.generatedAt.toISOString().slice(0, 10)}。`, {
    size: 9,
    color: COLORS.muted,
  });
  drawResult(canvas, view);
  drawLevers(canvas, view);
  drawModelTable(canvas, view);
  canvas.subheading('公式', 30);
  for (const formula of view.formulas)
    canvas.paragraph(`${formula.label}：${formula.formula}`, { size: 8.5, after: 1 });
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    canvas.text(`${PLATFORM_NAME} · ${who} · 仅供研究参考，不构成投资建议`, PAGE.marginX, PAGE.height - 10, {
      size: 7.5,
      color: COLORS.muted,
    });
    canvas.text(`第 ${page} 页 / 共 ${pages} 页`, PAGE.width - PAGE.marginX, PAGE.height - 10, {
      size: 7.5,
      color: COLORS.muted,
      align: 'right',
    });
  }
  return doc.output('arraybuffer');
}
