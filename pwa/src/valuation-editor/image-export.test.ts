import { formatAmount, formatLocalDate, formatPercent, NO_WHAT_IF, whatIfView } from '@fcf/engine/report';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawDcfImage, imageHeight } from './image-draw.ts';
import {
  dcfImage,
  exportDcfImage,
  IMAGE_FAILED_MESSAGE,
  IMAGE_WIDTH,
  imageFileName,
  NO_TABLE_MESSAGE,
} from './image-export.ts';
import { sampleBundle } from './testing/sample-bundle.ts';

const DAY = new Date(2025, 2, 7, 23, 30);
const view = whatIfView(sampleBundle(), NO_WHAT_IF);

afterEach(() => vi.restoreAllMocks());

describe('image file name', () => {
  it('is {company}_DCF估值报告_{YYYY-MM-DD}.png in local time', () => {
    expect(formatLocalDate(DAY)).toBe('2025-03-07');
    expect(imageFileName('美的集团', DAY)).toBe('美的集团_DCF估值报告_2025-03-07.png');
  });

  it('replaces characters a file system refuses', () => {
    expect(imageFileName('A/B:C*', DAY)).toBe('A_B_C__DCF估值报告_2025-03-07.png');
  });
});

describe('the drawn rows', () => {
  it('are the DCF result table’s rows, in order', () => {
    const image = dcfImage(view, DAY);
    expect(image.title).toBe('样本公司（000001） DCF估值报告');
    expect(image.subtitle).toContain('2025-03-07');
    expect(image.years).toEqual(['2025E', '2026E', '2027E', '2028E', '2029E']);
    // The bridge lists each claim and asset of the latest balance sheet (the engine's bridge lines).
    const bridge = (view.dcf?.bridge ?? []).slice(1).map((line) => `${line.label}（亿元）`);
    expect(image.rows.map((row) => row.label)).toEqual([
      'WACC',
      '永续增长率 g',
      '总股本（亿股）',
      '预测自由现金流（亿元）',
      '折现系数',
      '折现后自由现金流（亿元）',
      '预测期现值合计（亿元）',
      '终值（亿元）',
      '终值现值（亿元）',
      '企业价值（亿元）',
      ...bridge,
      '股权价值（亿元）',
      '每股价值（元）',
    ]);
  });

  it('carry the valuation’s warnings under the table', () => {
    expect(dcfImage(view, DAY).warnings).toEqual((view.dcf?.warnings ?? []).map((w) => `提示：${w.message}`));
  });

  it('carry the figures the page shows', () => {
    const rows = dcfImage(view, DAY).rows;
    const perShare = rows.at(-1);
    expect(perShare).toMatchObject({ kind: 'summary', key: true });
    expect(perShare?.kind === 'summary' && perShare.value).toBe(formatAmount(view.dcf?.valuation.value_per_share));
    expect(rows[0]).toEqual({ kind: 'parameter', label: 'WACC', value: '6.98%', tone: 'neutral' });
    const fcf = rows[3];
    expect(fcf?.kind === 'years' && fcf.values).toEqual(view.dcf?.forecast.map((row) => formatAmount(row.fcf)));
  });

  it('carry price against value when the company has a quote', () => {
    const priced = whatIfView(sampleBundle(), NO_WHAT_IF, undefined, {
      quote: { price: 20, date: '2025-03-06', market_cap: 200, shares: 10 },
      today: '2025-03-07',
    });
    const rows = dcfImage(priced, DAY).rows.slice(-8);
    expect(rows.map((row) => row.label)).toEqual([
      '现价（2025-03-06）',
      '总市值',
      '每股价值',
      '安全边际',
      '市盈率 P/E',
      '市净率 P/B',
      'FCFF收益率（市场EV）',
      'EV/EBIT（市场EV）',
    ]);
    expect(rows[0]).toEqual({ kind: 'parameter', label: '现价（2025-03-06）', value: '20.00 元', tone: 'neutral' });
    const margin = (priced.market?.value_per_share ?? 0) / 20 - 1;
    expect(rows[3]).toMatchObject({ value: formatPercent(margin), tone: margin > 0 ? 'rise' : 'fall' });
  });

  it('carry the range, the rating and the verdict when the company has them, as 估值与股息 lists them', () => {
    const range = {
      weighted_value: 21.5,
      p10: 15,
      p50: 21,
      p90: 28,
      draws: 10_000,
      rating: '中' as const,
      required_margin: 0.3,
      verdict: '合理' as const,
      basis: '…',
    };
    const rows = dcfImage(view, DAY, range).rows.slice(-3);
    expect(rows).toEqual([
      { kind: 'parameter', label: '价值区间（P10–P90）', value: '15.00–28.00 元', tone: 'neutral' },
      { kind: 'parameter', label: '不确定性评级', value: `中（要求安全边际 ${formatPercent(0.3)}）`, tone: 'neutral' },
      { kind: 'parameter', label: '结论', value: '合理', tone: 'neutral' },
    ]);
    expect(dcfImage(view, DAY, null).rows).toEqual(dcfImage(view, DAY).rows);
  });

  it('refuse a state with no valuation', () => {
    const invalid = whatIfView(sampleBundle(), { parameters: { wacc_manual: 0.01 }, overrides: {} });
    expect(() => dcfImage(invalid, DAY)).toThrow(NO_TABLE_MESSAGE);
  });

  it('are all drawn, with the title and the value per share', () => {
    const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    const image = dcfImage(view, DAY);
    drawDcfImage(context, image, IMAGE_WIDTH);
    const drawn = vi.mocked(context.fillText).mock.calls.map(([text]) => text);
    expect(drawn).toContain(image.title);
    for (const row of image.rows) expect(drawn).toContain(row.label);
    expect(drawn).toContain(formatAmount(view.dcf?.valuation.value_per_share));
    expect(imageHeight(image)).toBeGreaterThan(600);
  });
});

describe('exportDcfImage', () => {
  it('renders 3500 px wide at PNG quality 0.95 and downloads under the dated name', async () => {
    const toBlob = vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
      this: HTMLCanvasElement,
      callback,
    ) {
      callback(new Blob(['png'], { type: 'image/png' }));
    });
    const createObjectURL = vi.fn(() => 'blob:dcf');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    await expect(exportDcfImage(view, DAY)).resolves.toBe('样本公司_DCF估值报告_2025-03-07.png');
    const canvas = toBlob.mock.contexts[0] as HTMLCanvasElement;
    expect(canvas.width).toBe(3500);
    expect(canvas.height).toBe(Math.round(imageHeight(dcfImage(view, DAY)) * 2.5));
    expect(toBlob.mock.calls[0]?.slice(1)).toEqual(['image/png', 0.95]);
    expect(clicked[0]?.download).toBe('样本公司_DCF估值报告_2025-03-07.png');
    expect(clicked[0]?.href).toBe('blob:dcf');
  });

  it("says '图片下载失败' when the canvas gives no image", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => callback(null));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(exportDcfImage(view, DAY)).rejects.toThrow(IMAGE_FAILED_MESSAGE);
  });

  it('says the table is missing before the valuation is loaded', async () => {
    await expect(exportDcfImage(null, DAY)).rejects.toThrow(NO_TABLE_MESSAGE);
  });
});
