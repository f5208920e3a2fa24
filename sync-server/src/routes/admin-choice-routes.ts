import { perShareValueOf } from '@fcf/engine';
import { adminChoiceAnswer, adminChoiceBody } from '@fcf/engine/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentChangeSeq, nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { loadAdminChoices, writeOtherCurrentAssetsCashLike } from '../store/admin-choices.ts';
import { storeValuation } from '../valuation/valuation-runs.ts';
import { companyFromPath } from './company-param.ts';

const doc = documented({
  tag: 'adjustments',
  summary: '标记其他流动资产是否计入类现金资产（按公司）：服务器重算并保存估值，公司数据包版本随之更新',
  answers: { 200: adminChoiceAnswer },
  errors: [400, 404],
});

/** An admin's marks on a company's own lines (docs/model.md §7): stored, revalued and stored in one transaction. */
export const adminChoiceRoutes = new Hono<AppEnv>().put(
  '/admin/admin-choices/:company',
  doc,
  jsonBody(adminChoiceBody),
  (c) => {
    const { db, valuations } = c.var.services;
    const company = companyFromPath(c);
    const cashLike = c.req.valid('json').other_current_assets_cash_like;
    const valuation = transaction(db, () => {
      writeOtherCurrentAssetsCashLike(db, company.code, cashLike, c.var.user?.username ?? 'admin', new Date());
      // The next change sequence is the bundle's new version: devices see it and refetch the company.
      nextChangeSeq(db);
      const revalued = valuations.valuation(company);
      storeValuation(db, company, revalued, 'auto');
      return revalued;
    });
    const other = valuation.statements.years[valuation.latestYear]?.other_current_assets;
    return c.json({
      success: true,
      data: {
        choices: loadAdminChoices(db, company.code),
        other_current_assets: typeof other === 'number' && Number.isFinite(other) ? other : null,
        value_per_share: perShareValueOf(valuation).value,
        version: currentChangeSeq(db),
      },
      message: cashLike
        ? `${company.name}：其他流动资产已计入类现金资产，估值已重算`
        : `${company.name}：其他流动资产不再计入类现金资产（仅列示），估值已重算`,
    });
  },
);
