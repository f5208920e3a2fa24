import {
  CUSTOM_DCF_TEST_IDS,
  type DcfLineSpec,
  dcfTableSpec,
  formatAmount,
  formatLocalDate,
  formatPercent,
  MARKET_ROWS,
  marginOfSafetyTone,
  marketFigureText,
  quoteDateText,
  type Tone,
  type WhatIfView,
  warningSpecs,
} from '@fcf/engine/report';
import { datedFileName, saveBlob } from '../lib/save-file.ts';
import { drawDcfImage, imageHeight } from './image-draw.ts';

/** Image export constants. */
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
  | { readonly kind: 'parameter'; readonly label: string; readonly value: string; readonly tone: Tone }
  | {
      readonly kind: 'years';
      readonly label: string;
      readonly values: readonly string[];
      readonly tones: readonly Tone[];
    }
  | {
      readonly kind: 'summary';
      readonly label: string;
      readonly value: string;
      readonly tone: Tone;
      readonly how: string;
      readonly key: boolean;
    };

export interface DcfImage {
  readonly title: string;
  readonly subtitle: string;
  readonly years: readonly string[];
  readonly rows: readonly ImageRow[];
  /** The valuation's warnings, printed under the table beside the value per share they qualify. */
  readonly warnings: readonly string[];
}

/** `{company}_DCF估值报告_{YYYY-MM-DD}.png`, without characters file systems refuse. */
export function imageFileName(company: string, date: Date): string {
  return datedFileName(company, 'DCF估值报告', date, 'png');
}

/** Price against value, as on the page (the price with its date), when the company has a quote. */
function marketImageRows(view: WhatIfView): ImageRow[] {
  const { market } = view;
  if (!market) return [];
  return MARKET_ROWS.map((row) => ({
    kind: 'parameter',
    tone: row.key === 'margin_of_safety' ? marginOfSafetyTone(market.margin_of_safety) : 'neutral',
    label: row.key === 'price' ? `${row.label}（${quoteDateText(market)}）` : row.label,
    value: marketFigureText(row, market, { amount: formatAmount, percent: formatPercent }),
  }));
}

const summary = (line: DcfLineSpec): ImageRow => ({
  kind: 'summary',
  label: line.label,
  value: line.text,
  tone: line.tone,
  how: line.how,
  key: line.emphasis,
});

/** The picture's content: the one DCF table's rows and figures, as the page shows them. */
export function dcfImage(view: WhatIfView, date: Date): DcfImage {
  if (!view.dcf) throw new ImageExportError(NO_TABLE_MESSAGE);
  const table = dcfTableSpec(view.dcf, CUSTOM_DCF_TEST_IDS);
  const rows: ImageRow[] = [
    ...table.parameters.map(
      (line): ImageRow => ({ kind: 'parameter', label: line.label, value: line.text, tone: line.tone }),
    ),
    ...table.years.map((row): ImageRow => ({ kind: 'years', label: row.label, values: row.texts, tones: row.tones })),
    ...table.bridge.map(summary),
    ...marketImageRows(view),
  ];
  const { name, code } = view.company;
  return {
    title: `${name}${code ? `（${code}）` : ''} DCF估值报告`,
    subtitle: `生成日期 ${formatLocalDate(date)} · 基于 ${view.latestYear} 年报 · 金额单位：亿元`,
    years: table.columns,
    rows,
    warnings: warningSpecs(view.dcf.warnings).map((warning) => `提示：${warning.text}`),
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
