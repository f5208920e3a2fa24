import * as z from 'zod/mini';

/**
 * The answer envelope every JSON endpoint shares: `{success, data, message}` on success (some answers name
 * their fields beside `success` instead of `data`, as the product's API does), `{success: false, message,
 * detail}` on failure, with a Chinese message a person can act on.
 */

/**
 * Gives a schema its name in the API's documents: the OpenAPI document lists it once under that name and
 * refers to it wherever an answer holds it.
 */
export function named<Schema extends z.ZodMiniType>(id: string, schema: Schema): Schema {
  const documented: z.ZodMiniType = schema;
  z.globalRegistry.add(documented, { id });
  return schema;
}

/** `{success, data, message}` around `data`. */
export function envelope<Data extends z.ZodMiniType>(data: Data) {
  return z.object({ success: z.boolean(), data, message: z.string() });
}

/** An answer that only says it worked (deletes, saves). */
export const doneAnswer = z.object({ success: z.boolean(), message: z.string() });

/** One refused input of a valuation (the engine's InputIssue): the field, its value and the allowed range. */
export const inputIssueSchema = named(
  'InputIssue',
  z.object({
    code: z.enum([
      'invalid_number',
      'out_of_range',
      'year_outside_horizon',
      'wacc_not_above_growth',
      'unknown_parameter',
    ]),
    field: z.string().check(z.describe('参数名；某年的预测参数为 参数名@年份；预测期外的年份为 year')),
    value: z.unknown(),
    message: z.string(),
    min: z.optional(z.number()),
    max: z.optional(z.number()),
    years: z.optional(z.array(z.number()).check(z.describe('预测期外的年份'))),
  }),
);

/** Every error answer: HTTP status plus this body. `detail` says more for support (the field, the reason). */
export const errorAnswer = z.object({
  success: z.literal(false),
  message: z.string().check(z.describe('给用户看的中文说明')),
  detail: z.string().check(z.describe('更具体的原因（出错的字段、数值等）')),
  code: z.optional(
    z.string().check(z.describe('稳定的错误代码，如 financial_company（金融企业不适用自由现金流估值）、out_of_range')),
  ),
  issues: z.optional(z.array(inputIssueSchema).check(z.describe('被拒绝的输入：每项给出字段、数值与允许范围'))),
});
export type ErrorAnswer = z.infer<typeof errorAnswer>;
