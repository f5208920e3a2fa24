/**
 * The History sheet of the spreadsheet reference: the statements of every reported year (a line the report
 * leaves out is an empty cell) and the history rows of docs/model.md#2-history-rows the auto drivers read
 * (docs/model.md#4-forecast-drivers): the ratios, sales-to-capital, the year-on-year growth, which years are
 * shell years or of near-zero revenue, the usable tax rates and the operating losses carried. Every year is
 * taken to have the three statements.
 */
import {
  CASH_FLOW_ITEMS,
  CASH_LIKE_ITEMS,
  type CompanyStatements,
  DEBT_LIKE_ITEMS,
  FORECAST_TAX_RATE_RANGE,
  NON_CORE_ASSET_ITEMS,
  RECEIVABLES_FINANCING_ITEM,
  REVENUE_ITEMS,
  reportedYears,
  type StatementItem,
  WORKING_CAPITAL_ASSETS,
  WORKING_CAPITAL_FAMILIES,
  WORKING_CAPITAL_LIABILITIES,
  type WorkingCapitalItem,
} from '@fcf/engine';
import { NEGLIGIBLE_REVENUE_SHARE } from '../../engine/src/forecast/driver-history.ts';
import { LOSS_CARRY_FORWARD_YEARS, ONE_OFF_SHARE } from '../../engine/src/forecast/tax-driver.ts';
import { joined, SheetBuilder } from './spreadsheet-sheet.ts';

/** The five cost lines of EBIT with the driver (ratio to revenue) of each. */
export const COST_DRIVERS = [
  ['operating_cost', 'operating_cost_pct'],
  ['tax_expenses', 'tax_expenses_pct'],
  ['selling_expenses', 'selling_expenses_pct'],
  ['management_expenses', 'management_expenses_pct'],
  ['r_and_d_expenses', 'r_and_d_expenses_pct'],
] as const;

/**
 * The other operating lines of EBIT (history/historical-rows.ts): 资产减值损失 + 信用减值损失 a cost, 其他收益
 * an income, each with its driver. EBIT = revenue − the five costs − impairments + other income.
 */
export const IMPAIRMENT_LINES = ['asset_impairment_loss', 'credit_impairment_loss'] as const;
export const OTHER_OPERATING_DRIVERS = [
  ['impairment_losses', 'impairment_losses_pct', -1],
  ['other_income', 'other_income_pct', 1],
] as const;

/** EBIT's terms as formula text: revenue, then each line of `amount(item, ratio)` with its sign. */
export function ebitFormula(revenue: string, amount: (item: string, ratio: string) => string): string {
  const costs = COST_DRIVERS.map(([item, ratio]) => `-${amount(item, ratio)}`).join('');
  const others = OTHER_OPERATING_DRIVERS.map(
    ([item, ratio, sign]) => `${sign < 0 ? '-' : '+'}${amount(item, ratio)}`,
  ).join('');
  return `${revenue}${costs}${others}`;
}

const DA_ITEMS = [
  'depreciation_fixed_assets',
  'depreciation_right_of_use_assets',
  'amortization_intangible_assets',
  'amortization_long_term_prepaid',
] as const satisfies readonly StatementItem[];

/** The statement lines a working-capital row item reads: 应收票据 with 应收款项融资, the others alone. */
export function statementLinesOf(item: WorkingCapitalItem): readonly StatementItem[] {
  return item === 'Notes_Receivable' ? [item, RECEIVABLES_FINANCING_ITEM] : [item];
}

/** The operating long-term assets sales-to-capital divides revenue by. */
const LONG_TERM_ASSET_ITEMS = [
  'fixed_assets',
  'construction_in_progress',
  'intangible_assets',
  'right_of_use_assets',
] as const satisfies readonly StatementItem[];

const HISTORY_ITEMS: readonly StatementItem[] = [
  ...REVENUE_ITEMS,
  ...COST_DRIVERS.map(([item]) => item),
  ...IMPAIRMENT_LINES,
  'other_income',
  'financial_expenses',
  'total_profit',
  'income_tax',
  'net_profit',
  'net_profit_parent',
  'eps_basic',
  ...CASH_FLOW_ITEMS,
  ...WORKING_CAPITAL_ASSETS,
  RECEIVABLES_FINANCING_ITEM,
  ...WORKING_CAPITAL_LIABILITIES,
  ...LONG_TERM_ASSET_ITEMS,
  ...CASH_LIKE_ITEMS,
  ...NON_CORE_ASSET_ITEMS,
  ...DEBT_LIKE_ITEMS,
  'minority_interest',
  'share_capital',
  'total_shares',
];

/** Name of the row saying whether a year reports any line of working-capital family `index` (1 or 0). */
export const familyFlag = (index: number) => `reports_family_${index}`;

export interface HistorySheet {
  readonly sheet: SheetBuilder;
  /** The reported years, oldest first. */
  readonly years: readonly number[];
  /** Value column of the latest reported year. */
  readonly last: number;
}

export function historySheet(statements: CompanyStatements): HistorySheet {
  const sheet = new SheetBuilder('History');
  const years = reportedYears(statements);
  const each = (formula: (i: number) => string | number | null) => years.map((_, i) => formula(i));
  const h = (name: string, i: number) => sheet.at(name, i);
  sheet.add('year', years);
  for (const item of HISTORY_ITEMS) {
    sheet.add(
      item,
      years.map((year) => {
        const amount = statements.years[year]?.[item];
        return amount !== undefined && Number.isFinite(amount) ? amount : null;
      }),
    );
  }
  const [primaryRevenue, fallbackRevenue] = REVENUE_ITEMS;
  sheet.add(
    'revenue',
    each((i) => `=IF(ISNUMBER(${h(primaryRevenue, i)}),${h(primaryRevenue, i)},${h(fallbackRevenue, i)})`),
  );
  const perRevenue = (amount: (i: number) => string) => each((i) => `=(${amount(i)})/${h('revenue', i)}`);
  for (const [item, ratio] of COST_DRIVERS)
    sheet.add(
      ratio,
      perRevenue((i) => h(item, i)),
    );
  sheet.add(
    'impairment_losses_pct',
    perRevenue((i) => `N(${h('asset_impairment_loss', i)})+N(${h('credit_impairment_loss', i)})`),
  );
  sheet.add(
    'other_income_pct',
    each((i) => `=IF(ISNUMBER(${h('other_income', i)}),${h('other_income', i)}/${h('revenue', i)},"")`),
  );
  sheet.add(
    'ebit',
    each((i) => `=${ebitFormula(h('revenue', i), (_item, ratio) => `N(${h(ratio, i)})*${h('revenue', i)}`)}`),
  );
  sheet.add(
    'da_ratio',
    perRevenue((i) =>
      joined(
        DA_ITEMS.map((item) => h(item, i)),
        '+',
      ),
    ),
  );
  sheet.add(
    'operating_long_term_assets',
    each((i) => {
      const lines = LONG_TERM_ASSET_ITEMS.map((item) => h(item, i));
      return `=IF(COUNT(${lines.join(',')})>0,${lines.join('+')},"")`;
    }),
  );
  sheet.add(
    'sales_to_capital',
    each((i) => {
      const capital = h('operating_long_term_assets', i);
      return `=IF(AND(ISNUMBER(${capital}),N(${capital})>0),${h('revenue', i)}/${capital},"")`;
    }),
  );

  // Effective tax rate (income tax, else 1 − net profit, over a positive total profit, within 0–100%),
  // and the rates a forecast may average.
  sheet.add(
    'tax_rate_reported',
    each((i) => {
      const profit = h('total_profit', i);
      return `=IF(AND(ISNUMBER(${profit}),${profit}>0),IF(ISNUMBER(${h('income_tax', i)}),${h('income_tax', i)}/${profit},IF(ISNUMBER(${h('net_profit', i)}),1-${h('net_profit', i)}/${profit},"")),"")`;
    }),
  );
  const inRange = (name: string, low: number, high: number) =>
    each(
      (i) => `=IF(ISNUMBER(${h(name, i)}),IF(AND(${h(name, i)}>=${low},${h(name, i)}<=${high}),${h(name, i)},""),"")`,
    );
  sheet.add('income_tax_to_total_profit', inRange('tax_rate_reported', 0, 1));
  sheet.add('forecast_tax_rate', inRange('income_tax_to_total_profit', ...FORECAST_TAX_RATE_RANGE));

  for (const item of [...WORKING_CAPITAL_ASSETS, ...WORKING_CAPITAL_LIABILITIES]) {
    sheet.add(
      `${item}_Ratio`,
      perRevenue((i) =>
        joined(
          statementLinesOf(item).map((line) => h(line, i)),
          '+',
        ),
      ),
    );
  }
  const linesOf = (items: readonly WorkingCapitalItem[], i: number) =>
    joined(
      items.flatMap((item) => statementLinesOf(item).map((line) => h(line, i))),
      '+',
    );
  sheet.add(
    'Operating_Working_Capital',
    each((i) => `=${linesOf(WORKING_CAPITAL_ASSETS, i)}-(${linesOf(WORKING_CAPITAL_LIABILITIES, i)})`),
  );
  for (const [index, family] of WORKING_CAPITAL_FAMILIES.entries()) {
    sheet.add(
      familyFlag(index),
      each((i) => `=IF(COUNT(${family.items.map((item) => h(item, i)).join(',')})>0,1,0)`),
    );
  }
  usableYears(sheet, years);
  return { sheet, years, last: years.length - 1 };
}

/**
 * Which years the drivers may read (docs/model.md#4-forecast-drivers): not a shell year (|EBIT| > revenue),
 * not a year of near-zero revenue (below 5% of the larger of the median and the latest revenue); the
 * year-on-year growth against the calendar year before, when both years are usable; the usable tax rate
 * (within 0…50%, and not a year of large one-offs); the operating losses of the latest five years not yet used.
 */
function usableYears(sheet: SheetBuilder, years: readonly number[]): void {
  const h = (name: string, i: number) => sheet.at(name, i);
  const each = (formula: (i: number) => string) => years.map((_, i) => formula(i));
  const last = years.length - 1;
  const revenues = sheet.range('revenue', 0, last);
  sheet.add(
    'shell_year',
    each((i) => `=IF(AND(${h('revenue', i)}>0,ABS(${h('ebit', i)})>${h('revenue', i)}),1,0)`),
  );
  sheet.add(
    'negligible_revenue',
    each(
      (i) => `=IF(${h('revenue', i)}<${NEGLIGIBLE_REVENUE_SHARE}*MAX(MEDIAN(${revenues}),${h('revenue', last)}),1,0)`,
    ),
  );
  sheet.add(
    'usable_year',
    each((i) => `=IF(${h('shell_year', i)}+${h('negligible_revenue', i)}=0,1,0)`),
  );
  sheet.add(
    'usable_growth',
    each((i) =>
      i === 0
        ? '=""'
        : `=IF(AND(${h('year', i)}=${h('year', i - 1)}+1,${h('revenue', i - 1)}>0,${h('usable_year', i)}=1,${h('usable_year', i - 1)}=1),${h('revenue', i)}/${h('revenue', i - 1)}-1,"")`,
    ),
  );
  sheet.add(
    'one_off_share',
    each((i) => {
      const profit = h('total_profit', i);
      return `=IF(AND(ISNUMBER(${profit}),N(${profit})>0),ABS(${profit}-(${h('ebit', i)}-N(${h('financial_expenses', i)})))/${profit},"")`;
    }),
  );
  sheet.add(
    'usable_tax_rate',
    each((i) => {
      const rate = h('forecast_tax_rate', i);
      return `=IF(ISNUMBER(${rate}),IF(N(${h('one_off_share', i)})>${ONE_OFF_SHARE},"",${rate}),"")`;
    }),
  );
  const firstLossYear = Math.max(0, years.length - LOSS_CARRY_FORWARD_YEARS);
  sheet.add('loss_carried', () =>
    each((i) => {
      if (i < firstLossYear) return '=""';
      const before = i === firstLossYear ? '0' : h('loss_carried', i - 1);
      const ebit = h('ebit', i);
      return `=IF(${ebit}<0,${before}-${ebit},MAX(0,${before}-${ebit}))`;
    }),
  );
}
