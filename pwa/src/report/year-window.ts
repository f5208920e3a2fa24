import { REPORT_HISTORY_YEARS, TREND_HISTORY_YEARS } from '@fcf/engine/report';
import { MOBILE_MAX_WIDTH } from '../ui/use-viewport-width.ts';

/** How many years a chart shows: the latest `history` reported years, then the first `forecast` estimates. */
export interface YearWindow {
  readonly history: number;
  readonly forecast: number;
}

/** Spec §9: the wide FCF chart shows 9 historical and all forecast years, or 5 and 5 at widths ≤ 768 px. */
export function trendWindow(narrow: boolean): YearWindow {
  return narrow
    ? { history: REPORT_HISTORY_YEARS, forecast: 5 }
    : { history: TREND_HISTORY_YEARS, forecast: Number.POSITIVE_INFINITY };
}

/** The mobile layout (spec §9: 768 px or narrower). */
export function isNarrow(viewportWidth: number): boolean {
  return viewportWidth <= MOBILE_MAX_WIDTH;
}

/** Spec §9: the small FCF charts show the latest 5 historical and the first 5 forecast years. */
export const SMALL_CHART_WINDOW: YearWindow = { history: REPORT_HISTORY_YEARS, forecast: 5 };

export function windowYears<T extends { readonly isEstimate: boolean }>(points: readonly T[], window: YearWindow): T[] {
  const history = points.filter((point) => !point.isEstimate);
  const forecast = points.filter((point) => point.isEstimate);
  return [...history.slice(Math.max(0, history.length - window.history)), ...forecast.slice(0, window.forecast)];
}

/** Spec §9: a year column needs about 60 px beside the 180 px of the label column. */
const YEAR_COLUMN_WIDTH = 60;
const LABEL_COLUMN_WIDTH = 180;
/** Fewer than 2 years leaves nothing to compare; the table scrolls sideways instead. */
const MIN_YEAR_COLUMNS = 2;

/** How many of the latest years a year table shows at this width. */
export function yearColumnCount(viewportWidth: number, available: number): number {
  const fitting = Math.floor((viewportWidth - LABEL_COLUMN_WIDTH) / YEAR_COLUMN_WIDTH);
  return Math.min(available, Math.max(MIN_YEAR_COLUMNS, fitting));
}
