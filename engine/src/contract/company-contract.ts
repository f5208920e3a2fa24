import * as z from 'zod/mini';
import { MODEL_IDS } from '../valuation/models/model-types.ts';
import { envelope, named } from './envelope.ts';
import { platformSettingsSchema } from './platform-settings-contract.ts';
import { industryComparisonViewSchema } from './section-answers.ts';
import { yearEndQuoteSchema } from './valuation-section-answers.ts';

/** Company lists, existence, health and the company bundle a browser caches to compute offline. */

export const companyListItemSchema = named(
  'CompanyListItem',
  z.object({
    id: z.string(),
    name: z.string(),
    code: z.string().check(z.describe('6位股票代码')),
    industry: z.string(),
    has_forecast_data: z.boolean(),
    pinyin: z.optional(z.string().check(z.describe('名称全拼，小写无空格（美的集团 → meidejituan），供拼音搜索'))),
    initials: z.optional(z.string().check(z.describe('名称拼音首字母（美的集团 → mdjt）'))),
  }),
);
export type CompanyListItem = z.infer<typeof companyListItemSchema>;
export const companyListAnswer = z.extend(envelope(z.array(companyListItemSchema)), {
  total: z.optional(z.number().check(z.describe('公司总数（分页时给出；不分页时即 data 的长度）'))),
});

/** The longest page of the company list a client may ask for. */
export const COMPANY_LIST_PAGE_MAX = 1000;

/** `GET /api/data/available-companies`: the whole list, or one page of it when the client asks. */
export const companyListQuery = z.object({
  offset: z.optional(
    z.string().check(z.regex(/^\d{1,6}$/, '应为非负整数'), z.describe('从第几家开始（按代码顺序，0 起）')),
  ),
  limit: z.optional(
    z
      .string()
      .check(
        z.regex(/^\d{1,4}$/, `应为1–${COMPANY_LIST_PAGE_MAX}的整数`),
        z.describe(`每页公司数，1–${COMPANY_LIST_PAGE_MAX}；不填返回全部`),
      ),
  ),
});

export const companyNamesAnswer = envelope(z.array(z.string()));

export const companyExistsAnswer = envelope(
  z.object({ exists: z.boolean(), name: z.optional(z.string()), code: z.optional(z.string()) }),
);

export const healthAnswer = envelope(
  z.object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    version: z.string(),
    companies: z.number(),
    change_seq: z.number(),
  }),
);

// Shared with the page's reports check (`.test` on each key): no `g` or `y` flag, which would make a
// RegExp remember where it last matched.
/** A four-digit year (an object key: JSON keys are strings). */
export const YEAR_KEY = /^\d{4}$/;
/** An interim report's end date: '2022-09-30'. */
export const PERIOD_END_KEY = /^\d{4}-(03-31|06-30|09-30)$/;

/** A four-digit year as an object key (JSON keys are strings). */
export const yearKeySchema = z
  .string()
  .check(z.maxLength(4, '年份格式应为四位数字'), z.regex(YEAR_KEY, '年份格式应为四位数字'));

/** An interim report's end date as an object key: '2022-09-30'. */
export const periodEndKeySchema = z
  .string()
  .check(z.regex(PERIOD_END_KEY, '季报期末应为 YYYY-03-31、YYYY-06-30 或 YYYY-09-30'));

/** One year's reported items, by item name (亿元; an absent item was not reported). */
const statementYearSchema = z.record(z.string(), z.number());
const manualValue = z.nullable(z.number());

/** Where and since when a company is listed, and its 国标 division (from the market lists). */
export const companyListingSchema = named(
  'CompanyListing',
  z.object({
    market: z.nullable(z.string()),
    listed_on: z.nullable(z.string()),
    industry_code: z.nullable(z.string()),
    sub_industry: z.nullable(z.string()),
  }),
);

/** Everything the model needs to value one company (the engine's CompanyBundle). */
/** What an admin marked for one company (engine AdminChoices, docs/model.md §2 and §7). */
export const adminChoicesSchema = named(
  'AdminChoices',
  z.object({
    other_income_operating: z.boolean().check(z.describe('其他收益计入营业利润（EBIT）')),
    other_current_assets_cash_like: z
      .boolean()
      .check(z.describe('其他流动资产（理财产品等）计入类现金资产；否则仅列示')),
  }),
);

/** Year-end 10-year government bond yields, as a bundle's CAPM inputs carry them. */
export const riskFreeRatesSchema = z
  .array(z.object({ year: z.number(), rate: z.number() }))
  .check(z.describe('各年末10年期国债收益率（估值日前最近年末的一项为无风险利率）'));
/** A bundle's CAPM inputs but the risk-free rates (which a page of bundles gives once). */
export const waccInputsShape = {
  riskFreeRate: z.number(),
  beta: z.number(),
  marketRiskPremium: z.number(),
  defaultCostOfDebt: z.number(),
  costOfDebtRange: z.tuple([z.number(), z.number()]),
  waccRange: z.tuple([z.number(), z.number()]),
  betaIndustry: z.optional(z.nullable(z.string()).check(z.describe('β 所属行业；null 为默认 β'))),
};

export const companyBundleSchema = named(
  'CompanyBundle',
  z.object({
    company: z.object({
      code: z.string(),
      name: z.string(),
      industry: z.string(),
      listing: z.optional(z.nullable(companyListingSchema)),
    }),
    statements: z.object({
      code: z.string(),
      name: z.string(),
      years: z.record(yearKeySchema, statementYearSchema),
      // Absent from bundles cached before interim reports were kept: those value from the annual reports.
      interims: z.optional(
        z
          .record(periodEndKeySchema, statementYearSchema)
          .check(z.describe('季报（一季报、中报、三季报）按期末日期：利润与现金流为年初至今，资产负债为期末')),
      ),
    }),
    parameters: z.object({
      wacc_manual: manualValue,
      terminal_growth_rate_manual: manualValue,
      total_shares_manual: manualValue,
    }),
    // By year, the drivers a person set (their names are checked where they are written, not on every read).
    overrides: z.record(yearKeySchema, z.record(z.string(), z.number())),
    waccAssumptions: z.object({ ...waccInputsShape, riskFreeRates: z.optional(riskFreeRatesSchema) }),
    industry_comparison: z.optional(z.nullable(industryComparisonViewSchema)),
    year_end_quotes: z.optional(z.array(yearEndQuoteSchema).check(z.describe('每年最后一个行情快照（PE估值）'))),
    version: z.number().check(z.describe('读取时服务器的变更序号：更大即更新')),
    model: z.optional(
      z
        .nullable(z.enum(MODEL_IDS))
        .check(
          z.describe(
            '服务器为该公司选用的估值模型（fcff 或 excess_return；设备按同一规则选用）；无模型可估值时为 null',
          ),
        ),
    ),
    platform: z.optional(
      z
        .nullable(platformSettingsSchema)
        .check(z.describe('平台设定（管理员所选的默认终值方法），设备按它估值；旧包无此项时为种子设定（gordon）')),
    ),
    admin_choices: z.optional(adminChoicesSchema),
  }),
);
export const companyBundleAnswer = envelope(companyBundleSchema);

/** A row of the WACC tool's industry table (engine: IndustryBetaRow). */
export const industryBetaSchema = named(
  'IndustryBeta',
  z.object({
    industry: z.string().check(z.describe('国标行业门类名称（制造业）')),
    beta: z.number().check(z.describe('该行业公司估值所用的β')),
    default_beta: z.boolean().check(z.describe('true：该行业未配置β，使用默认β')),
    companies: z.number().check(z.describe('市场数据中该行业的公司数')),
  }),
);

/** GET /api/data/industry-betas: β per 国标 industry with the count of companies, and the default β. */
export const industryBetasAnswer = envelope(
  z.object({ default_beta: z.number(), industries: z.array(industryBetaSchema) }),
);
export type IndustryBetas = z.infer<typeof industryBetasAnswer>['data'];
