import { RISK_FREE_RATE_RULE, RISK_FREE_SOURCE, RISK_FREE_YEAR_MESSAGE, SEED_PLATFORM_SETTINGS } from '@fcf/engine';
import {
  platformSettingsAnswer,
  platformSettingsBody,
  riskFreeRateBody,
  riskFreeRatesAnswer,
} from '@fcf/engine/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { jsonBody } from '../http/validate.ts';
import {
  deleteRiskFreeRate,
  readPlatformSettings,
  riskFreeTable,
  writePlatformSettings,
  writeRiskFreeRate,
} from '../store/platform-settings.ts';

/**
 * What an admin sets for the whole platform (docs/model.md §6): the default terminal value method and the
 * 10-year government bond yields at each year-end. Each edit is one transaction that moves the change
 * sequence, so every valuation after it (the server's, and the device's once it fetches the bundle again)
 * uses it.
 */

const settingsDoc = (summary: string) =>
  documented({ tag: 'valuation', summary, answers: { 200: platformSettingsAnswer } });
const ratesDoc = (summary: string) => documented({ tag: 'valuation', summary, answers: { 200: riskFreeRatesAnswer } });

function settingsData(c: Context<AppEnv>) {
  return {
    terminal_value_method: readPlatformSettings(c.var.services.db).terminal_value_method,
    seed_terminal_value_method: SEED_PLATFORM_SETTINGS.terminal_value_method,
  };
}

function ratesData(c: Context<AppEnv>) {
  return { rates: riskFreeTable(c.var.services.db), seed_source: RISK_FREE_SOURCE };
}

function yearParam(c: Context<AppEnv>): number {
  const year = Number(c.req.param('year'));
  if (!Number.isInteger(year) || year < RISK_FREE_RATE_RULE.firstYear || year > RISK_FREE_RATE_RULE.lastYear) {
    throw new ApiError(400, RISK_FREE_YEAR_MESSAGE);
  }
  return year;
}

const adminName = (c: Context<AppEnv>) => c.var.user?.username ?? 'admin';

export const platformSettingsRoutes = new Hono<AppEnv>()
  .get('/admin/platform-settings', settingsDoc('平台设定：默认终值方法（及种子默认值）'), (c) =>
    c.json({ success: true, data: settingsData(c), message: '获取成功' }),
  )
  .put(
    '/admin/platform-settings',
    settingsDoc('修改平台默认终值方法（此后所有估值按它计算）'),
    jsonBody(platformSettingsBody),
    (c) => {
      writePlatformSettings(c.var.services.db, c.req.valid('json'), adminName(c));
      return c.json({ success: true, data: settingsData(c), message: '默认终值方法已保存' });
    },
  )
  .get('/admin/risk-free-rates', ratesDoc('各年末10年期国债收益率表（生效值、来源与修改人）'), (c) =>
    c.json({ success: true, data: ratesData(c), message: '获取成功' }),
  )
  .put(
    '/admin/risk-free-rates',
    ratesDoc('修改或新增某年末的10年期国债收益率（0%–20%）'),
    jsonBody(riskFreeRateBody),
    (c) => {
      const body = c.req.valid('json');
      writeRiskFreeRate(c.var.services.db, body, adminName(c));
      return c.json({ success: true, data: ratesData(c), message: `${body.year} 年末收益率已保存` });
    },
  )
  .delete('/admin/risk-free-rates/:year', ratesDoc('撤销某年末收益率的修改（恢复内置值；新增的年份删除）'), (c) => {
    const year = yearParam(c);
    if (!deleteRiskFreeRate(c.var.services.db, year)) throw new ApiError(404, `${year} 年末收益率未被修改过`);
    return c.json({ success: true, data: ratesData(c), message: `${year} 年末收益率已恢复` });
  });
