import {
  companyValuationAnswer,
  fcfRatioAnswer,
  fcfStructureAnswer,
  financialAnalysisAnswer,
} from '@fcf/engine/contract';
import { fcfRatioView, fcfStructureView, financialAnalysisView, REPORT_SECTION_ROUTES } from '@fcf/engine/report';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { documented } from '../http/openapi.ts';
import { cachedJson, NOT_MODIFIED } from './cached-view.ts';
import { companyFromPath } from './company-param.ts';
import { refuseFinancialSection, valuationOrRefusal } from './dcf-refusal.ts';

/** The report modules of the analysis page, computed by the engine from stored data. */
export const reportRoutes = new Hono<AppEnv>()
  .get(
    // Profitability and ROE-ROIC, one answer.
    REPORT_SECTION_ROUTES.profitability,
    documented({
      tag: 'report',
      summary: '盈利能力与 ROE-ROIC（最近10年）',
      answers: { 200: financialAnalysisAnswer, 304: NOT_MODIFIED },
    }),
    (c) =>
      cachedJson(c, () => {
        const valuation = c.var.services.valuations.value(companyFromPath(c));
        return { success: true, ...financialAnalysisView(valuation), message: '获取成功' };
      }),
  )
  .get(
    // The DCF and its sensitivity grid, one answer.
    REPORT_SECTION_ROUTES['fcf-valuation'],
    documented({
      tag: 'report',
      summary:
        '公司估值（model 字段说明所用模型）：工商企业为 DCF（5年预测、终值、企业价值到每股价值，及 WACC × g 敏感性）；银行、保险、证券及仅有财务摘要的公司为超额收益模型（每股价值、市净率与合理市净率）',
      answers: { 200: companyValuationAnswer, 304: NOT_MODIFIED },
      errors: [422],
    }),
    (c) =>
      cachedJson(c, () => {
        const valuation = c.var.services.valuations.value(companyFromPath(c));
        return { success: true, data: valuationOrRefusal(valuation), message: '获取成功' };
      }),
  )
  .get(
    REPORT_SECTION_ROUTES['fcf-structure'],
    documented({
      tag: 'report',
      summary: '自由现金流结构（历史与预测）',
      answers: { 200: fcfStructureAnswer, 304: NOT_MODIFIED },
      errors: [422],
    }),
    (c) =>
      cachedJson(c, () => {
        const valuation = c.var.services.valuations.value(companyFromPath(c));
        refuseFinancialSection(valuation, '自由现金流结构');
        return { success: true, data: fcfStructureView(valuation), message: '获取成功' };
      }),
  )
  .get(
    REPORT_SECTION_ROUTES['fcf-ratio'],
    documented({
      tag: 'report',
      summary: 'FCF 比率（对收入、企业价值、资本开支、净利润）',
      answers: { 200: fcfRatioAnswer, 304: NOT_MODIFIED },
      errors: [422],
    }),
    (c) =>
      cachedJson(c, () => {
        const valuation = c.var.services.valuations.value(companyFromPath(c));
        refuseFinancialSection(valuation, 'FCF 比率');
        return { success: true, data: fcfRatioView(valuation), message: '获取成功' };
      }),
  );
