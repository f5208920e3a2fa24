import * as z from 'zod/mini';

/** Shapes of the API answers the app reads, checked at the boundary (zod/mini keeps the bytes low). */

const envelope = <Data extends z.ZodMiniType>(data: Data) =>
  z.object({ success: z.boolean(), data, message: z.optional(z.string()) });

const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  industry: z.string(),
  has_forecast_data: z.boolean(),
});
export type CompanyListItem = z.infer<typeof companySchema>;
export const companyListSchema = envelope(z.array(companySchema));

const topMenuSchema = z.object({
  id: z.number(),
  name: z.string(),
  link: z.nullable(z.string()),
  isGroup: z.boolean(),
  sort_order: z.number(),
  children: z.array(z.object({ id: z.number(), name: z.string(), link: z.string(), sort_order: z.number() })),
});
export type TopMenu = z.infer<typeof topMenuSchema>;
export const topMenusSchema = z.array(topMenuSchema);

const coreMenuSchema = z.object({
  id: z.number(),
  name: z.string(),
  path: z.string(),
  order_index: z.number(),
});
export type CoreMenu = z.infer<typeof coreMenuSchema>;
export const coreMenusSchema = z.array(coreMenuSchema);

const numberOrNull = z.nullable(z.number());
const yearValues = z.record(z.string(), z.number());

/** The engine's inputs for one company (engine CompanyBundle); statements as year → item → value. */
export const companyBundleSchema = envelope(
  z.object({
    company: z.object({ code: z.string(), name: z.string(), industry: z.string() }),
    statements: z.object({ code: z.string(), name: z.string(), years: z.record(z.string(), yearValues) }),
    parameters: z.object({
      wacc_manual: numberOrNull,
      terminal_growth_rate_manual: numberOrNull,
      total_shares_manual: numberOrNull,
    }),
    overrides: z.record(z.string(), yearValues),
    waccAssumptions: z.object({
      riskFreeRate: z.number(),
      beta: z.number(),
      marketRiskPremium: z.number(),
      defaultCostOfDebt: z.number(),
      costOfDebtRange: z.tuple([z.number(), z.number()]),
      waccRange: z.tuple([z.number(), z.number()]),
    }),
    version: z.number(),
  }),
);

export const loginSchema = z.object({
  access_token: z.string(),
  user: z.object({ username: z.string(), is_admin: z.boolean() }),
});

export const successSchema = z.object({ success: z.boolean(), message: z.optional(z.string()) });
