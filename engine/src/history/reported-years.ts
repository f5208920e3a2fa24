import type { CompanyStatements, StatementItem, StatementYear } from '../statements/items.ts';

/** The items that carry a year's revenue, the first one reported winning: they decide the reported years. */
export const REVENUE_ITEMS = [
  'operating_revenue',
  'total_operating_revenue',
] as const satisfies readonly StatementItem[];

/** Fiscal years that have a positive operating revenue, oldest first. */
export function reportedYears(statements: CompanyStatements): number[] {
  return reportedRevenues(statements).years;
}

/** The reported years, oldest first, with their revenues (read once: the history rows start from them). */
export function reportedRevenues(statements: CompanyStatements): { years: number[]; revenues: number[] } {
  const years: number[] = [];
  const revenues: number[] = [];
  let ascending = true;
  for (const key of Object.keys(statements.years)) {
    const year = Number(key);
    const revenue = revenueOf(statements.years[year]);
    // Every driver is a ratio to revenue: a year without a positive revenue cannot anchor the model.
    if (revenue === null || !(revenue > 0) || !Number.isInteger(year)) continue;
    if (years.length > 0 && (years[years.length - 1] as number) > year) ascending = false;
    years.push(year);
    revenues.push(revenue);
  }
  // Object.keys lists year keys in ascending order already; only a negative "year" could come out of order.
  if (ascending) return { years, revenues };
  const order = years.map((_, index) => index).sort((a, b) => (years[a] as number) - (years[b] as number));
  return {
    years: order.map((index) => years[index] as number),
    revenues: order.map((index) => revenues[index] as number),
  };
}

/** The latest fiscal year with an annual report, or null when there is none. */
export function latestReportedYear(statements: CompanyStatements): number | null {
  const years = reportedYears(statements);
  return years.length > 0 ? (years[years.length - 1] as number) : null;
}

const [PRIMARY_REVENUE_ITEM, FALLBACK_REVENUE_ITEM] = REVENUE_ITEMS;

export function revenueOf(year: StatementYear | undefined): number | null {
  if (!year) return null;
  const revenue = year[PRIMARY_REVENUE_ITEM] ?? year[FALLBACK_REVENUE_ITEM];
  return revenue !== undefined && Number.isFinite(revenue) ? revenue : null;
}
