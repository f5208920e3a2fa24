/**
 * Report periods of a fiscal year (A-share fiscal years are calendar years): the annual report and the
 * three interim reports. Income and cash-flow figures of an interim report are year-to-date (the 三季报 is
 * January–September), balance-sheet figures are at the period's end (docs/model.md section 1).
 */

export const INTERIM_PERIODS = ['Q1', 'H1', 'Q3'] as const;
/** 一季报 (January–March), 中报 (January–June), 三季报 (January–September). */
export type InterimPeriod = (typeof INTERIM_PERIODS)[number];
/** An interim report or the annual report ('FY'). */
export type ReportPeriod = InterimPeriod | 'FY';
export const REPORT_PERIODS: readonly ReportPeriod[] = [...INTERIM_PERIODS, 'FY'];

/** Months from the start of the fiscal year to the period's end. */
export const PERIOD_MONTHS: Readonly<Record<ReportPeriod, number>> = { Q1: 3, H1: 6, Q3: 9, FY: 12 };

/** The report's Chinese name ('2022 三季报'). */
export const PERIOD_LABELS: Readonly<Record<ReportPeriod, string>> = {
  Q1: '一季报',
  H1: '中报',
  Q3: '三季报',
  FY: '年报',
};

const PERIOD_END_DAYS: Readonly<Record<ReportPeriod, string>> = {
  Q1: '03-31',
  H1: '06-30',
  Q3: '09-30',
  FY: '12-31',
};

export function isInterimPeriod(value: string): value is InterimPeriod {
  return (INTERIM_PERIODS as readonly string[]).includes(value);
}

/** The period's end date, 'YYYY-MM-DD': the key of an interim report in CompanyStatements.interims. */
export function periodEndDate(year: number, period: ReportPeriod): string {
  return `${year}-${PERIOD_END_DAYS[period]}`;
}

const PERIOD_END = /^(\d{4})-(03-31|06-30|09-30|12-31)$/;

/** The fiscal year and period a period-end date names, or undefined when it is no quarter's end. */
export function periodOfDate(date: string): { year: number; period: ReportPeriod } | undefined {
  const match = PERIOD_END.exec(date);
  if (!match) return undefined;
  const period = (Object.keys(PERIOD_END_DAYS) as ReportPeriod[]).find((key) => PERIOD_END_DAYS[key] === match[2]);
  return period ? { year: Number(match[1]), period } : undefined;
}

/** '2022 三季报', '2019 年报'. */
export function periodReportLabel(year: number, period: ReportPeriod): string {
  return `${year} ${PERIOD_LABELS[period]}`;
}

/** The quarter a single-quarter figure covers (1–4), from the period that ends it. */
export function quarterOfPeriod(period: ReportPeriod): number {
  return PERIOD_MONTHS[period] / 3;
}
