import * as z from 'zod/mini';
import { TERMINAL_VALUE_METHODS } from '../valuation/dcf.ts';
import { RISK_FREE_RATE_MESSAGE, RISK_FREE_RATE_RULE, RISK_FREE_YEAR_MESSAGE } from '../valuation/risk-free-rates.ts';
import { envelope, named } from './envelope.ts';
import { displayText } from './text-fields.ts';

/** The longest source an admin may give a year-end yield. */
export const RISK_FREE_SOURCE_MAX = 200;

export const TERMINAL_METHOD_ERROR = '终值方法（terminal_value_method）只能是 gordon 或 value_driver';

const terminalMethodField = z
  .enum(TERMINAL_VALUE_METHODS, { error: TERMINAL_METHOD_ERROR })
  .check(z.describe('gordon：FCF₅×(1+g)/(WACC−g)；value_driver：NOPAT₆×(1−g/RONIC)/(WACC−g)'));

/** The platform's settings as every company bundle carries them (engine PlatformSettings). */
export const platformSettingsSchema = named(
  'PlatformSettings',
  z.object({ terminal_value_method: terminalMethodField }),
);

/** `GET /api/admin/platform-settings`: the settings in force and the seed's. */
export const platformSettingsAnswer = envelope(
  z.object({
    terminal_value_method: terminalMethodField,
    seed_terminal_value_method: z.enum(TERMINAL_VALUE_METHODS).check(z.describe('种子数据的默认终值方法')),
  }),
);

/** `PUT /api/admin/platform-settings`: the platform's default terminal value method. */
export const platformSettingsBody = z.strictObject({ terminal_value_method: terminalMethodField });
export type PlatformSettingsBody = z.infer<typeof platformSettingsBody>;

/** The API takes the yield as a fraction: the message says so. */
const RATE_FIELD_MESSAGE = `${RISK_FREE_RATE_MESSAGE}（小数，如 1.68% 写作 0.0168）`;

const yearField = z
  .int({ error: RISK_FREE_YEAR_MESSAGE })
  .check(
    z.gte(RISK_FREE_RATE_RULE.firstYear, RISK_FREE_YEAR_MESSAGE),
    z.lte(RISK_FREE_RATE_RULE.lastYear, RISK_FREE_YEAR_MESSAGE),
  );

/** `PUT /api/admin/risk-free-rates`: one year-end's yield (a fraction) and where it is from. */
export const riskFreeRateBody = z.strictObject({
  year: yearField.check(z.describe('年末所在年份')),
  rate: z
    .number({ error: RATE_FIELD_MESSAGE })
    .check(
      z.gte(RISK_FREE_RATE_RULE.min, RATE_FIELD_MESSAGE),
      z.lte(RISK_FREE_RATE_RULE.max, RATE_FIELD_MESSAGE),
      z.describe('年末10年期国债收益率（小数：0.0168 = 1.68%）'),
    ),
  source: z.optional(
    displayText({ max: RISK_FREE_SOURCE_MAX, maxMessage: `来源不能超过${RISK_FREE_SOURCE_MAX}个字符` }).check(
      z.describe('数据来源；不填为“管理员录入”'),
    ),
  ),
});
export type RiskFreeRateBody = z.infer<typeof riskFreeRateBody>;

/** One year-end of the table in force: the engine's seed, or an admin's edit laid over it. */
export const riskFreeRateRowSchema = named(
  'RiskFreeRateRow',
  z.object({
    year: z.int(),
    rate: z.number().check(z.describe('生效的收益率（小数）')),
    source: z.string(),
    seed_rate: z.nullable(z.number()).check(z.describe('引擎内置（种子）表中该年的收益率；无则为 null')),
    edited_by: z.nullable(z.string()).check(z.describe('修改该年的管理员；未修改为 null')),
    edited_at: z.nullable(z.string()).check(z.describe('修改时间（ISO 8601）；未修改为 null')),
  }),
);
export type RiskFreeRateRow = z.infer<typeof riskFreeRateRowSchema>;

/** `GET /api/admin/risk-free-rates` and the answer of every edit: the whole table in force, by year. */
export const riskFreeRatesAnswer = envelope(
  z.object({ rates: z.array(riskFreeRateRowSchema), seed_source: z.string() }),
);
export type RiskFreeRatesAnswer = z.infer<typeof riskFreeRatesAnswer>;
