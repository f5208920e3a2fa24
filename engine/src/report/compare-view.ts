import { riskYears } from '../history/risk-ratios.ts';
import { priceAgainstValue } from '../market/price-against-value.ts';
import { valueFiguresOf } from '../market/value-figures.ts';
import { normalizeStockCode } from '../statements/stock-code.ts';
import type { CompanyValuation } from '../valuation/company-valuation.ts';
import { type CompanyBundle, type MarketContext, valueBundle } from './company-bundle.ts';
import { EMPTY, formatValue, formatWithUnit, type ValueUnit } from './format.ts';
import { marginOfSafetyTone, quoteDateText } from './market-rows.ts';
import type { SeriesColor } from './palette.ts';
import { type RangeVerdict, rangeVerdictOf } from './range-verdict.ts';
import { NOT_MEANINGFUL_TEXT } from './specs/ratio-rows.ts';
import { CHART_HISTORY_YEARS, NARROW_HISTORY } from './specs/spec-parts.ts';
import type { ChartSpec } from './specs/spec-types.ts';
import { NOT_APPLICABLE, type WarningSpec, warningSpecs } from './specs/warnings-spec.ts';
import { type Tone, type ToneKind, toneOf } from './tone.ts';

/**
 * 公司数据对比: two to five companies side by side, each valued from its bundle exactly as its report is
 * (the same engine, price and warnings), with the latest year's key figures and charts that overlay them.
 */

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 5;

/** One colour per compared company, in the order they are listed. */
export const COMPARE_COLORS: readonly SeriesColor[] = ['primary', 'amber', 'teal', 'plum', 'slate'];

/** The latest year's figures a column lists, in order. */
export const COMPARE_FIGURES = [
  { key: 'revenue', label: '营业收入', unit: 'amount', toneKind: 'level' },
  { key: 'revenue_growth', label: '营收增长率', unit: 'percent', toneKind: 'change' },
  { key: 'net_profit', label: '归母净利润', unit: 'amount', toneKind: 'level' },
  { key: 'roe', label: 'ROE', unit: 'percent', toneKind: 'level' },
  { key: 'roic', label: 'ROIC', unit: 'percent', toneKind: 'level' },
  { key: 'gross_margin', label: '毛利率', unit: 'percent', toneKind: 'level' },
  { key: 'net_margin', label: '净利率', unit: 'percent', toneKind: 'level' },
  { key: 'fcf', label: '自由现金流 FCF', unit: 'amount', toneKind: 'level' },
  { key: 'fcf_margin', label: 'FCF/营业收入', unit: 'percent', toneKind: 'level' },
  { key: 'debt_to_assets', label: '资产负债率', unit: 'percent', toneKind: 'level' },
] as const satisfies readonly { key: string; label: string; unit: ValueUnit; toneKind: ToneKind }[];
export type CompareFigureKey = (typeof COMPARE_FIGURES)[number]['key'];

/** A figure of one company: its value, its text as shown, the year it is of, and why it is missing. */
export interface CompareCell {
  readonly value: number | null;
  readonly text: string;
  readonly tone: Tone;
  readonly year: number;
  /** Why the value is not meaningful (n.m.), or null. */
  readonly reason: string | null;
}

export interface CompareColumn {
  readonly code: string;
  readonly name: string;
  readonly industry: string;
  readonly color: SeriesColor;
  /** The latest annual report every figure is of. */
  readonly latestYear: number;
  readonly figures: Readonly<Record<CompareFigureKey, CompareCell>>;
  /** '75.22 元', '不适用' (equity value not positive), or why there is no DCF. */
  readonly valuePerShare: { readonly value: number | null; readonly text: string };
  /** The latest quote: price and its date, or null without one. */
  readonly price: { readonly value: number; readonly text: string; readonly date: string } | null;
  readonly marginOfSafety: { readonly value: number | null; readonly text: string; readonly tone: Tone };
  readonly warnings: readonly WarningSpec[];
  /** The verdict with its uncertainty rating (docs/model.md section 16): '合理（不确定性中）', or why there is none. */
  readonly verdict: { readonly text: string; readonly basis: string };
}

export interface CompareView {
  readonly columns: readonly CompareColumn[];
  /** Revenue growth, ROE, ROIC and FCF margin by year, one line per company. */
  readonly charts: readonly ChartSpec[];
}

/** A company to compare: its bundle and its market context (latest quote, today). */
export interface CompareEntry {
  readonly bundle: CompanyBundle;
  readonly market: MarketContext;
}

/** Each figure of each year of a valuation, by figure; null when not reported or not meaningful. */
type YearSeries = Record<CompareFigureKey, Map<number, { value: number | null; reason: string | null }>>;

function yearSeries(valuation: CompanyValuation, bundle: CompanyBundle): YearSeries {
  const series = Object.fromEntries(COMPARE_FIGURES.map((figure) => [figure.key, new Map()])) as YearSeries;
  const put = (key: CompareFigureKey, year: number, value: number | null, reason: string | null = null) =>
    series[key].set(year, { value: value !== null && Number.isFinite(value) ? value : null, reason });
  for (const row of valuation.profitability) {
    put('revenue', row.year, row.revenue);
    put('revenue_growth', row.year, row.revenueGrowth);
    put('net_profit', row.year, row.netProfit);
    put('gross_margin', row.year, row.grossMargin);
    put('net_margin', row.year, row.netMargin);
  }
  for (const row of valuation.returns) {
    put('roe', row.year, row.roe, row.roe_reason);
    put('roic', row.year, row.roic, row.roic_reason);
  }
  for (const row of valuation.history) {
    put('fcf', row.year, row.FCFF);
    const revenue = row.operating_revenue;
    put('fcf_margin', row.year, row.FCFF !== null && revenue !== null && revenue > 0 ? row.FCFF / revenue : null);
  }
  for (const row of riskYears(bundle.statements, valuation.history)) {
    put('debt_to_assets', row.year, row.debt_to_assets.value, row.debt_to_assets.reason);
  }
  return series;
}

function cellOf(figure: (typeof COMPARE_FIGURES)[number], series: YearSeries, year: number): CompareCell {
  const found = series[figure.key].get(year);
  const value = found?.value ?? null;
  const reason = found?.reason ?? null;
  return {
    value,
    text: value === null && reason ? NOT_MEANINGFUL_TEXT : formatValue(figure.unit, value),
    tone: toneOf(value, figure.toneKind),
    year,
    reason,
  };
}

function columnOf(entry: CompareEntry, index: number): { column: CompareColumn; series: YearSeries } {
  const { bundle, market } = entry;
  const valuation = valueBundle(bundle, market.today, market.quote);
  const figures = valueFiguresOf(valuation, valuation.statements.years[valuation.latestYear]);
  const priced = market.quote ? priceAgainstValue(market.quote, figures, market.today) : null;
  const series = yearSeries(valuation, bundle);
  const year = valuation.latestYear;
  const dcf = valuation.dcf?.valuation;
  // No value per share: 不适用 when the equity value is not positive, else why there is no DCF.
  const noValue = dcf ? NOT_APPLICABLE : (valuation.error?.message ?? EMPTY);
  const valueText = figures.valuePerShare === null ? noValue : formatWithUnit('yuan', figures.valuePerShare);
  const margin = priced?.margin_of_safety ?? null;
  return {
    series,
    column: {
      code: bundle.company.code,
      name: bundle.company.name,
      industry: bundle.company.industry,
      color: COMPARE_COLORS[index % COMPARE_COLORS.length] ?? 'primary',
      latestYear: year,
      figures: Object.fromEntries(
        COMPARE_FIGURES.map((figure) => [figure.key, cellOf(figure, series, year)]),
      ) as Record<CompareFigureKey, CompareCell>,
      valuePerShare: { value: figures.valuePerShare, text: valueText },
      price: priced
        ? { value: priced.price, text: formatWithUnit('yuan', priced.price), date: quoteDateText(priced) }
        : null,
      marginOfSafety: {
        value: margin,
        text: priced ? (margin === null ? NOT_APPLICABLE : formatValue('percent', margin)) : '暂无行情',
        tone: marginOfSafetyTone(margin),
      },
      warnings: warningSpecs(valuation.warnings),
      verdict: verdictCell(rangeVerdictOf(bundle, market.quote, market.today)),
    },
  };
}

/** The verdict as one cell: the verdict, the rating beside it, what it rests on as its hint. */
export function verdictCell(range: RangeVerdict | null): CompareColumn['verdict'] {
  if (!range) return { text: '不适用', basis: '该公司不适用情景与模拟（如金融企业、缺少总股本）' };
  const rated = range.rating ? `（不确定性${range.rating}）` : '';
  return { text: range.verdict ? `${range.verdict}${rated}` : `暂无行情${rated}`, basis: range.basis };
}

/** The overlaid charts: figure by year (the latest 10 reported years of any company), a line per company. */
const COMPARE_CHARTS = [
  { key: 'revenue_growth', title: '营收增长率对比', short: '营收增长率' },
  { key: 'roe', title: 'ROE对比', short: 'ROE' },
  { key: 'roic', title: 'ROIC对比', short: 'ROIC' },
  { key: 'fcf_margin', title: 'FCF/营业收入对比', short: 'FCF/营收' },
] as const satisfies readonly { key: CompareFigureKey; title: string; short: string }[];

function chartsOf(columns: readonly CompareColumn[], series: readonly YearSeries[]): ChartSpec[] {
  return COMPARE_CHARTS.map((chart) => {
    const all = [...new Set(series.flatMap((one) => [...one[chart.key].keys()]))].sort((a, b) => a - b);
    const years = all.slice(Math.max(0, all.length - CHART_HISTORY_YEARS));
    return {
      id: `compare-${chart.key}`,
      titles: { full: chart.title, short: chart.short },
      labels: years.map(String),
      estimates: years.map(() => false),
      series: columns.map((column, index) => ({
        key: column.code,
        label: column.name,
        kind: 'line',
        unit: 'percent',
        axis: 'left',
        values: years.map((year) => series[index]?.[chart.key].get(year)?.value ?? null),
        color: column.color,
        toneKind: 'level',
        pointLabels: false,
      })),
      benchmarks: [],
      emptyText: '所选公司均无此项数据',
      note: null,
      wide: false,
      narrowWindow: NARROW_HISTORY,
    };
  });
}

/** The comparison of the entries, in their order (valued as of each entry's `market.today`). */
export function compareView(entries: readonly CompareEntry[]): CompareView {
  const valued = entries.map(columnOf);
  const columns = valued.map((one) => one.column);
  return {
    columns,
    charts: chartsOf(
      columns,
      valued.map((one) => one.series),
    ),
  };
}

/**
 * The companies of a comparison from the URL's `codes` ('000333,651,600690'): 6-digit codes, padded,
 * without repeats, at most COMPARE_MAX; what was not a code is returned so the page can say so.
 */
export function parseCompareCodes(text: string | null): { codes: string[]; rejected: string[] } {
  const codes: string[] = [];
  const rejected: string[] = [];
  for (const part of (text ?? '').split(/[,，\s]+/)) {
    const trimmed = part.trim();
    if (trimmed === '') continue;
    const code = normalizeStockCode(trimmed);
    if (code === null) {
      rejected.push(trimmed);
      continue;
    }
    if (!codes.includes(code) && codes.length < COMPARE_MAX) codes.push(code);
  }
  return { codes, rejected };
}

/** The comparison page's address for `codes`: '/compare?codes=000333,000651'. */
export function compareHref(codes: readonly string[]): string {
  return codes.length === 0 ? '/compare' : `/compare?codes=${codes.join(',')}`;
}
