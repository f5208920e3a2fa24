/**
 * The History sheet of the spreadsheet reference: the statements of every reported year (a line the report
 * leaves out is an empty cell) and the ratios the engine's auto drivers average, by the engine's rules
 * (history/historical-rows.ts, forecast/auto-drivers.ts). Every year is taken to have the three statements.
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

const HISTORY_ITEMS: readonly StatementItem[] = [
  ...REVENUE_ITEMS,
  ...COST_DRIVERS.map(([item]) => item),
  ...IMPAIRMENT_LINES,
  'other_income',
  'total_profit',
  'income_tax',
  'net_profit',
  'net_profit_parent',
  'eps_basic',
  ...CASH_FLOW_ITEMS,
  ...WORKING_CAPITAL_ASSETS,
  RECEIVABLES_FINANCING_ITEM,
  ...WORKING_CAPITAL_LIABILITIES,
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
  // Leases are debt in the bridge, so the right-of-use assets' depreciation counts as capex too.
  sheet.add(
    'Capex_to_Revenue_Ratio',
    perRevenue((i) => `${h('Cash_Paid_For_Acquisition_Assets', i)}+${h('depreciation_right_of_use_assets', i)}`),
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
  return { sheet, years, last: years.length - 1 };
}
