import * as z from 'zod/mini';
import { envelope, named } from './envelope.ts';
import { dcfResultSchema } from './model-schemas.ts';
import { boundedText, COMPANY_FIELD_MAX, KEYWORD_FIELD_MAX, USER_FIELD_MAX } from './text-fields.ts';
import { valuationResultsViewSchema } from './valuation-contract.ts';

/** Forecast adjustments, their status and audit log, saving and resetting a valuation (back office). */

/**
 * Sets forecast drivers of one year (`cascade_update`: that year and every later one) or, with
 * `year: null`, the valuation parameters (WACC, g, shares; null clears one). Names and ranges are checked
 * by the parameter rules.
 */
export const adjustParametersBody = z.object({
  company_name: z.optional(boundedText(COMPANY_FIELD_MAX)),
  year: z.nullable(z.int()),
  parameters: z.record(boundedText(64), z.unknown()),
  adjustment_reason: z.nullish(boundedText(500)),
  auto_recalculate: z.optional(z.boolean()),
  cascade_update: z.optional(z.boolean()),
  // Ignored: who changed it is taken from the token.
  modified_by: z.nullish(boundedText(USER_FIELD_MAX)),
});

export const adjustParametersAnswer = envelope(
  z.object({
    applied: z.array(z.object({ year: z.nullable(z.number()), parameter: z.string(), value: z.nullable(z.number()) })),
    valuation_results: z.nullable(valuationResultsViewSchema),
  }),
);

/** The page's figures, which the server checks against its own computation before storing that. */
export const saveValuationBody = z.object({
  valuation_results: z.nullish(z.partial(valuationResultsViewSchema)),
  discounted_cashflows: z.nullish(
    z.array(
      z.object({
        year: z.int(),
        fcf: z.nullish(z.number()),
        wacc: z.nullish(z.number()),
        discount_factor: z.nullish(z.number()),
        discounted_fcf: z.nullish(z.number()),
      }),
    ),
  ),
  valuation_year: z.nullish(z.int()),
  wacc: z.nullish(z.number()),
  terminal_growth_rate: z.nullish(z.number()),
});

export const saveValuationAnswer = envelope(
  z.object({
    valuation_results: valuationResultsViewSchema,
    valuation: dcfResultSchema.shape.valuation,
    verified: z.boolean().check(z.describe('页面提交的每股价值与服务器计算是否一致')),
  }),
);

/** Which manual values a reset clears (all by default). */
export const resetToAutoBody = z.object({
  company_name: z.optional(boundedText(COMPANY_FIELD_MAX)),
  reset_mode: z.optional(boundedText(KEYWORD_FIELD_MAX)),
  include_valuation_params: z.optional(z.boolean()),
  reset_scope: z.optional(
    z.object({
      fcf_parameters: z.optional(z.boolean()),
      wacc_parameters: z.optional(z.boolean()),
      terminal_growth_rate: z.optional(z.boolean()),
      total_shares: z.optional(z.boolean()),
    }),
  ),
  modified_by: z.nullish(boundedText(USER_FIELD_MAX)),
  confirm_separation: z.optional(z.boolean()),
});
export type ResetToAutoBody = z.infer<typeof resetToAutoBody>;

const autoMode = { is_auto_mode: z.boolean() };
export const resetVerificationSchema = z.object({
  separation_complete: z.boolean(),
  status_reset_success: z.boolean(),
  auto_data_generated: z.boolean(),
  data_counts: z.object({ auto_parameters: z.number(), auto_results: z.number() }),
  wacc_status: z.object({ ...autoMode, wacc: z.number() }),
  terminal_growth_status: z.object({ ...autoMode, terminal_growth_rate: z.number() }),
  total_shares_status: z.object({ ...autoMode, total_shares: z.number() }),
});
export type ResetVerification = z.infer<typeof resetVerificationSchema>;
export const resetToAutoAnswer = envelope(
  z.object({
    verification: resetVerificationSchema,
    engines_responsibility: z.object({ admin_engine: z.string(), auto_engine: z.string() }),
  }),
);

export const adjustmentStatusAnswer = envelope(
  z.object({
    hasManualAdjustments: z.boolean(),
    totalManualParameters: z.number(),
    manualAdjustmentYears: z.array(z.number()),
    waccStatus: z.object({
      is_manual: z.boolean(),
      wacc_manual: z.nullable(z.number()),
      wacc_calculated: z.nullable(z.number()),
      wacc: z.number(),
    }),
  }),
);

export const auditEntrySchema = named(
  'AuditEntry',
  z.object({
    id: z.number(),
    company_code: z.string(),
    year: z.nullable(z.number()),
    parameter: z.string(),
    old_value: z.nullable(z.number()),
    new_value: z.nullable(z.number()),
    action: z.enum(['set', 'clear', 'reset', 'save_valuation']),
    reason: z.nullable(z.string()),
    modified_by: z.string(),
    at: z.string(),
  }),
);
export const auditLogAnswer = envelope(z.array(auditEntrySchema));

/** A bad `limit` reads as the default: the log is for people browsing, not a place to refuse. */
export const auditLogQuery = z.object({
  company: z.optional(z.string().check(z.maxLength(100), z.describe('公司名称或代码；不填为全部'))),
  limit: z.optional(z.string().check(z.describe('条数，1–1000，默认 200'))),
});
