import { valuationDate } from '@fcf/engine';
import {
  basicInfoAnswer,
  growthAnswer,
  industryComparisonAnswer,
  peValuationAnswer,
  riskAnswer,
  valuationSummaryAnswer,
} from '@fcf/engine/contract';
import {
  basicInfoView,
  growthView,
  peValuationView,
  quoteForReport,
  REPORT_SECTION_ROUTES,
  rangeVerdictOf,
  riskView,
  valuationSummaryView,
} from '@fcf/engine/report';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { latestQuote } from '../store/quotes.ts';
import { companyFromPath } from './company-param.ts';

/** The stored company's valuation and bundle (statements, listing): what the sections are built from. */
function sectionInputs(c: Context<AppEnv>) {
  const company = companyFromPath(c);
  const { db, valuations } = c.var.services;
  return {
    valuation: valuations.value(company),
    bundle: valuations.bundle(company),
    quote: latestQuote(db, company.code) ?? null,
  };
}

/** 公司基本信息, 成长能力, 抗风险能力 and 行业对比 of the report, computed by the engine from stored data. */
export const reportSectionRoutes = new Hono<AppEnv>()
  .get(
    REPORT_SECTION_ROUTES['basic-info'],
    documented({
      tag: 'report',
      summary: '公司基本信息：代码、上市板块与日期、国标行业、最新年报、总股本及来源、股价与市值（有行情时）、数据提示',
      answers: { 200: basicInfoAnswer },
      errors: [422],
    }),
    (c) => {
      const { valuation, bundle, quote } = sectionInputs(c);
      return c.json({
        success: true,
        data: basicInfoView(valuation, bundle.company, quoteForReport(quote)),
        message: '获取成功',
      });
    },
  )
  .get(
    REPORT_SECTION_ROUTES.growth,
    documented({
      tag: 'report',
      summary: '成长能力：营业收入、归母净利润、FCF、归母净资产的3/5/10年复合增长率与增长年份占比，逐年盈利质量',
      answers: { 200: growthAnswer },
      errors: [422],
    }),
    (c) => {
      const { valuation, bundle } = sectionInputs(c);
      return c.json({ success: true, data: growthView(valuation, bundle.statements), message: '获取成功' });
    },
  )
  .get(
    REPORT_SECTION_ROUTES.risk,
    documented({
      tag: 'report',
      summary:
        '抗风险能力：资产负债率、有息负债/权益、净有息负债/EBITDA、利息保障倍数、流动与速动比率、现金/短债，逐年并附参考区间',
      answers: { 200: riskAnswer },
      errors: [422],
    }),
    (c) => {
      const { valuation, bundle } = sectionInputs(c);
      return c.json({ success: true, data: riskView(valuation, bundle.statements), message: '获取成功' });
    },
  )
  .get(
    REPORT_SECTION_ROUTES['industry-comparison'],
    documented({
      tag: 'report',
      summary:
        '行业对比：本公司在其国标行业中的分位与行业中位数（ROE、ROIC、毛利率、净利率、营收增长、资产负债率；有行情时市盈率、市净率、安全边际），每个中位数的覆盖公司数，行业营业收入前10名；读取写入后已生成的行业统计',
      answers: { 200: industryComparisonAnswer },
      errors: [503],
    }),
    (c) => {
      const company = companyFromPath(c);
      const data = c.var.services.valuations.industries.of(company);
      if (!data) throw new ApiError(503, '行业统计正在生成，请稍后再试', `“${company.industry}”的行业统计尚未生成`);
      return c.json({ success: true, data, message: '获取成功' });
    },
  )
  .get(
    REPORT_SECTION_ROUTES['valuation-summary'],
    documented({
      tag: 'report',
      summary:
        '估值与股息：每股价值与现价、安全边际、市盈率、市净率、FCFF收益率（FCFF ÷ 市场EV）、EV/EBIT（市场EV）、股息率（行情提供时）；无意义或缺失的指标给出原因',
      answers: { 200: valuationSummaryAnswer },
      errors: [422],
    }),
    (c) => {
      const { valuation, bundle, quote } = sectionInputs(c);
      const latest = valuation.statements.years[valuation.latestYear];
      const today = valuationDate(new Date());
      const data = valuationSummaryView(valuation, latest, quote, today, rangeVerdictOf(bundle, quote, today));
      return c.json({ success: true, data, message: '获取成功' });
    },
  )
  .get(
    REPORT_SECTION_ROUTES['pe-valuation'],
    documented({
      tag: 'report',
      summary:
        'PE估值：历年年末收盘价、总股本、总市值，当年年报已入库的年份给出市盈率与市净率；今日DCF股权价值（与各年末总市值对照）；按行业市盈率、市净率中位数得到的每股价值与DCF每股价值对照；缺少的数据逐条说明',
      answers: { 200: peValuationAnswer },
      errors: [422],
    }),
    (c) => {
      const { valuation, bundle, quote } = sectionInputs(c);
      const data = peValuationView(
        valuation,
        bundle.statements,
        bundle.year_end_quotes ?? [],
        bundle.industry_comparison ?? null,
        quote?.price ?? null,
      );
      return c.json({ success: true, data, message: '获取成功' });
    },
  );
