import type { CompanyReport } from '../report/company-bundle.ts';
import {
  MARKET_ROWS,
  type MarginTone,
  marginOfSafetyTone,
  marketFigureText,
  quoteDateText,
} from '../report/market-rows.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import type { Rgb } from './pdf-doc.ts';
import { formatAmount, formatPercent } from './pdf-format.ts';
import { drawTable } from './pdf-tables.ts';

const FORMATS = { amount: formatAmount, percent: formatPercent };

/** A-share colours of the margin of safety (red up, green down), as the screens show it. */
const TONE_COLORS: Readonly<Record<MarginTone, Rgb>> = { up: COLORS.danger, down: [46, 125, 50], flat: COLORS.text };

/** 价格与价值: the same figures as the report header, above the DCF (nothing when there is no quote). */
export function drawPriceAgainstValue(canvas: PdfCanvas, report: CompanyReport): void {
  const { market } = report;
  if (!market) return;
  canvas.subheading('价格与价值', 30);
  drawTable(canvas, {
    caption: `行情日期：${quoteDateText(market)}；安全边际 = 每股价值 ÷ 现价 − 1；EV/EBIT 按市值加净负债计算的市场EV`,
    columns: MARKET_ROWS.map(() => ({ weight: 1, align: 'center' as const })),
    header: MARKET_ROWS.map((row) => row.label),
    rows: [
      {
        cells: MARKET_ROWS.map((row) => ({
          text: marketFigureText(row, market, FORMATS),
          color: TONE_COLORS[row.key === 'margin_of_safety' ? marginOfSafetyTone(market.margin_of_safety) : 'flat'],
        })),
      },
    ],
    fontSize: 8,
  });
}
