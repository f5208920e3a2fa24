import { dcfValuationView, fcfRatioView, fcfStructureView, financialAnalysisView } from '@fcf/engine/report';
import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { ApiError } from '../http/errors.ts';
import { companyFromPath } from './company-param.ts';

/** The report modules of the analysis page (public-side §3, §7), computed by the engine from stored data. */
export const reportRoutes = new Hono<AppEnv>()
  .get('/home/financial_analysis/:company', (c) => {
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    return c.json({ success: true, ...financialAnalysisView(valuation), message: '获取成功' });
  })
  .get('/home/dcf_valuation/:company', (c) => {
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    const view = dcfValuationView(valuation);
    if (!view) {
      const reason = valuation.error?.message ?? '估值参数无效';
      throw new ApiError(422, `无法完成DCF估值：${reason}`, reason);
    }
    return c.json({ success: true, data: view, message: '获取成功' });
  })
  .get('/home/fcf_structure/:company', (c) => {
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    return c.json({ success: true, data: fcfStructureView(valuation), message: '获取成功' });
  })
  .get('/home/fcf_ratio/:company', (c) => {
    const valuation = c.var.services.valuations.value(companyFromPath(c));
    return c.json({ success: true, data: fcfRatioView(valuation), message: '获取成功' });
  });
