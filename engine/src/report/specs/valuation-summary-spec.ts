import { formatAmount, formatPercent } from '../format.ts';
import {
  MARKET_ROWS,
  type MarketRowKey,
  marginOfSafetyTone,
  marketFigureText,
  type NumberFormats,
  quoteDateText,
} from '../market-rows.ts';
import type { RangeVerdict } from '../range-verdict.ts';
import type { Tone } from '../tone.ts';
import type { SummaryFigure, ValuationSummaryView } from '../valuation-summary-view.ts';
import type { HistoryModuleSpec, TableRowSpec } from './spec-types.ts';

const SCREEN_FORMATS: NumberFormats = { amount: formatAmount, percent: formatPercent };

const RATING_SOURCE_SHORT =
  '评级按模拟分布的 (P90 − P10) / (2 × P50)；安全边际取 Morningstar 公允价值不确定性对应的五星折价';

/** What each market row rests on, said beside its figure. */
function basisOf(key: MarketRowKey, view: ValuationSummaryView): string {
  const year = view.latest_year;
  const date = view.market ? quoteDateText(view.market) : '';
  switch (key) {
    case 'price':
      return `${date} 行情`;
    case 'market_cap':
      return '行情总市值，缺失时为现价×总股本';
    case 'value_per_share':
      return `DCF估值（${year}年报）`;
    case 'margin_of_safety':
      return '每股价值 / 现价 − 1';
    case 'pe':
      return `总市值 / ${year}年归母净利润`;
    case 'pb':
      return `总市值 / ${year}年末归母净资产`;
    case 'fcff_ev_yield':
      return `${year}年自由现金流（FCFF）/ 市场EV`;
    case 'ev_ebit':
      return `市场EV（总市值加净负债）/ ${year}年EBIT`;
  }
}

function row(key: string, label: string, value: number | null, texts: [string, string], tone: Tone): TableRowSpec {
  return { key, label, unit: 'amount', toneKind: 'level', values: [value, null], texts, tones: [tone, 'neutral'] };
}

/** The range, the rating and the verdict (docs/model.md section 16), where the model gives them. */
function rangeRows(range: RangeVerdict | null): TableRowSpec[] {
  if (!range) return [];
  const margin = range.required_margin === null ? '' : `（要求安全边际 ${formatPercent(range.required_margin)}）`;
  return [
    row(
      'range',
      '价值区间（P10–P90）',
      null,
      [
        `${formatAmount(range.p10)}–${formatAmount(range.p90)} 元`,
        `故事模型情景加权价值 ${formatAmount(range.weighted_value)} 元，蒙特卡洛 ${range.draws} 次，中位数 ${formatAmount(range.p50)} 元`,
      ],
      'neutral',
    ),
    row(
      'uncertainty_rating',
      '不确定性评级',
      null,
      [`${range.rating ?? '-'}${margin}`, RATING_SOURCE_SHORT],
      'neutral',
    ),
    row('verdict', '结论', null, [range.verdict ?? '无法判断', range.basis], 'neutral'),
  ];
}

/** 估值与股息: value against price and the multiples in one table, a bar pair, the reasons of each n.m. */
export function valuationSummarySpec(view: ValuationSummaryView): HistoryModuleSpec {
  const { market } = view;
  const reasonOf = (key: MarketRowKey) => view.reasons.find((reason) => reason.figure === (key as SummaryFigure));
  const rows = MARKET_ROWS.filter((entry) => market || entry.key === 'value_per_share').map((entry) => {
    const value = market ? market[entry.key] : view.value_per_share;
    const text = market
      ? marketFigureText(entry, market, SCREEN_FORMATS)
      : view.value_per_share === null
        ? entry.whenNull
        : `${formatAmount(view.value_per_share)} 元`;
    const tone = entry.key === 'margin_of_safety' ? marginOfSafetyTone(market?.margin_of_safety ?? null) : 'neutral';
    return row(
      entry.key,
      entry.label,
      value ?? null,
      [text, reasonOf(entry.key)?.reason ?? basisOf(entry.key, view)],
      tone,
    );
  });
  if (market) {
    rows.push(
      row(
        'dividend_yield',
        '股息率',
        view.dividend_yield,
        view.dividend_yield === null
          ? ['-', '行情文件未提供股息率']
          : [formatPercent(view.dividend_yield), `${quoteDateText(market)} 行情的股息率`],
        'neutral',
      ),
    );
  }
  rows.push(...rangeRows(view.range));
  const priced = market !== null && view.value_per_share !== null;
  return {
    empty: null,
    tables: [
      {
        id: 'valuation-summary',
        fixedColumns: true,
        caption: market ? `估值与股息（行情 ${quoteDateText(market)}）` : '估值与股息',
        labelHeader: '指标',
        columns: ['数值', '依据'],
        rows,
      },
    ],
    notice: view.no_price ? { text: view.no_price, items: [] } : null,
    hints: [],
    charts: priced
      ? [
          {
            id: 'value-vs-price',
            titles: { full: '每股价值与现价（元）', short: '价值与现价' },
            labels: ['每股价值', '现价'],
            estimates: [false, false],
            series: [
              {
                key: 'per-share',
                label: '每股',
                kind: 'bar',
                unit: 'yuan',
                axis: 'left',
                values: [view.value_per_share, market.price],
                color: 'primary',
                toneKind: 'level',
                pointLabels: true,
              },
            ],
            benchmarks: [],
            emptyText: '暂无每股价值或现价',
            note: null,
            wide: false,
            narrowWindow: null,
          },
        ]
      : [],
  };
}
