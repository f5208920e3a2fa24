import type { CompanyReport } from '../report/company-bundle.ts';
import { formatAmount, formatPercent } from '../report/format.ts';
import { MARKET_ROWS, marginOfSafetyTone, marketFigureText, quoteDateText } from '../report/market-rows.ts';
import { TONE_RGB, type Tone } from '../report/tone.ts';
import { COLORS, type PdfCanvas } from './pdf-canvas.ts';
import type { Rgb } from './pdf-doc.ts';
import { drawTable } from './pdf-tables.ts';

const FORMATS = { amount: formatAmount, percent: formatPercent };

const toneColor = (tone: Tone): Rgb => (tone === 'neutral' ? COLORS.text : TONE_RGB[tone]);

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
          color: toneColor(row.key === 'margin_of_safety' ? marginOfSafetyTone(market.margin_of_safety) : 'neutral'),
        })),
      },
    ],
    fontSize: 8,
  });
}
