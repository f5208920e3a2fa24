import * as z from 'zod/mini';
import { adminChoicesSchema } from './company-contract.ts';
import { envelope, named } from './envelope.ts';

/**
 * `PUT /api/admin/admin-choices/:company`: an admin marks the company's 其他流动资产 as cash-like (or not) in
 * the equity bridge (docs/model.md §7). One field today; the body is strict so a misspelt one is refused.
 */
export const adminChoiceBody = z.strictObject({
  other_current_assets_cash_like: z.boolean({ error: 'other_current_assets_cash_like 必须为 true 或 false' }),
});
export type AdminChoiceBody = z.infer<typeof adminChoiceBody>;

export const adminChoiceAnswer = envelope(
  named(
    'AdminChoiceResult',
    z.object({
      choices: adminChoicesSchema,
      other_current_assets: z.nullable(z.number()).check(z.describe('最新年报的其他流动资产（亿元）；未列报为 null')),
      value_per_share: z.nullable(z.number()).check(z.describe('按新标记重算的每股价值（元）')),
      version: z.number().check(z.describe('写入后的服务器变更序号：设备据此重新获取公司数据包')),
    }),
  ),
);
