import {
  type DriverKey,
  type FinancialYearRow,
  PARAMETER_RULES,
  WORKING_CAPITAL_ASSETS,
  WORKING_CAPITAL_LIABILITIES,
  type WorkingCapitalItem,
  type WorkingCapitalRatioKey,
} from '@fcf/engine';

/** The five tables under the DCF result: what each row shows, and which rows a reader may edit. */

type YearField = Exclude<keyof FinancialYearRow, 'year' | 'basis'>;

export type TableRow =
  | { readonly kind: 'group'; readonly label: string }
  | {
      readonly kind: 'figure';
      readonly label: string;
      readonly field: YearField;
      readonly unit: '亿元' | '%' | '倍';
      /** Set on the forecast-driver rows: the forecast years of these rows are editable. */
      readonly driver?: DriverKey;
      /** A sub-row of the row above it (an item's ratio under the item). */
      readonly nested?: boolean;
      /** A result or total, set in bold. */
      readonly total?: boolean;
    };

export interface DriverTable {
  readonly id: string;
  readonly title: string;
  /** How the table's result is built, shown under the title. */
  readonly formula?: string;
  readonly rows: readonly TableRow[];
}

const amount = (label: string, field: YearField, total = false): TableRow => ({
  kind: 'figure',
  label,
  field,
  unit: '亿元',
  total,
});

const driver = (key: DriverKey, label = PARAMETER_RULES[key].label, nested = false): TableRow => ({
  kind: 'figure',
  label,
  field: key,
  unit: PARAMETER_RULES[key].percent ? '%' : '倍',
  driver: key,
  nested,
});

/** '应收票据/营业收入' → '应收票据': the item's name, from the one table of labels. */
function itemName(item: WorkingCapitalItem): string {
  return PARAMETER_RULES[`${item}_Ratio` as WorkingCapitalRatioKey].label.split('/')[0] ?? item;
}

function itemRows(items: readonly WorkingCapitalItem[]): TableRow[] {
  return items.flatMap((item) => [
    amount(itemName(item), item),
    driver(`${item}_Ratio` as WorkingCapitalRatioKey, '占营业收入比', true),
  ]);
}

export const DRIVER_TABLES: readonly DriverTable[] = [
  {
    id: 'fcf',
    title: '自由现金流计算',
    formula: '自由现金流 = NOPAT + 非现金成本 − 营运资本变动 − 资本性支出',
    rows: [
      amount('自由现金流（FCFF）', 'FCFF', true),
      amount('税后净营业利润（NOPAT）', 'nopat'),
      amount('非现金成本（折旧摊销）', 'noncash_cost'),
      amount('营运资本变动', 'Change_In_Operating_WC'),
      amount('资本性支出', 'Capital_Expenditure'),
    ],
  },
  {
    id: 'nopat',
    title: 'NOPAT预测',
    formula:
      'NOPAT = 息税前利润 × (1 − 所得税率)；息税前利润 = 营业收入 − 成本费用 − 资产及信用减值损失 + 其他收益，各比率均为占营业收入的比例',
    rows: [
      amount('营业收入', 'operating_revenue'),
      driver('operating_revenue_yoy'),
      driver('operating_cost_pct'),
      driver('tax_expenses_pct'),
      driver('selling_expenses_pct'),
      driver('management_expenses_pct'),
      driver('r_and_d_expenses_pct'),
      driver('impairment_losses_pct'),
      driver('other_income_pct'),
      driver('income_tax_to_total_profit'),
      amount('息税前利润（EBIT）', 'ebit'),
      amount('税后净营业利润（NOPAT）', 'nopat', true),
    ],
  },
  {
    id: 'da',
    title: '折旧与摊销',
    formula: '折旧与摊销 = 营业收入 × 折旧摊销率，计入非现金成本',
    rows: [amount('折旧与摊销', 'depreciation_and_amortization', true), driver('da_ratio')],
  },
  {
    id: 'owc',
    title: '经营性营运资本',
    formula: '各项目 = 营业收入 × 占营业收入比；营运资本 = 经营性流动资产 − 经营性流动负债',
    rows: [
      { kind: 'group', label: '经营性流动资产' },
      ...itemRows(WORKING_CAPITAL_ASSETS),
      amount('经营性流动资产合计', 'Operating_Current_Assets_Total'),
      { kind: 'group', label: '经营性流动负债' },
      ...itemRows(WORKING_CAPITAL_LIABILITIES),
      amount('经营性流动负债合计', 'Operating_Current_Liabilities_Total'),
      { kind: 'group', label: '营运资本' },
      amount('经营性营运资本', 'Operating_Working_Capital', true),
      amount('营运资本变动', 'Change_In_Operating_WC', true),
    ],
  },
  {
    id: 'capex',
    title: '资本性支出',
    formula: '资本性支出 = 折旧摊销 + 营业收入增量 ÷ 销售额/经营性长期资产（设定资本开支率时按营业收入 × 资本开支率）',
    rows: [
      amount('资本性支出', 'Capital_Expenditure', true),
      driver('Capex_to_Revenue_Ratio'),
      driver('sales_to_capital'),
    ],
  },
];
