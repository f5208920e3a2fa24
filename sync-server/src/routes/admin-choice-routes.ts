import {
  type AdminChoices,
  type CompanyValuation,
  perShareValueOf,
  reportedItem,
  type StatementItem,
} from '@fcf/engine';
import { adminChoiceAnswer, adminChoiceBody } from '@fcf/engine/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { currentChangeSeq, nextChangeSeq } from '../db/change-seq.ts';
import { transaction } from '../db/database.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import { writeAdminChoices } from '../store/admin-choices.ts';
import { storeValuation } from '../valuation/valuation-runs.ts';
import { companyFromPath } from './company-param.ts';

const doc = documented({
  tag: 'adjustments',
  summary:
    '标记其他收益是否计入经营利润（EBIT）、其他流动资产是否计入类现金资产（按公司，可只给其一）：服务器重算并保存估值，公司数据包版本随之更新',
  answers: { 200: adminChoiceAnswer },
  errors: [400, 404],
});

/** What the answer's message says of each mark given. */
const SAID: { readonly [Field in keyof AdminChoices]: (marked: boolean) => string } = {
  other_income_operating: (marked) => (marked ? '其他收益计入经营利润（EBIT）' : '其他收益不再计入经营利润（非经营）'),
  other_current_assets_cash_like: (marked) =>
    marked ? '其他流动资产已计入类现金资产' : '其他流动资产不再计入类现金资产（仅列示）',
};

/** The latest annual report's amount of a line, or null where it does not give it. */
function latest(valuation: CompanyValuation, item: StatementItem): number | null {
  return reportedItem(valuation.statements.years[valuation.latestYear], item);
}

/**
 * An admin's marks on a company's own lines (docs/model.md §7): the marks given are stored (the others kept)
 * with their audit entries, revalued and stored in one transaction.
 */
export const adminChoiceRoutes = new Hono<AppEnv>().put(
  '/admin/admin-choices/:company',
  doc,
  jsonBody(adminChoiceBody),
  (c) => {
    const { db, valuations } = c.var.services;
    const company = companyFromPath(c);
    const body = c.req.valid('json');
    const { choices, valuation } = transaction(db, () => {
      const written = writeAdminChoices(db, company.code, body, c.var.user?.username ?? 'admin', new Date());
      // The next change sequence is the bundle's new version: devices see it and refetch the company.
      nextChangeSeq(db, { company: company.code });
      const revalued = valuations.valuation(company);
      storeValuation(db, company, revalued, 'auto');
      return { choices: written, valuation: revalued };
    });
    const said = (Object.keys(SAID) as (keyof AdminChoices)[])
      .filter((field) => body[field] !== undefined)
      .map((field) => SAID[field](choices[field]));
    return c.json({
      success: true,
      data: {
        choices,
        other_income: latest(valuation, 'other_income'),
        other_current_assets: latest(valuation, 'other_current_assets'),
        value_per_share: perShareValueOf(valuation).value,
        version: currentChangeSeq(db),
      },
      message: `${company.name}：${said.join('，')}，估值已重算`,
    });
  },
);
