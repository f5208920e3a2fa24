import * as z from 'zod/mini';
import { adminChoicesSchema } from './company-contract.ts';
import { envelope, named } from './envelope.ts';

/**
 * `PUT /api/admin/admin-choices/:company`: an admin marks the company's 其他收益 as operating (in EBIT) or not,
 * and its 其他流动资产 as cash-like (or not) in the equity bridge (docs/model.md §2 and §7). Either mark or both;
 * a mark not given keeps its stored value. The body is strict so a misspelt field is refused.
 */
export const adminChoiceBody = z
  .strictObject({
    other_income_operating: z.optional(
      z
        .boolean({ error: 'other_income_operating 必须为 true 或 false' })
        .check(z.describe('其他收益计入营业利润（EBIT）')),
    ),
    other_current_assets_cash_like: z.optional(
      z
        .boolean({ error: 'other_current_assets_cash_like 必须为 true 或 false' })
        .check(z.describe('其他流动资产（理财产品等）计入类现金资产')),
    ),
  })
  .check(
    z.refine((body) => body.other_income_operating !== undefined || body.other_current_assets_cash_like !== undefined, {
      error: '至少给出一个标记：other_income_operating 或 other_current_assets_cash_like',
    }),
  );
export type AdminChoiceBody = z.infer<typeof adminChoiceBody>;

const latestAmount = (what: string) =>
  z.nullable(z.number()).check(z.describe(`最新年报的${what}（亿元）；未列报为 null`));

export const adminChoiceAnswer = envelope(
  named(
    'AdminChoiceResult',
    z.object({
      choices: adminChoicesSchema,
      other_income: latestAmount('其他收益'),
      other_current_assets: latestAmount('其他流动资产'),
      value_per_share: z.nullable(z.number()).check(z.describe('按新标记重算的每股价值（元）')),
      version: z.number().check(z.describe('写入后的服务器变更序号：设备据此重新获取公司数据包')),
    }),
  ),
);
