import type { ChartUnit } from '../axis.ts';
import type { ValueUnit } from '../format.ts';
import type { SeriesColor } from '../palette.ts';
import type { Tone, ToneKind } from '../tone.ts';

/**
 * The report as data: what each table and chart shows, worked out once from the API's views and drawn
 * as it is by the page (React), the PDF (jspdf) and the exported image (canvas).
 */

/** One labelled row of figures: the numbers, their texts as shown, and each one's tone. */
export interface TableRowSpec {
  /** Stable name of the row ('revenue', 'fcf'). */
  readonly key: string;
  readonly label: string;
  readonly unit: ValueUnit;
  /** Whether the row's figures are changes (coloured by sign) or levels. */
  readonly toneKind: ToneKind;
  /** One value per column, aligned with the table's columns. */
  readonly values: readonly (number | null)[];
  readonly texts: readonly string[];
  readonly tones: readonly Tone[];
}

/** Figures down, years across (oldest first). */
export interface TableSpec {
  readonly id: string;
  readonly caption: string;
  /** The header of the label column. */
  readonly labelHeader: string;
  readonly columns: readonly string[];
  readonly rows: readonly TableRowSpec[];
  /** The columns are not years (a comparison, spans): a narrow screen scrolls the table instead of trimming it. */
  readonly fixedColumns?: boolean;
}

export interface ChartTitles {
  readonly full: string;
  /** At widths of 768 px or less. */
  readonly medium?: string;
  /** At widths of 480 px or less. */
  readonly short?: string;
}

export interface ChartSeriesSpec {
  readonly key: string;
  readonly label: string;
  readonly kind: 'bar' | 'line';
  readonly unit: ChartUnit;
  /** 'right' gives the series its own Y axis on the right (a growth rate beside amounts). */
  readonly axis: 'left' | 'right';
  /** One value per x position, in the unit's own terms (fractions for percent). */
  readonly values: readonly (number | null)[];
  readonly color: SeriesColor;
  /** 'change': bars take the tone of their sign instead of the series colour. */
  readonly toneKind: ToneKind;
  /** The figure printed above each point. */
  readonly pointLabels: boolean;
}

/** A dashed horizontal reference line on the left axis. */
export interface BenchmarkSpec {
  readonly label: string;
  readonly value: number;
}

/** How many years a chart shows: the latest `history` reported years, then the first `forecast` estimates. */
export interface YearWindow {
  readonly history: number;
  readonly forecast: number;
}

export interface ChartSpec {
  readonly id: string;
  readonly titles: ChartTitles;
  /** X labels, oldest first: '2019', '2025E'. */
  readonly labels: readonly string[];
  /** Per x position: a forecast year (bars drawn lighter). */
  readonly estimates: readonly boolean[];
  readonly series: readonly ChartSeriesSpec[];
  readonly benchmarks: readonly BenchmarkSpec[];
  readonly emptyText: string;
  /** A short remark under the chart (sign conventions). */
  readonly note: string | null;
  /** Spans the full width (the FCF trend). */
  readonly wide: boolean;
  /** The years a phone shows (768 px or narrower); null: the same as everywhere. */
  readonly narrowWindow: YearWindow | null;
}

/** A notice with the reasons listed under it. */
export interface NoticeSpec {
  readonly text: string;
  readonly items: readonly string[];
  /** The reason's code where the section does not apply at all ('financial_company'), as the API's 422 names it. */
  readonly code?: string;
}

/** A history module of the report (ROE-ROIC, profitability, FCF structure, FCF ratios). */
export interface HistoryModuleSpec {
  /** The whole module's text when there is nothing to show; the rest is then empty. */
  readonly empty: string | null;
  readonly tables: readonly TableSpec[];
  /** Shown in place of the tables when they have no data. */
  readonly notice: NoticeSpec | null;
  /** Remarks after the tables. */
  readonly hints: readonly string[];
  readonly charts: readonly ChartSpec[];
}
