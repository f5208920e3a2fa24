import { FIT_REASONS, isValuationError, valuationDate } from '@fcf/engine';
import { uncertaintyAnswer, uncertaintyOptionsOf, uncertaintyQuery } from '@fcf/engine/contract';
import { uncertaintyView } from '@fcf/engine/report';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { queryOf } from '../http/validate.ts';
import { latestQuote } from '../store/quotes.ts';
import { cachedJson, NOT_MODIFIED } from './cached-view.ts';
import { companyFromPath } from './company-param.ts';

/**
 * The value as a range (docs/model.md, uncertainty): the server's generated scenarios and a seeded
 * simulation, from the same bundle a browser caches, so the worker gives the same percentiles for a seed.
 */
export const uncertaintyRoutes = new Hono<AppEnv>().get(
  '/home/uncertainty/:company',
  documented({
    tag: 'report',
    summary:
      '价值区间：悲观/基准/乐观情景（25/50/25）的每股价值与加权价值、以基准为中心的蒙特卡洛模拟（P10/P50/P90、高于现价的概率、被拒绝的抽样比例）、驱动因素敏感度（龙卷风图）、不确定性评级、所需安全边际与结论',
    description:
      '按公司的估值模型（model）：FCFF公司用故事估值模型（十年FCFF），银行、保险、证券及仅有财务摘要的公司用超额收益模型（ROE、股权成本、永续增长率）。同一随机种子在服务器与浏览器得到相同结果。两种模型都不适用或缺少总股本时为 422。',
    answers: { 200: uncertaintyAnswer, 304: NOT_MODIFIED },
    errors: [400, 422],
  }),
  queryOf(uncertaintyQuery),
  (c) => {
    let options: { seed?: number; draws?: number };
    try {
      options = uncertaintyOptionsOf(c.req.valid('query'));
    } catch (error) {
      if (error instanceof RangeError) throw new ApiError(400, `参数错误：${error.message}`, error.message);
      throw error;
    }
    const company = companyFromPath(c);
    const key = `${c.req.path}?seed=${options.seed ?? ''}&draws=${options.draws ?? ''}`;
    return cachedJson(
      c,
      () => {
        const { db, valuations } = c.var.services;
        const quote = latestQuote(db, company.code) ?? null;
        try {
          const data = uncertaintyView(valuations.bundle(company), quote, valuationDate(new Date()), options);
          return { success: true, data, message: '获取成功' };
        } catch (error) {
          if (!isValuationError(error)) throw error;
          const financial = error.message.includes(FIT_REASONS.financial);
          throw new ApiError(
            422,
            `无法给出价值区间：${error.message}`,
            error.message,
            {},
            {
              code: financial
                ? 'financial_company'
                : error.code === 'NO_SHARES_FOR_RANGE'
                  ? 'shares_unknown'
                  : 'model_not_applicable',
            },
          );
        }
      },
      key,
    );
  },
);
