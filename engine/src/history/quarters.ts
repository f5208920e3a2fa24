import type { CompanyStatements, StatementYear } from '../statements/items.ts';
import { periodEndDate, REPORT_PERIODS, type ReportPeriod } from '../statements/periods.ts';
import { growth, netProfitOf } from './analytics.ts';

/** One quarter's own figures (亿元), derived from the year-to-date reports; null where they do not allow it. */
export interface QuarterRow {
  readonly year: number;
  /** 1–4. */
  readonly quarter: number;
  /** The quarter's end, 'YYYY-MM-DD'. */
  readonly date: string;
  readonly revenue: number | null;
  readonly revenueGrowth: number | null;
  /** 归母净利润 (else 净利润). */
  readonly netProfit: number | null;
  readonly netProfitGrowth: number | null;
}

function revenueOf(year: StatementYear | undefined): number | null {
  const revenue = year?.operating_revenue ?? year?.total_operating_revenue;
  return revenue !== undefined && Number.isFinite(revenue) ? revenue : null;
}

/** The report of a fiscal year's period: an interim report, or the annual one. */
function reportAt(statements: CompanyStatements, year: number, period: ReportPeriod): StatementYear | undefined {
  return period === 'FY' ? statements.years[year] : statements.interims?.[periodEndDate(year, period)];
}

function difference(now: number | null, before: number | null): number | null {
  return now === null || before === null ? null : now - before;
}

/**
 * Single-quarter revenue and 归母净利润 of every quarter the reports cover: Q1 is the 一季报, each later
 * quarter its year-to-date report less the one before (Q3 = January–September − January–June, Q4 = the annual
 * report − the 三季报); year-on-year growth against the same quarter a year earlier. Oldest first; a quarter
 * without either figure is left out.
 */
export function quarterRows(statements: CompanyStatements): QuarterRow[] {
  const interims = statements.interims ?? {};
  const years = new Set<number>();
  for (const date of Object.keys(interims)) years.add(Number(date.slice(0, 4)));
  if (years.size === 0) return [];
  const figures = new Map<string, { revenue: number | null; netProfit: number | null }>();
  const rows: { year: number; quarter: number; date: string }[] = [];
  for (const year of [...years].sort((a, b) => a - b)) {
    let before: StatementYear | undefined;
    for (const [index, period] of REPORT_PERIODS.entries()) {
      const report = reportAt(statements, year, period);
      const quarter = index + 1;
      const first = quarter === 1;
      const revenue = first ? revenueOf(report) : difference(revenueOf(report), revenueOf(before));
      const netProfit = first ? netProfitOf(report) : difference(netProfitOf(report), netProfitOf(before));
      before = report;
      if (revenue === null && netProfit === null) continue;
      figures.set(`${year}Q${quarter}`, { revenue, netProfit });
      rows.push({ year, quarter, date: periodEndDate(year, period) });
    }
  }
  return rows.map(({ year, quarter, date }) => {
    const now = figures.get(`${year}Q${quarter}`);
    const yearEarlier = figures.get(`${year - 1}Q${quarter}`);
    return {
      year,
      quarter,
      date,
      revenue: now?.revenue ?? null,
      revenueGrowth: growth(now?.revenue ?? null, yearEarlier?.revenue ?? null),
      netProfit: now?.netProfit ?? null,
      netProfitGrowth: growth(now?.netProfit ?? null, yearEarlier?.netProfit ?? null),
    };
  });
}
