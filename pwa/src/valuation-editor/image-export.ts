import { MARKET_ROWS, marketFigureText, quoteDateText, type WhatIfView } from '@fcf/engine/report';
import { formatAmount, formatPercent } from '../lib/format.ts';
import { dcfSummaryRows, dcfYearLabels, dcfYearRows } from './dcf-rows.ts';
import { drawDcfImage, imageHeight } from './image-draw.ts';

/** Image export constants of public-side §9. */
export const IMAGE_WIDTH = 1400;
const IMAGE_SCALE = 2.5;
const IMAGE_QUALITY = 0.95;

export const IMAGE_FAILED_MESSAGE = '图片下载失败';
export const NO_TABLE_MESSAGE = '未找到估值结果表格，请确保页面已完全加载';

/** A failure to tell the reader as is (the other failures all read '图片下载失败'). */
export class ImageExportError extends Error {
  override readonly name = 'ImageExportError';
}

export type ImageRow =
  | { readonly kind: 'parameter'; readonly label: string; readonly value: string }
  | { readonly kind: 'years'; readonly label: string; readonly values: readonly string[] }
  | {
      readonly kind: 'summary';
      readonly label: string;
      readonly value: string;
      readonly how: string;
      readonly key: boolean;
    };

export interface DcfImage {
  readonly title: string;
  readonly subtitle: string;
  readonly years: readonly string[];
  readonly rows: readonly ImageRow[];
}

/** YYYY-MM-DD in the reader's time zone: the day they saved it. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `{company}_DCF估值报告_{YYYY-MM-DD}.png`, without characters file systems refuse. */
export function imageFileName(company: string, date: Date): string {
  const safe = company.replace(/[\\/:*?"<>|]/g, '_').trim() || '公司';
  return `${safe}_DCF估值报告_${localDate(date)}.png`;
}

/** Price against value, as on the page (the price with its date), when the company has a quote. */
function marketImageRows(view: WhatIfView): ImageRow[] {
  const { market } = view;
  if (!market) return [];
  return MARKET_ROWS.map((row) => ({
    kind: 'parameter',
    label: row.key === 'price' ? `${row.label}（${quoteDateText(market)}）` : row.label,
    value: marketFigureText(row, market, { amount: formatAmount, percent: formatPercent }),
  }));
}

/** The picture's content: the DCF result table's rows and figures, as the page shows them. */
export function dcfImage(view: WhatIfView, date: Date): DcfImage {
  const { dcf } = view;
  if (!dcf) throw new ImageExportError(NO_TABLE_MESSAGE);
  const shares = view.params.effective_values.total_shares;
  const rows: ImageRow[] = [
    { kind: 'parameter', label: 'WACC', value: formatPercent(dcf.wacc) },
    { kind: 'parameter', label: '永续增长率 g', value: formatPercent(dcf.g) },
    { kind: 'parameter', label: '总股本（亿股）', value: shares > 0 ? formatAmount(shares) : '-' },
    ...dcfYearRows(dcf).map((row): ImageRow => ({ kind: 'years', label: row.label, values: row.values })),
    ...dcfSummaryRows(dcf).map(
      (row): ImageRow => ({ kind: 'summary', label: row.label, value: row.value, how: row.how, key: !!row.key }),
    ),
    ...marketImageRows(view),
  ];
  const { name, code } = view.company;
  return {
    title: `${name}${code ? `（${code}）` : ''} DCF估值报告`,
    subtitle: `生成日期 ${localDate(date)} · 基于 ${view.latestYear} 年报 · 金额单位：亿元`,
    years: dcfYearLabels(dcf),
    rows,
  };
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('toBlob returned no image'))),
      'image/png',
      IMAGE_QUALITY,
    );
  });
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Safari starts the download asynchronously: revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Draws the DCF result table onto a canvas (1400 CSS px at 2.5×) and downloads it as PNG. Throws
 * ImageExportError with the message to show.
 */
export async function exportDcfImage(view: WhatIfView | null, date = new Date()): Promise<string> {
  if (!view) throw new ImageExportError(NO_TABLE_MESSAGE);
  const image = dcfImage(view, date);
  try {
    const canvas = document.createElement('canvas');
    const height = imageHeight(image);
    canvas.width = Math.round(IMAGE_WIDTH * IMAGE_SCALE);
    canvas.height = Math.round(height * IMAGE_SCALE);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('canvas 2d context unavailable');
    context.scale(IMAGE_SCALE, IMAGE_SCALE);
    drawDcfImage(context, image, IMAGE_WIDTH);
    const fileName = imageFileName(view.company.name, date);
    saveBlob(await canvasBlob(canvas), fileName);
    return fileName;
  } catch (error) {
    console.error('DCF image export failed', error);
    throw new ImageExportError(IMAGE_FAILED_MESSAGE);
  }
}
