import * as z from 'zod/mini';
import { FCF_RATIO_KEYS } from '../history/fcf-ratios.ts';
import { emptyRow, type FinancialYearRow } from '../history/financial-row.ts';
import { STATEMENT_ITEMS } from '../statements/items.ts';
import { TERMINAL_VALUE_METHODS } from '../valuation/dcf.ts';
import { SHARE_SOURCES } from '../valuation/shares.ts';
import { WARNING_CODES } from '../valuation/warnings.ts';
import { named } from './envelope.ts';

/**
 * Schemas of the model's own types as the API carries them (amounts in 亿元, ratios as fractions, null =
 * not available). The model keeps its TypeScript types; model-schemas.test.ts proves each schema and type
 * describe the same shape, so neither can drift.
 */

const amount = z.nullable(z.number());

type RowNumberField = Exclude<keyof FinancialYearRow, 'year' | 'basis'>;

/** The row's number fields, in the model's own order (the model's empty row lists them). */
const ROW_NUMBER_FIELDS = Object.keys(emptyRow(0, 'statements')).filter(
  (key): key is RowNumberField => key !== 'year' && key !== 'basis',
);

/** The financial-year row (docs/requirements.md#financial-year-row), historical or forecast. */
export const financialYearRowSchema = z.object({
  year: z.number(),
  basis: z.enum(['statements', 'summary']),
  ...(Object.fromEntries(ROW_NUMBER_FIELDS.map((key) => [key, amount])) as Record<RowNumberField, typeof amount>),
});

export const driverSourceSchema = z.enum(['user_set', 'inherited', 'system_default']);

export const profitabilityRowSchema = z.object({
  year: z.number(),
  revenue: amount,
  revenueGrowth: amount,
  grossMargin: amount,
  netProfit: amount.check(z.describe('归母净利润（亿元）')),
  netMargin: amount,
  netProfitGrowth: amount,
});

export const quarterRowSchema = z.object({
  year: z.number(),
  quarter: z.number().check(z.describe('第几季度（1–4）')),
  date: z.string().check(z.describe('季度末日期')),
  revenue: amount.check(z.describe('单季营业收入（亿元）')),
  revenueGrowth: amount.check(z.describe('较上年同季')),
  netProfit: amount.check(z.describe('单季归母净利润（亿元）')),
  netProfitGrowth: amount.check(z.describe('较上年同季')),
});

export const returnsRowSchema = z.object({
  year: z.number(),
  roe: amount,
  roic: amount,
  roe_reason: z.nullable(z.string()).check(z.describe('ROE 为 null 时的原因（如净资产 ≤ 0）')),
  roic_reason: z.nullable(z.string()).check(z.describe('ROIC 为 null 时的原因（如投入资本过小）')),
});

const fcfRatioPointSchema = z.object({ year: z.number(), value: z.number(), benchmark: z.number() });
export const fcfRatioSeriesSchema = z.record(z.enum(FCF_RATIO_KEYS), z.array(fcfRatioPointSchema));

export const equityBridgeSchema = z.object({
  non_core_assets: z.number(),
  cash: z.number(),
  interest_bearing_liabilities: z.number(),
  minority_interest: z.number(),
});

/** One signed line of the equity bridge, from enterprise value to equity value. */
export const bridgeLineSchema = z.object({
  item: z.enum([
    ...STATEMENT_ITEMS,
    'enterprise_value',
    'non_core_assets',
    'cash',
    'interest_bearing_liabilities',
    'minority_interest',
  ]),
  label: z.string(),
  amount: z.number().check(z.describe('亿元，带符号：加项为正，减项为负')),
  profit_share: z.optional(z.number().check(z.describe('少数股东损益占净利润之比（按比例估值时）'))),
  book_value: z.optional(z.number().check(z.describe('账面值（亿元），与估值并列'))),
  note: z.optional(z.string().check(z.describe('该行的估值方法'))),
});

export const terminalAnalysisSchema = z.object({
  method: z.enum(TERMINAL_VALUE_METHODS),
  nopat: amount,
  reinvestment_rate: amount,
  implied_ronic: amount,
  consistent_terminal_value: amount.check(
    z.describe('再投资与 g 一致（价值驱动公式，RONIC 默认为 WACC）时的终值（亿元）'),
  ),
  consistent_value_per_share: amount.check(z.describe('再投资与 g 一致时的每股价值（元）')),
});

export const dcfResultSchema = z.object({
  terminal_value_method: z.enum(TERMINAL_VALUE_METHODS).check(z.describe('本次估值所用的终值方法')),
  wacc: z.number(),
  g: z.number(),
  forecast: z.array(
    z.object({ year: z.number(), fcf: z.number(), discount_factor: z.number(), discounted_fcf: z.number() }),
  ),
  stub: z
    .nullable(
      z.object({
        year: z.number(),
        months: z.number(),
        cash_flow: z.number(),
        discount_factor: z.number(),
        present_value: z.number(),
      }),
    )
    .check(z.describe('估值日在会计年度之中（基于季报的 TTM）时，该年剩余月份为不足一年的首期；否则为 null')),
  forecast_fcf_sum: z.number(),
  terminal_value: z.number(),
  terminal_pv: z.number(),
  valuation: z.object({
    ...equityBridgeSchema.shape,
    enterprise_value: z.number(),
    equity_value: z.number(),
    total_shares: z.number().check(z.describe('总股本（亿股）：每股价值的分母；无来源时为 0')),
    value_per_share: z
      .nullable(z.number())
      .check(z.describe('每股价值（元）；缺少总股本时为 null（警告 shares_unknown），不为 0')),
  }),
  bridge: z.array(bridgeLineSchema).check(z.describe('权益桥：各行之和等于股权价值')),
  terminal: terminalAnalysisSchema,
  terminal_value_share: amount,
  terminal_value_warning: z.boolean(),
});

export const sensitivityGridSchema = z.object({
  waccs: z.array(z.number()),
  growths: z.array(z.number()),
  values: z
    .array(z.array(amount))
    .check(z.describe('values[i][j]：WACC 为 waccs[i]、永续增长率为 growths[j] 时的每股价值')),
});

/** What a reader must know beside a value, in the model's one vocabulary of codes. */
export const valuationWarningSchema = named(
  'ValuationWarning',
  z.object({
    code: z.enum(WARNING_CODES),
    message: z.string().check(z.describe('中文说明，显示在每股价值旁')),
    year: z.optional(z.number().check(z.describe('所涉年度（missing_lines）'))),
    item: z.optional(z.string().check(z.describe('所涉报表项目（missing_lines）'))),
  }),
);

/** The share count with its source, every count the data offers and any disagreement. */
export const shareCountSchema = named(
  'ShareCount',
  z.object({
    count: z.number().check(z.describe('总股本（亿股）；无来源时为 0')),
    source: z.enum(SHARE_SOURCES),
    label: z.string().check(z.describe('来源的中文说明')),
    date: z.nullable(z.string()).check(z.describe('行情快照的日期（来源为 listed 时）')),
    candidates: z
      .object({
        listed: amount.check(z.describe('行情快照的总股本（亿股）')),
        statement: amount.check(z.describe('报表的期末总股本（亿股）')),
        share_capital: amount.check(z.describe('股本（亿元）按面值1元折合的股数（亿股）')),
        eps_implied: amount.check(z.describe('归母净利润 ÷ 基本每股收益（亿股）')),
      })
      .check(z.describe('数据给出的每一种股数（均为亿股）')),
    disagreement: z.nullable(z.string()).check(z.describe('各来源相差超过 5% 时的说明')),
  }),
);

/** The calculated WACC before and after its bounds, and its inputs. */
export const waccComponentsSchema = z.object({
  risk_free_rate: z.number(),
  equity_risk_premium: z.number(),
  beta: z.number(),
  beta_industry: z.nullable(z.string()).check(z.describe('β 所属行业；null 为默认 β')),
  cost_of_debt: z.number().check(z.describe('税前债务成本')),
  tax_rate: z.number(),
  equity_weight: z.number(),
  debt_weight: z.number(),
  risk_free_date: z
    .optional(z.nullable(z.string()))
    .check(z.describe('无风险利率所取的国债收益率年末日期；null 为默认值')),
  beta_unlevered: z.optional(z.number()).check(z.describe('行业无杠杆 β（按 Hamada 公式以公司 D/E 再加杠杆为 beta）')),
  debt_to_equity: z.optional(z.number()),
  weights_basis: z.optional(z.enum(['market', 'book'])).check(z.describe('market：股权按行情市值；book：按账面')),
  market_cap: z.optional(z.nullable(z.number())),
  market_cap_date: z.optional(z.nullable(z.string())),
  interest_coverage: z.optional(z.nullable(z.number())).check(z.describe('利息保障倍数 = EBIT ÷ 财务费用')),
  synthetic_rating: z.optional(z.nullable(z.string())),
  default_spread: z.optional(z.nullable(z.number())).check(z.describe('合成评级的违约利差')),
});
export const waccBreakdownSchema = z.object({
  calculated_wacc: z.nullable(z.number()).check(z.describe('计算WACC（未经上下限约束）；净资产不为正时为 null')),
  applied_wacc: z.number().check(z.describe('估值使用的WACC：手动值，否则为约束后的计算值，否则 8%')),
  bound_applied: z.nullable(z.enum(['floor', 'cap'])).check(z.describe('约束计算WACC的下限或上限；未约束为 null')),
  components: z.nullable(waccComponentsSchema),
});
